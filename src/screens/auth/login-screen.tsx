import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useGetAuthProviders, useLogin } from '@generated/api/auth/auth';
import { PlainButton } from '../../components/ui/plain-button';
import { PlainCheckbox } from '../../components/ui/plain-checkbox';
import { FormAlert } from '../../components/ui/form-alert';
import { PlainForm } from '../../components/ui/plain-form';
import { PlainEmailField } from '../../components/ui/plain-email-field';
import { PlainTextField } from '../../components/ui/plain-text-field';
import { currentPasswordField, oneTimeCodeField } from '../../components/ui/credential-fields';
import { encodeBase64 } from '../../lib/base64';
import { httpStatus } from '../../lib/http-error';
import { paths } from '../../lib/paths';
import { useForm } from '../../lib/use-form';
import { AuthCard, AuthLinks } from './auth-layout';
import { rememberPendingPassword } from './pending-login';
import { SingleSignOn, SsoErrorMessage } from './single-sign-on';
import { useCompleteSignIn } from './use-complete-sign-in';

export function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLogin();
  const completeSignIn = useCompleteSignIn();
  const form = useForm({ email: '', password: '', remember: false, code: '' });

  const [unconfirmed, setUnconfirmed] = useState(false);
  const [searchParams] = useSearchParams();
  const options = useGetAuthProviders({ query: { staleTime: 60_000, retry: false } });
  // Until the server says otherwise (or if it cannot say), the password form shows.
  const passwordLogin = options.data?.password_login !== false;

  const onSubmit = form.onSubmit(async ({ email, password, remember, code }) => {
    setUnconfirmed(false);
    let result;
    try {
      result = await login.mutateAsync({
        data: { email, password, remember, ...(code.trim() ? { code: code.trim() } : {}) },
      });
    } catch (error) {
      // 403: the right password, but a registration whose address is not confirmed yet.
      if (httpStatus(error) !== 403) throw error;
      setUnconfirmed(true);
      return;
    }
    if (result.next_step === 'home') {
      await completeSignIn();
      return;
    }
    rememberPendingPassword(password);
    const query = new URLSearchParams({ email: encodeBase64(email), remember: remember ? '1' : '0' });
    await navigate(`${paths.twoFactor}?${query.toString()}`);
  });

  return (
    <AuthCard title={t('auth.login_title')} intro={t('auth.login_intro')}>
      <SsoErrorMessage code={searchParams.get('sso_error')} />
      <SingleSignOn
        providers={options.data?.providers ?? []}
        passwordLogin={passwordLogin}
        onMockSignIn={completeSignIn}
      />
      {unconfirmed ? <FormAlert>{t('accounts.email_unverified')}</FormAlert> : null}
      {passwordLogin ? (
        <PlainForm label={t('auth.login_title')} form={form} onSubmit={onSubmit}>
          <PlainEmailField autoComplete="username" {...form.field('email')} />
          <PlainTextField
            label={t('fields.password')}
            {...currentPasswordField}
            {...form.field('password')}
          />
          <PlainTextField label={t('fields.code_optional')} {...oneTimeCodeField} {...form.field('code')} />
          <PlainCheckbox
            label={t('fields.remember')}
            name="remember"
            isSelected={form.values.remember}
            onChange={form.setter('remember')}
          />
          <PlainButton type="submit" isPending={form.isSubmitting} className="btn-block">
            {t('auth.login_submit')}
          </PlainButton>
        </PlainForm>
      ) : null}
      <AuthLinks>
        <Link to={paths.forgotPassword}>{t('auth.forgot_link')}</Link>
        <Link to={paths.register}>{t('auth.register_link')}</Link>
      </AuthLinks>
    </AuthCard>
  );
}
