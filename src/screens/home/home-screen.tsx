import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { useAuthStore } from '../../stores/auth-store';
import { ExampleComponent } from './example-component';
import { RecentMaps } from './recent-maps';

export function HomeScreen() {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  const authenticated = useAuthStore((state) => state.authenticated);
  return (
    <div className="page">
      <header className="page-header">
        <h1>{authenticated && user ? t('home.welcome_user', { name: user.name }) : t('home.welcome')}</h1>
        <p className="page-lead">{t('home.lead')}</p>
      </header>
      {authenticated ? null : (
        <p className="home-actions">
          <Link className="btn btn-primary" to={paths.login}>
            {t('nav.login')}
          </Link>
          <Link className="btn btn-secondary" to={paths.register}>
            {t('nav.register')}
          </Link>
        </p>
      )}
      <div className="card-grid">
        {authenticated ? <RecentMaps /> : null}
        <ExampleComponent />
      </div>
    </div>
  );
}
