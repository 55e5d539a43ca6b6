import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLoginTwoFactor } from '@generated/api/auth/auth';
import { PlainButton } from '../../components/ui/plain-button';
import { FormAlert } from '../../components/ui/form-alert';
import { PlainForm } from '../../components/ui/plain-form';
import { PlainTextField } from '../../components/ui/plain-text-field';
import { currentPasswordField } from '../../components/ui/credential-fields';
import { decodeBase64 } from '../../lib/base64';
import { paths } from '../../lib/paths';
import { useForm } from '../../lib/use-form';
import { AuthCard, BackToLogin } from './auth-layout';
import { pendingPasswordValue } from './pending-login';
import { useCompleteSignIn } from './use-complete-sign-in';

/** Second sign-in step: `/2fa?email=<base64>&remember=<0|1>` (docs/product.md#routes, docs/decisions.md#two-step-sign-in). */
export function TwoFactorScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const email = decodeBase64(params.get('email') ?? '');
  const remember = params.get('remember') === '1';
  // Read once: the password from the login screen, if this page was not reloaded.
  const [knownPassword] = useState(pendingPasswordValue);
  const form = useForm({ password: '', code: '' });
  const loginTwoFactor = useLoginTwoFactor();
  const completeSignIn = useCompleteSignIn();

  if (!email) {
    return (
      <AuthCard title={t('auth.two_factor_title')}>
        <FormAlert>{t('auth.two_factor_bad_link')}</FormAlert>
        <Link to={paths.login}>{t('auth.back_to_login')}</Link>
      </AuthCard>
    );
  }

  const onSubmit = form.onSubmit(async ({ password, code }) => {
    await loginTwoFactor.mutateAsync({
      data: { email, password: knownPassword ?? password, remember, code: code.trim() },
    });
    await completeSignIn();
  });

  return (
    <AuthCard title={t('auth.two_factor_title')} intro={t('auth.two_factor_intro', { email })}>
      <PlainForm label={t('auth.two_factor_title')} form={form} onSubmit={onSubmit}>
        {form.errors.email ? <FormAlert>{form.errors.email.join(' ')}</FormAlert> : null}
        {knownPassword === null ? (
          <PlainTextField
            label={t('fields.password')}
            {...currentPasswordField}
            {...form.field('password')}
          />
        ) : null}
        <PlainTextField
          label={t('fields.code')}
          description={t('auth.two_factor_code_help')}
          autoComplete="one-time-code"
          isRequired
          autoFocus
          {...form.field('code')}
        />
        <PlainButton type="submit" isPending={form.isSubmitting} className="btn-block">
          {t('auth.two_factor_submit')}
        </PlainButton>
      </PlainForm>
      <BackToLogin />
    </AuthCard>
  );
}
