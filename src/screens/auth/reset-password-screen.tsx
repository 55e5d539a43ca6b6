import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useResetPassword } from '../../../generated/api/auth/auth';
import { Button } from '../../components/ui/button';
import { Form } from '../../components/ui/form';
import { TextField } from '../../components/ui/text-field';
import { NewPasswordFields } from '../../components/ui/new-password-fields';
import { paths } from '../../lib/paths';
import { useFormSubmission } from '../../lib/use-form-submission';
import { emailValidator } from '../../lib/validators';
import { showPopup } from '../../stores/popup-store';
import { AuthCard } from './auth-layout';

/** The mailed link: `/reset-password?token=&email=` (docs/decisions.md#password-reset). */
export function ResetPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const resetPassword = useResetPassword();
  const { errors, failure, isSubmitting, submit } = useFormSubmission();
  const [form, setForm] = useState({
    email: params.get('email') ?? '',
    password: '',
    password_confirmation: '',
  });
  const set = (field: keyof typeof form) => (value: string) => setForm((old) => ({ ...old, [field]: value }));

  const onSubmit = () =>
    submit(async () => {
      await resetPassword.mutateAsync({ data: { ...form, token } });
      showPopup({ tone: 'success', title: t('auth.password_changed') });
      await navigate(paths.login);
    });

  return (
    <AuthCard title={t('auth.reset_title')}>
      {token === '' ? (
        <p role="alert" className="form-failure">
          {t('auth.reset_missing_token')}
        </p>
      ) : null}
      <Form label={t('auth.reset_title')} errors={errors} failure={failure} onSubmit={onSubmit}>
        {errors.token ? (
          <p role="alert" className="form-failure">
            {errors.token.join(' ')}
          </p>
        ) : null}
        <TextField
          label={t('fields.email')}
          name="email"
          type="email"
          autoComplete="email"
          isRequired
          value={form.email}
          onChange={set('email')}
          validate={emailValidator(t)}
        />
        <NewPasswordFields
          passwordLabel={t('fields.new_password')}
          password={form.password}
          confirmation={form.password_confirmation}
          onPasswordChange={set('password')}
          onConfirmationChange={set('password_confirmation')}
        />
        <Button type="submit" isPending={isSubmitting} isDisabled={token === ''} className="btn-block">
          {t('auth.reset_submit')}
        </Button>
      </Form>
      <nav className="auth-links" aria-label={t('auth.more_options')}>
        <Link to={paths.login}>{t('auth.back_to_login')}</Link>
      </nav>
    </AuthCard>
  );
}
