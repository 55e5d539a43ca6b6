import { useSyncExternalStore } from 'react';

/** docs/product.md#constants: lg starts at 1280 px; below it panels are sheets over a full-screen map. */
const WIDE = '(min-width: 1280px)';

/** Without media queries (a test DOM) the screen counts as wide. */
const wideNow = () => (typeof window.matchMedia === 'function' ? window.matchMedia(WIDE).matches : true);

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the window is at least lg wide, following resizes. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, wideNow, () => true);
}
