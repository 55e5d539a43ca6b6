import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { showToast } from '../ui/toast';

type DeleteButtonProps = {
  /** Accessible name, e.g. "Delete Pipes". */
  label: string;
  /** Said in a toast once the delete went through. */
  doneMessage: string;
  onDelete: () => Promise<void>;
  /** The confirm's question and text, when the generic "Are you sure?" says too little. */
  confirm?: { title: string; text: string; label: string };
};

/**
 * A row's delete in an admin list, with the docs/product.md#errors confirm; failures end in a
 * "Something went wrong" toast. The button is disabled while the delete runs.
 */
export function DeleteButton({ label, doneMessage, onDelete, confirm: texts }: DeleteButtonProps) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const [isPending, setPending] = useState(false);
  const close = useCallback(() => setOpen(false), []);

  const confirm = async () => {
    setOpen(false);
    setPending(true);
    try {
      await onDelete();
      showToast(doneMessage, 'success');
    } catch {
      showToast(t('errors.something_went_wrong'), 'error');
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Button variant="danger" onPress={() => setOpen(true)} isDisabled={isPending} aria-label={label}>
        {t('common.delete')}
      </Button>
      <ConfirmDialog
        isOpen={isOpen}
        title={texts?.title ?? t('confirm.title')}
        text={texts?.text ?? t('confirm.text')}
        confirmLabel={texts?.label ?? t('confirm.delete')}
        onConfirm={() => void confirm()}
        onCancel={close}
      />
    </>
  );
}
