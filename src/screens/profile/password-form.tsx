import { useTranslation } from 'react-i18next';
import { useUpdateUser } from '@generated/api/users/users';
import { Button } from '../../components/ui/button';
import { Form } from '../../components/ui/form';
import { TextField } from '../../components/ui/text-field';
import { NewPasswordFields } from '../../components/ui/new-password-fields';
import { currentPasswordField, newPasswordBinding } from '../../components/ui/credential-fields';
import { useForm } from '../../lib/use-form';
import { showPopup } from '../../stores/popup-store';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };

/** Changing one's own password needs the current one (the server checks it). */
export function PasswordForm({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const updateUser = useUpdateUser();
  const form = useForm(EMPTY);

  const onSubmit = form.onSubmit(async (data) => {
    await updateUser.mutateAsync({ id: userId, data });
    form.reset();
    showPopup({ tone: 'success', title: t('auth.password_changed') });
  });

  return (
    <Form label={t('profile.password_title')} form={form} onSubmit={onSubmit}>
      <TextField
        label={t('fields.current_password')}
        {...currentPasswordField}
        {...form.field('current_password')}
      />
      <NewPasswordFields passwordLabel={t('fields.new_password')} {...newPasswordBinding(form)} />
      <Button type="submit" isPending={form.isSubmitting}>
        {t('profile.password_submit')}
      </Button>
    </Form>
  );
}
