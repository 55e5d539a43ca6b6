import { useTranslation } from 'react-i18next';
import { Card } from '../../components/ui/card';
import { useAuthStore } from '../../stores/auth-store';
import { AccessTokensSection } from './access-tokens-section';
import { PasswordForm } from './password-form';
import { ProfileDetailsForm } from './profile-details-form';
import { TwoFactorSection } from './two-factor-section';
import { NarrowPage } from '../../components/ui/narrow-page';

export function ProfileScreen() {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  if (!user) return null;
  return (
    <NarrowPage title={t('profile.title')}>
      <div className="stack">
        <Card title={t('profile.details_title')}>
          <ProfileDetailsForm key={user.updated_at} user={user} />
        </Card>
        <Card title={t('profile.password_title')}>
          <PasswordForm userId={user.id} />
        </Card>
        <Card title={t('profile.two_factor_title')}>
          <TwoFactorSection enabled={user.two_factor_enabled} />
        </Card>
        <Card title={t('access_tokens.title')}>
          <AccessTokensSection />
        </Card>
      </div>
    </NarrowPage>
  );
}
