import { useEffect } from 'react';
import { Dialog, Heading } from 'react-aria-components';
import { DismissableModal } from './dismissable-modal';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

type ConfirmDialogProps = {
  isOpen: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The dialog gives up on its own after this long, as if cancelled (docs/product.md#errors: 20 s). */
  timeoutMs?: number;
  isPending?: boolean;
};

export const CONFIRM_TIMEOUT_MS = 20_000;

/** "Are you sure?" before something that cannot be undone. */
export function ConfirmDialog({
  isOpen,
  title,
  text,
  confirmLabel,
  onConfirm,
  onCancel,
  timeoutMs = CONFIRM_TIMEOUT_MS,
  isPending = false,
}: ConfirmDialogProps) {
  const { t } = useTranslation();

  useEffect(() => {
    if (!isOpen) return;
    const timer = setTimeout(onCancel, timeoutMs);
    return () => clearTimeout(timer);
  }, [isOpen, onCancel, timeoutMs]);

  return (
    <DismissableModal isOpen={isOpen} onClose={onCancel}>
      <Dialog role="alertdialog" className="dialog">
        <span className="dialog-icon dialog-icon-warning" aria-hidden="true">
          !
        </span>
        <Heading slot="title" className="dialog-title">
          {title}
        </Heading>
        <p className="dialog-text">{text}</p>
        <div className="dialog-actions">
          <Button variant="danger" onPress={onConfirm} isDisabled={isPending}>
            {confirmLabel}
          </Button>
          <Button variant="secondary" onPress={onCancel}>
            {t('common.cancel')}
          </Button>
        </div>
      </Dialog>
    </DismissableModal>
  );
}
