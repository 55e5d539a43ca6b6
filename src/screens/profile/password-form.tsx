import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateUser } from '../../../generated/api/users/users';
import { Button } from '../../components/ui/button';
import { Form } from '../../components/ui/form';
import { TextField } from '../../components/ui/text-field';
import { NewPasswordFields } from '../../components/ui/new-password-fields';
import { useFormSubmission } from '../../lib/use-form-submission';
import { showPopup } from '../../stores/popup-store';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };

/** Changing one's own password needs the current one (the server checks it). */
export function PasswordForm({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const updateUser = useUpdateUser();
  const { errors, failure, isSubmitting, submit } = useFormSubmission();
  const [form, setForm] = useState(EMPTY);
  const set = (field: keyof typeof EMPTY) => (value: string) =>
    setForm((old) => ({ ...old, [field]: value }));

  const onSubmit = () =>
    submit(async () => {
      await updateUser.mutateAsync({ id: userId, data: form });
      setForm(EMPTY);
      showPopup({ tone: 'success', title: t('auth.password_changed') });
    });

  return (
    <Form label={t('profile.password_title')} errors={errors} failure={failure} onSubmit={onSubmit}>
      <TextField
        label={t('fields.current_password')}
        name="current_password"
        type="password"
        autoComplete="current-password"
        isRequired
        value={form.current_password}
        onChange={set('current_password')}
      />
      <NewPasswordFields
        passwordLabel={t('fields.new_password')}
        password={form.password}
        confirmation={form.password_confirmation}
        onPasswordChange={set('password')}
        onConfirmationChange={set('password_confirmation')}
      />
      <Button type="submit" isPending={isSubmitting}>
        {t('profile.password_submit')}
      </Button>
    </Form>
  );
}
