import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCreateUser } from '@generated/api/users/users';
import { showToast } from '../../components/ui/toast';
import { paths } from '../../lib/paths';
import { UserForm } from './user-form';
import { userChanged } from '../../lib/cache-changes';
import { NarrowPage } from '../../components/ui/narrow-page';

export function UserCreateScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const createUser = useCreateUser();

  return (
    <NarrowPage title={t('users.create_title')}>
      <UserForm
        label={t('users.create_title')}
        submitLabel={t('users.create_submit')}
        onSubmit={async (values) => {
          await createUser.mutateAsync({ data: values });
          await userChanged(queryClient);
          showToast(t('users.created'));
          await navigate(paths.usersIndex);
        }}
      />
    </NarrowPage>
  );
}
