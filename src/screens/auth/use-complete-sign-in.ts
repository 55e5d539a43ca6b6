import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { refreshSession } from '../../lib/session';
import { showPopup } from '../../stores/popup-store';
import { forgetPendingPassword } from './pending-login';

/** After a successful login or second step: load user and abilities, say so, go home (docs/product.md#flows). */
export function useCompleteSignIn(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();
  return async () => {
    forgetPendingPassword();
    await refreshSession(queryClient);
    showPopup({ tone: 'success', title: t('auth.login_success') });
    await navigate(paths.home);
  };
}
