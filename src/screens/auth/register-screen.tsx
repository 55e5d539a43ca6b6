import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useRegister } from '@generated/api/auth/auth';
import { PlainButton } from '../../components/ui/plain-button';
import { FormAlert } from '../../components/ui/form-alert';
import { PlainForm } from '../../components/ui/plain-form';
import { PlainEmailField } from '../../components/ui/plain-email-field';
import { PlainTextField } from '../../components/ui/plain-text-field';
import { NewPasswordFields } from '../../components/ui/new-password-fields';
import { newPasswordBinding } from '../../components/ui/credential-fields';
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
      <PlainForm label={t('auth.register_title')} form={form} onSubmit={onSubmit}>
        <PlainTextField label={t('fields.name')} autoComplete="name" isRequired {...form.field('name')} />
        <PlainEmailField autoComplete="email" {...form.field('email')} />
        <NewPasswordFields {...newPasswordBinding(form)} />
        <PlainButton type="submit" isPending={form.isSubmitting} className="btn-block">
          {t('auth.register_submit')}
        </PlainButton>
      </PlainForm>
      <AuthLinks>
        <Link to={paths.login}>{t('auth.have_account_link')}</Link>
      </AuthLinks>
    </AuthCard>
  );
}
