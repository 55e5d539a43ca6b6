import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useRegister } from '@generated/api/auth/auth';
import { Button } from '../../components/ui/button';
import { Form, FormAlert } from '../../components/ui/form';
import { EmailField } from '../../components/ui/email-field';
import { TextField } from '../../components/ui/text-field';
import { NewPasswordFields } from '../../components/ui/new-password-fields';
import { httpStatus } from '../../lib/http-error';
import { paths } from '../../lib/paths';
import { useForm } from '../../lib/use-form';
import { showPopup } from '../../stores/popup-store';
import { AuthCard, AuthLinks } from './auth-layout';

export function RegisterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const register = useRegister();
  const form = useForm({ name: '', email: '', password: '', password_confirmation: '' });
  const [closed, setClosed] = useState(false);

  const onSubmit = form.onSubmit(async (data) => {
    setClosed(false);
    try {
      await register.mutateAsync({ data });
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
      {closed ? <FormAlert>{t('accounts.registration_closed')}</FormAlert> : null}
      <Form label={t('auth.register_title')} form={form} onSubmit={onSubmit}>
        <TextField label={t('fields.name')} autoComplete="name" isRequired {...form.field('name')} />
        <EmailField autoComplete="email" {...form.field('email')} />
        <NewPasswordFields
          password={form.values.password}
          confirmation={form.values.password_confirmation}
          onPasswordChange={form.setter('password')}
          onConfirmationChange={form.setter('password_confirmation')}
        />
        <Button type="submit" isPending={form.isSubmitting} className="btn-block">
          {t('auth.register_submit')}
        </Button>
      </Form>
      <AuthLinks>
        <Link to={paths.login}>{t('auth.have_account_link')}</Link>
      </AuthLinks>
    </AuthCard>
  );
}
