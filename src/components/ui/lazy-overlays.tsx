import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { usePopupStore } from '../../stores/popup-store';
import { toastQueue } from './toast-queue';

// Most pages never show a popup or a toast, and their dialog and toast-region code (react-aria
// overlays, focus scope, collections) weighed a fifth of /login's first load. Each is fetched
// when its first message comes, then stays mounted (so it can animate out).
const Popup = lazy(() => import('./popup').then((module) => ({ default: module.Popup })));
const Toasts = lazy(() => import('./toast').then((module) => ({ default: module.Toasts })));

/** True from the first time `now` is true on. */
function useOnceTrue(now: boolean): boolean {
  const [seen, setSeen] = useState(now);
  if (now && !seen) setSeen(true);
  return seen || now;
}

export function LazyPopup() {
  const needed = useOnceTrue(usePopupStore((state) => state.popup !== null));
  return needed ? (
    <Suspense fallback={null}>
      <Popup />
    </Suspense>
  ) : null;
}

const subscribe = (listener: () => void) => toastQueue.subscribe(listener);
const anyToast = () => toastQueue.visibleToasts.length > 0;

export function LazyToasts() {
  const needed = useOnceTrue(useSyncExternalStore(subscribe, anyToast, anyToast));
  return needed ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
