import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../lib/paths';

/** A screen that failed to load or crashed; the rest of the layout keeps working. */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  console.error(error);
  return (
    <section className="page" role="alert">
      <h1>{t('errors.screen_failed_title')}</h1>
      <p>{t('errors.screen_failed_text')}</p>
      <p className="form-actions">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </button>
        <Link className="btn btn-secondary" to={paths.home}>
          {t('not_found.home')}
        </Link>
      </p>
    </section>
  );
}
