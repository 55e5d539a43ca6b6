import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForgetPassword } from '@generated/api/auth/auth';
import { PlainButton } from '../../components/ui/plain-button';
import { PlainForm } from '../../components/ui/plain-form';
import { PlainEmailField } from '../../components/ui/plain-email-field';
import { useForm } from '../../lib/use-form';
import { showPopup } from '../../stores/popup-store';
import { AuthCard, BackToLogin } from './auth-layout';

export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const forgetPassword = useForgetPassword();
  const form = useForm({ email: '' });
  const [sent, setSent] = useState(false);

  const onSubmit = form.onSubmit(async (data) => {
    setSent(false);
    await forgetPassword.mutateAsync({ data });
    // The server answers the same whether or not the account exists (docs/decisions.md#password-reset).
    showPopup({ tone: 'success', title: t('auth.reset_link_sent') });
    setSent(true);
  });

  return (
    <AuthCard title={t('auth.forgot_title')} intro={t('auth.forgot_intro')}>
      {sent ? (
        <p role="status" className="form-success">
          {t('auth.reset_link_sent')}
        </p>
      ) : null}
      <PlainForm label={t('auth.forgot_title')} form={form} onSubmit={onSubmit}>
        <PlainEmailField autoComplete="email" {...form.field('email')} />
        <PlainButton type="submit" isPending={form.isSubmitting} className="btn-block">
          {t('auth.forgot_submit')}
        </PlainButton>
      </PlainForm>
      <BackToLogin />
    </AuthCard>
  );
}
