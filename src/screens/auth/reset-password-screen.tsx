import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useResetPassword } from '@generated/api/auth/auth';
import { Button } from '../../components/ui/button';
import { Form, FormAlert } from '../../components/ui/form';
import { EmailField } from '../../components/ui/email-field';
import { NewPasswordFields } from '../../components/ui/new-password-fields';
import { paths } from '../../lib/paths';
import { useForm } from '../../lib/use-form';
import { showPopup } from '../../stores/popup-store';
import { AuthCard, BackToLogin } from './auth-layout';

/** The mailed link: `/reset-password?token=&email=` (docs/decisions.md#password-reset). */
export function ResetPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const resetPassword = useResetPassword();
  const form = useForm(() => ({ email: params.get('email') ?? '', password: '', password_confirmation: '' }));

  const onSubmit = form.onSubmit(async (values) => {
    await resetPassword.mutateAsync({ data: { ...values, token } });
    showPopup({ tone: 'success', title: t('auth.password_changed') });
    await navigate(paths.login);
  });

  return (
    <AuthCard title={t('auth.reset_title')}>
      {token === '' ? <FormAlert>{t('auth.reset_missing_token')}</FormAlert> : null}
      <Form label={t('auth.reset_title')} form={form} onSubmit={onSubmit}>
        {form.errors.token ? <FormAlert>{form.errors.token.join(' ')}</FormAlert> : null}
        <EmailField autoComplete="email" {...form.field('email')} />
        <NewPasswordFields
          passwordLabel={t('fields.new_password')}
          password={form.values.password}
          confirmation={form.values.password_confirmation}
          onPasswordChange={form.setter('password')}
          onConfirmationChange={form.setter('password_confirmation')}
        />
        <Button type="submit" isPending={form.isSubmitting} isDisabled={token === ''} className="btn-block">
          {t('auth.reset_submit')}
        </Button>
      </Form>
      <BackToLogin />
    </AuthCard>
  );
}
