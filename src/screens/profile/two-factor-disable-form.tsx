import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDisableTwoFactor } from '@generated/api/auth/auth';
import { Button } from '../../components/ui/button';
import { Form } from '../../components/ui/form';
import { showToast } from '../../components/ui/toast';
import { TextField } from '../../components/ui/text-field';
import { currentPasswordField } from '../../components/ui/credential-fields';
import { refreshSession } from '../../lib/session';
import { useForm } from '../../lib/use-form';

export function TwoFactorDisableForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const disableTwoFactor = useDisableTwoFactor();
  const form = useForm({ password: '', code: '' });

  const onSubmit = form.onSubmit(async ({ code, password }) => {
    await disableTwoFactor.mutateAsync({ data: { code: code.trim(), password } });
    await refreshSession(queryClient);
    showToast(t('profile.two_factor_disabled'));
  });

  return (
    <Form label={t('profile.two_factor_disable_title')} form={form} onSubmit={onSubmit}>
      <TextField label={t('fields.current_password')} {...currentPasswordField} {...form.field('password')} />
      <TextField label={t('fields.code')} autoComplete="one-time-code" isRequired {...form.field('code')} />
      <Button type="submit" variant="danger" isPending={form.isSubmitting}>
        {t('profile.two_factor_disable')}
      </Button>
    </Form>
  );
}
