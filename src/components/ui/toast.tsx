import {
  Button,
  Text,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';

export type ToastTone = 'success' | 'error' | 'info';
export type ToastMessage = { title: string; tone: ToastTone };

/** SPEC §9: toasts hide after 5 s. */
export const TOAST_TIMEOUT_MS = 5000;

/** One queue for the app, so a toast raised just before navigating still shows. */
export const toastQueue = new ToastQueue<ToastMessage>({ maxVisibleToasts: 4 });

export function showToast(title: string, tone: ToastTone = 'success'): void {
  toastQueue.add({ title, tone }, { timeout: TOAST_TIMEOUT_MS });
}

export function Toasts() {
  const { t } = useTranslation();
  return (
    <ToastRegion queue={toastQueue} className="toast-region" aria-label={t('toast.region')}>
      {({ toast }) => (
        <AriaToast toast={toast} className={`toast toast-${toast.content.tone}`}>
          <ToastContent className="toast-content">
            <Text slot="title">{toast.content.title}</Text>
          </ToastContent>
          <Button slot="close" className="toast-close" aria-label={t('common.close')}>
            ×
          </Button>
        </AriaToast>
      )}
    </ToastRegion>
  );
}
