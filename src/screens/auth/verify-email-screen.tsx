import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useVerifyEmail } from '@generated/api/auth/auth';
import { PlainButton } from '../../components/ui/plain-button';
import { PlainForm } from '../../components/ui/plain-form';
import { paths } from '../../lib/paths';
import { useFormSubmission } from '../../lib/use-form-submission';
import { showPopup } from '../../stores/popup-store';
import { AuthCard } from './auth-layout';

/**
 * The mailed link after registration: `/verify-email?token=&email=`. Confirming takes a click,
 * so a mail scanner that merely opens the link confirms nothing.
 */
export function VerifyEmailScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const verifyEmail = useVerifyEmail();
  const { errors, failure, isSubmitting, submit } = useFormSubmission();
  const incomplete = token === '' || email === '';

  const onSubmit = () =>
    submit(async () => {
      await verifyEmail.mutateAsync({ data: { email, token } });
      showPopup({ tone: 'success', title: t('accounts.verified') });
      await navigate(paths.login);
    });

  return (
    <AuthCard
      title={t('accounts.verify_title')}
      intro={incomplete ? undefined : t('accounts.verify_intro', { email })}
    >
      {incomplete ? (
        <p role="alert" className="form-failure">
          {t('accounts.verify_missing_token')}
        </p>
      ) : null}
      <PlainForm label={t('accounts.verify_title')} errors={errors} failure={failure} onSubmit={onSubmit}>
        {errors.token || errors.email ? (
          <p role="alert" className="form-failure">
            {[...(errors.token ?? []), ...(errors.email ?? [])].join(' ')}
          </p>
        ) : null}
        <PlainButton type="submit" isPending={isSubmitting} isDisabled={incomplete} className="btn-block">
          {t('accounts.verify_submit')}
        </PlainButton>
      </PlainForm>
      <nav className="auth-links" aria-label={t('auth.more_options')}>
        <Link to={paths.login}>{t('auth.back_to_login')}</Link>
      </nav>
    </AuthCard>
  );
}
