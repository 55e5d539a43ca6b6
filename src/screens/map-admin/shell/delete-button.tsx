import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { showToast } from '@/components/ui/toast';

type DeleteButtonProps = {
  /** Accessible name, e.g. "Delete Pipes". */
  label: string;
  /** Said in a toast once the delete went through. */
  doneMessage: string;
  onDelete: () => Promise<void>;
};

/** Delete with the docs/product.md#errors confirm; failures end in a "Something went wrong" toast. */
export function DeleteButton({ label, doneMessage, onDelete }: DeleteButtonProps) {
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
        title={t('confirm.title')}
        text={t('confirm.text')}
        confirmLabel={t('confirm.delete')}
        onConfirm={() => void confirm()}
        onCancel={close}
      />
    </>
  );
}
