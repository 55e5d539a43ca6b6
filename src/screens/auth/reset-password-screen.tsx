import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useResetPassword } from '@generated/api/auth/auth';
import { PlainButton } from '../../components/ui/plain-button';
import { FormAlert } from '../../components/ui/form-alert';
import { PlainForm } from '../../components/ui/plain-form';
import { PlainEmailField } from '../../components/ui/plain-email-field';
import { NewPasswordFields } from '../../components/ui/new-password-fields';
import { newPasswordBinding } from '../../components/ui/credential-fields';
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
      <PlainForm label={t('auth.reset_title')} form={form} onSubmit={onSubmit}>
        {form.errors.token ? <FormAlert>{form.errors.token.join(' ')}</FormAlert> : null}
        <PlainEmailField autoComplete="email" {...form.field('email')} />
        <NewPasswordFields passwordLabel={t('fields.new_password')} {...newPasswordBinding(form)} />
        <PlainButton
          type="submit"
          isPending={form.isSubmitting}
          isDisabled={token === ''}
          className="btn-block"
        >
          {t('auth.reset_submit')}
        </PlainButton>
      </PlainForm>
      <BackToLogin />
    </AuthCard>
  );
}
