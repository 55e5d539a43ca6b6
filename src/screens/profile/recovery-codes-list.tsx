import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';

/** Shown once, right after enabling: only hashes stay on the server. */
export function RecoveryCodesList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="recovery-codes" role="region" aria-label={t('profile.recovery_codes_title')}>
      <p className="status-badge status-badge-on">{t('profile.two_factor_on')}</p>
      <h3>{t('profile.recovery_codes_title')}</h3>
      <p>{t('profile.recovery_codes_help')}</p>
      <ul className="recovery-code-list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <Button onPress={onDone}>{t('profile.recovery_codes_done')}</Button>
    </div>
  );
}
