import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLogout } from '@generated/api/auth/auth';
import { paths } from '../../lib/paths';
import { clearSession } from '../../lib/session';

/** docs/product.md#flows, docs/product.md#errors: sign out locally whatever the server says, then show the login screen. */
export function LogoutButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useLogout();

  const signOut = () => {
    if (logout.isPending) return;
    logout.mutate(undefined, {
      onSettled: (answer) => {
        clearSession(queryClient);
        // A session the identity provider signed in also ends there, when it offers that.
        const providerLogout = answer && typeof answer === 'object' ? answer.redirect_to : undefined;
        if (providerLogout) window.location.assign(providerLogout);
        else void navigate(paths.login);
      },
    });
  };

  return (
    <button
      type="button"
      className="app-nav-link app-nav-button"
      onClick={signOut}
      disabled={logout.isPending}
    >
      {t('nav.logout')}
    </button>
  );
}
