import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useRegister } from '../../../generated/api/auth/auth';
import { Button } from '../../components/ui/button';
import { Form } from '../../components/ui/form';
import { TextField } from '../../components/ui/text-field';
import { NewPasswordFields } from '../../components/ui/new-password-fields';
import { httpStatus } from '../../lib/http-error';
import { paths } from '../../lib/paths';
import { useFormSubmission } from '../../lib/use-form-submission';
import { emailValidator } from '../../lib/validators';
import { showPopup } from '../../stores/popup-store';
import { AuthCard } from './auth-layout';

export function RegisterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const register = useRegister();
  const { errors, failure, isSubmitting, submit } = useFormSubmission();
  const [form, setForm] = useState({ name: '', email: '', password: '', password_confirmation: '' });
  const set = (field: keyof typeof form) => (value: string) => setForm((old) => ({ ...old, [field]: value }));

  const [closed, setClosed] = useState(false);

  const onSubmit = () =>
    submit(async () => {
      setClosed(false);
      try {
        await register.mutateAsync({ data: form });
      } catch (error) {
        // 403: REGISTRATION=closed on this server; said in words, not as a generic failure.
        if (httpStatus(error) !== 403) throw error;
        setClosed(true);
        return;
      }
      showPopup({ tone: 'success', title: t('accounts.registered_check_mail') });
      await navigate(paths.login);
    });

  return (
    <AuthCard title={t('auth.register_title')}>
      {closed ? (
        <p role="alert" className="form-failure">
          {t('accounts.registration_closed')}
        </p>
      ) : null}
      <Form label={t('auth.register_title')} errors={errors} failure={failure} onSubmit={onSubmit}>
        <TextField
          label={t('fields.name')}
          name="name"
          autoComplete="name"
          isRequired
          value={form.name}
          onChange={set('name')}
        />
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
          password={form.password}
          confirmation={form.password_confirmation}
          onPasswordChange={set('password')}
          onConfirmationChange={set('password_confirmation')}
        />
        <Button type="submit" isPending={isSubmitting} className="btn-block">
          {t('auth.register_submit')}
        </Button>
      </Form>
      <nav className="auth-links" aria-label={t('auth.more_options')}>
        <Link to={paths.login}>{t('auth.have_account_link')}</Link>
      </nav>
    </AuthCard>
  );
}
