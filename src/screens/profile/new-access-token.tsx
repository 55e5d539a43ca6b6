import { useTranslation } from 'react-i18next';
import type { NewUserToken } from '@generated/model';
import { Button } from '../../components/ui/button';
import { showToast } from '../../components/ui/toast';

/** The secret, shown once right after it was made: only its hash stays on the server. */
export function NewAccessToken({ token, onDone }: { token: NewUserToken; onDone: () => void }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token.token);
      showToast(t('access_tokens.copied'));
    } catch {
      showToast(t('access_tokens.copy_failed'), 'error');
    }
  };
  return (
    <div className="new-access-token" role="region" aria-label={t('access_tokens.new_title')}>
      <h3>{t('access_tokens.new_title')}</h3>
      <p>{t('access_tokens.new_help', { name: token.name })}</p>
      <p>
        <code className="secret" data-testid="new-access-token">
          {token.token}
        </code>
      </p>
      <div className="form-actions">
        <Button onPress={() => void copy()}>{t('access_tokens.copy')}</Button>
        <Button variant="secondary" onPress={onDone}>
          {t('access_tokens.done')}
        </Button>
      </div>
    </div>
  );
}
