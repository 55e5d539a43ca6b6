import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { canOnEvery } from '../../lib/ability-checks';
import { paths } from '../../lib/paths';
import { useLoadedAbility } from '../../lib/signed-in-resources';
import { useAuthStore } from '../../stores/auth-store';
import { LogoutButton } from './logout-button';

export function AppNav() {
  const { t } = useTranslation();
  const authenticated = useAuthStore((state) => state.authenticated);
  const user = useAuthStore((state) => state.user);
  // Loaded with sign-in; a guest's header does not fetch CASL.
  const ability = useLoadedAbility();

  return (
    <nav aria-label={t('nav.main')} className="app-nav">
      <ul className="app-nav-list">
        <li>
          <NavLink to={paths.home} end className="app-nav-link">
            {t('nav.home')}
          </NavLink>
        </li>
        {authenticated ? (
          <>
            <li>
              <NavLink to={paths.mapsIndex} className="app-nav-link">
                {t('nav.maps')}
              </NavLink>
            </li>
            {ability && canOnEvery(ability, 'read', 'User') ? (
              <li>
                <NavLink to={paths.usersIndex} className="app-nav-link">
                  {t('nav.users')}
                </NavLink>
              </li>
            ) : null}
            <li>
              <NavLink to={paths.profile} className="app-nav-link">
                {t('nav.profile')}
                {user ? <span className="app-nav-user"> ({user.name})</span> : null}
              </NavLink>
            </li>
            <li>
              <LogoutButton />
            </li>
          </>
        ) : (
          <>
            <li>
              <NavLink to={paths.login} className="app-nav-link">
                {t('nav.login')}
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.register} className="app-nav-link">
                {t('nav.register')}
              </NavLink>
            </li>
          </>
        )}
      </ul>
    </nav>
  );
}
