import {
  Button,
  Text,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { toastQueue } from './toast-queue';

export { showToast, TOAST_TIMEOUT_MS, toastQueue, type ToastMessage, type ToastTone } from './toast-queue';

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
