import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDisableTwoFactor } from '../../../generated/api/auth/auth';
import { Button } from '../../components/ui/button';
import { Form } from '../../components/ui/form';
import { showToast } from '../../components/ui/toast';
import { TextField } from '../../components/ui/text-field';
import { refreshSession } from '../../lib/session';
import { useFormSubmission } from '../../lib/use-form-submission';

export function TwoFactorDisableForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const disableTwoFactor = useDisableTwoFactor();
  const { errors, failure, isSubmitting, submit } = useFormSubmission();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');

  const onSubmit = () =>
    submit(async () => {
      await disableTwoFactor.mutateAsync({ data: { code: code.trim(), password } });
      await refreshSession(queryClient);
      showToast(t('profile.two_factor_disabled'));
    });

  return (
    <Form label={t('profile.two_factor_disable_title')} errors={errors} failure={failure} onSubmit={onSubmit}>
      <TextField
        label={t('fields.current_password')}
        name="password"
        type="password"
        autoComplete="current-password"
        isRequired
        value={password}
        onChange={setPassword}
      />
      <TextField
        label={t('fields.code')}
        name="code"
        autoComplete="one-time-code"
        isRequired
        value={code}
        onChange={setCode}
      />
      <Button type="submit" variant="danger" isPending={isSubmitting}>
        {t('profile.two_factor_disable')}
      </Button>
    </Form>
  );
}
