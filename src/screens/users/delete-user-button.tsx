import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeleteUser } from '@generated/api/users/users';
import type { User } from '@generated/model';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { showToast } from '../../components/ui/toast';
import { paths } from '../../lib/paths';
import { userChanged } from '../../lib/cache-changes';

/** Delete with the confirm of docs/product.md#errors; afterwards the list reloads and a toast says how it went. */
export function DeleteUserButton({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const deleteUser = useDeleteUser();
  const [isOpen, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);

  const confirm = () => {
    setOpen(false);
    deleteUser.mutate(
      { id: user.id },
      {
        onSuccess: async () => {
          await userChanged(queryClient);
          await navigate(paths.usersIndex);
          showToast(t('users.deleted'), 'success');
        },
        onError: () => showToast(t('errors.something_went_wrong'), 'error'),
      },
    );
  };

  return (
    <>
      <Button
        variant="danger"
        onPress={() => setOpen(true)}
        isDisabled={deleteUser.isPending}
        aria-label={t('users.delete_user', { name: user.name })}
      >
        {t('common.delete')}
      </Button>
      <ConfirmDialog
        isOpen={isOpen}
        title={t('confirm.title')}
        text={t('confirm.text')}
        confirmLabel={t('confirm.delete')}
        onConfirm={confirm}
        onCancel={close}
      />
    </>
  );
}
