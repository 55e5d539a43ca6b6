import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStartTwoFactor } from '@generated/api/auth/auth';
import type { TwoFactorSetupData } from '@generated/model';
import { Button } from '../../components/ui/button';
import { showToast } from '../../components/ui/toast';
import { RecoveryCodesList } from './recovery-codes-list';
import { TwoFactorConfirmForm } from './two-factor-confirm-form';
import { TwoFactorDisableForm } from './two-factor-disable-form';

/**
 * Enable (start → scan the QR code → confirm with code and password → recovery
 * codes shown once) or disable the second sign-in step.
 */
export function TwoFactorSection({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const startTwoFactor = useStartTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetupData | null>(null);
  // Kept here, not derived from the user: the refreshed user says "enabled" at
  // the same moment these must still be on screen.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (recoveryCodes) return <RecoveryCodesList codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;

  if (enabled) {
    return (
      <>
        <p className="status-badge status-badge-on">{t('profile.two_factor_on')}</p>
        <TwoFactorDisableForm />
      </>
    );
  }

  if (setup) {
    return (
      <TwoFactorConfirmForm
        setup={setup}
        onConfirmed={(codes) => {
          setSetup(null);
          setRecoveryCodes(codes);
        }}
        onCancel={() => setSetup(null)}
      />
    );
  }

  return (
    <>
      <p>{t('profile.two_factor_off')}</p>
      <Button
        isPending={startTwoFactor.isPending}
        onPress={() =>
          startTwoFactor.mutate(
            { data: {} },
            {
              onSuccess: (result) => setSetup(result.data),
              onError: () => showToast(t('errors.something_went_wrong'), 'error'),
            },
          )
        }
      >
        {t('profile.two_factor_enable')}
      </Button>
    </>
  );
}
