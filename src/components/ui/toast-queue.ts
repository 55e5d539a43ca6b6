import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';

export type ToastTone = 'success' | 'error' | 'info';
export type ToastMessage = { title: string; tone: ToastTone };

/** docs/product.md#constants: toasts hide after 5 s. */
export const TOAST_TIMEOUT_MS = 5000;

/**
 * One queue for the app, so a toast raised just before navigating still shows. It sits apart
 * from the toast region so that pages can hold it without the region's code (see lazy-overlays).
 */
export const toastQueue = new ToastQueue<ToastMessage>({ maxVisibleToasts: 4 });

export function showToast(title: string, tone: ToastTone = 'success'): void {
  toastQueue.add({ title, tone }, { timeout: TOAST_TIMEOUT_MS });
}
