import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useGetUser, useUpdateUser } from '@generated/api/users/users';
import type { UserUpdate } from '@generated/model';
import { LoadError, Loading } from '../../components/ui/status';
import { paths } from '../../lib/paths';
import { showToast } from '../../components/ui/toast';
import { UserForm } from './user-form';
import { userChanged } from '../../lib/cache-changes';
import { NarrowPage } from '../../components/ui/narrow-page';

export function UserEditScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0;
  const user = useGetUser(id, { query: { enabled: validId } });
  const updateUser = useUpdateUser();

  useEffect(() => {
    // docs/product.md#errors: a failed fetch is only logged; the screen says it could not load.
    if (user.error) console.error('Loading user failed', user.error);
  }, [user.error]);

  return (
    <NarrowPage title={t('users.edit_title')}>
      {!validId ? (
        <LoadError message={t('users.not_found')} />
      ) : user.isPending ? (
        <Loading />
      ) : user.isError ? (
        <LoadError />
      ) : (
        <UserForm
          key={user.data.data.id}
          label={t('users.edit_title')}
          user={user.data.data}
          passwordOptional
          submitLabel={t('common.save')}
          onSubmit={async ({ password, password_confirmation, ...rest }) => {
            const data: UserUpdate = password ? { ...rest, password, password_confirmation } : rest;
            await updateUser.mutateAsync({ id, data });
            await userChanged(queryClient, id);
            showToast(t('users.updated'));
            await navigate(paths.usersIndex);
          }}
        />
      )}
    </NarrowPage>
  );
}
