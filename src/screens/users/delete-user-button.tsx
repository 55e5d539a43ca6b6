import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeleteUser } from '@generated/api/users/users';
import type { User } from '@generated/model';
import { DeleteButton } from '../../components/admin-list/delete-button';
import { paths } from '../../lib/paths';
import { userChanged } from '../../lib/cache-changes';

/** Delete with the confirm of docs/product.md#errors; afterwards the list reloads and a toast says how it went. */
export function DeleteUserButton({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const deleteUser = useDeleteUser();
  return (
    <DeleteButton
      label={t('users.delete_user', { name: user.name })}
      doneMessage={t('users.deleted')}
      onDelete={async () => {
        await deleteUser.mutateAsync({ id: user.id });
        await userChanged(queryClient);
        await navigate(paths.usersIndex);
      }}
    />
  );
}
