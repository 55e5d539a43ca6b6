import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useConfirmTwoFactor } from '@generated/api/auth/auth';
import type { TwoFactorSetupData } from '@generated/model';
import { Button } from '../../components/ui/button';
import { Form } from '../../components/ui/form';
import { TextField } from '../../components/ui/text-field';
import { currentPasswordField, oneTimeCodeField } from '../../components/ui/credential-fields';
import { refreshSession } from '../../lib/session';
import { useForm } from '../../lib/use-form';
import { QrCode } from './qr-code';

type TwoFactorConfirmFormProps = {
  setup: TwoFactorSetupData;
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel: () => void;
};

export function TwoFactorConfirmForm({ setup, onConfirmed, onCancel }: TwoFactorConfirmFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirmTwoFactor = useConfirmTwoFactor();
  const form = useForm({ code: '', password: '' });

  const onSubmit = form.onSubmit(async ({ code, password }) => {
    const result = await confirmTwoFactor.mutateAsync({ data: { code: code.trim(), password } });
    onConfirmed(result.data.recovery_codes);
    await refreshSession(queryClient);
  });

  return (
    <div className="two-factor-setup">
      <p>{t('profile.two_factor_scan')}</p>
      <QrCode text={setup.otpauth_url} label={t('profile.two_factor_qr_label')} />
      <p>
        {t('profile.two_factor_secret')} <code className="secret">{setup.secret}</code>
      </p>
      <Form label={t('profile.two_factor_confirm_title')} form={form} onSubmit={onSubmit}>
        <TextField label={t('fields.code')} {...oneTimeCodeField} isRequired {...form.field('code')} />
        <TextField
          label={t('fields.current_password')}
          {...currentPasswordField}
          {...form.field('password')}
        />
        <div className="form-actions">
          <Button type="submit" isPending={form.isSubmitting}>
            {t('profile.two_factor_confirm')}
          </Button>
          <Button variant="secondary" onPress={onCancel}>
            {t('common.cancel')}
          </Button>
        </div>
      </Form>
    </div>
  );
}
