import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLoginTwoFactor } from '../../../generated/api/auth/auth';
import { Button } from '../../components/ui/button';
import { Form } from '../../components/ui/form';
import { TextField } from '../../components/ui/text-field';
import { decodeBase64 } from '../../lib/base64';
import { paths } from '../../lib/paths';
import { useFormSubmission } from '../../lib/use-form-submission';
import { AuthCard } from './auth-layout';
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
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const loginTwoFactor = useLoginTwoFactor();
  const completeSignIn = useCompleteSignIn();
  const { errors, failure, isSubmitting, submit } = useFormSubmission();

  if (!email) {
    return (
      <AuthCard title={t('auth.two_factor_title')}>
        <p role="alert" className="form-failure">
          {t('auth.two_factor_bad_link')}
        </p>
        <Link to={paths.login}>{t('auth.back_to_login')}</Link>
      </AuthCard>
    );
  }

  const onSubmit = () =>
    submit(async () => {
      await loginTwoFactor.mutateAsync({
        data: { email, password: knownPassword ?? password, remember, code: code.trim() },
      });
      await completeSignIn();
    });

  return (
    <AuthCard title={t('auth.two_factor_title')} intro={t('auth.two_factor_intro', { email })}>
      <Form label={t('auth.two_factor_title')} errors={errors} failure={failure} onSubmit={onSubmit}>
        {errors.email ? (
          <p role="alert" className="form-failure">
            {errors.email.join(' ')}
          </p>
        ) : null}
        {knownPassword === null ? (
          <TextField
            label={t('fields.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            isRequired
            value={password}
            onChange={setPassword}
          />
        ) : null}
        <TextField
          label={t('fields.code')}
          description={t('auth.two_factor_code_help')}
          name="code"
          autoComplete="one-time-code"
          isRequired
          autoFocus
          value={code}
          onChange={setCode}
        />
        <Button type="submit" isPending={isSubmitting} className="btn-block">
          {t('auth.two_factor_submit')}
        </Button>
      </Form>
      <nav className="auth-links" aria-label={t('auth.more_options')}>
        <Link to={paths.login}>{t('auth.back_to_login')}</Link>
      </nav>
    </AuthCard>
  );
}
