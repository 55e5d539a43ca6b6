import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../lib/paths';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="page not-found" aria-labelledby="not-found-title">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">{t('not_found.title')}</h1>
      <p>{t('not_found.text')}</p>
      <Link className="btn btn-primary" to={paths.home}>
        {t('not_found.home')}
      </Link>
    </section>
  );
}
