import { Breadcrumb, Breadcrumbs as AriaBreadcrumbs, Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';

export type RouteHandle = { breadcrumb?: string; title?: string };

function handleOf(match: { handle: unknown }): RouteHandle {
  return typeof match.handle === 'object' && match.handle !== null ? (match.handle as RouteHandle) : {};
}

/** Home › the deepest route's crumb (route `handle.breadcrumb`, a translation key). */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const crumbs = useMatches()
    .filter((match) => handleOf(match).breadcrumb !== undefined)
    .map((match) => ({ id: match.id, href: match.pathname, label: t(handleOf(match).breadcrumb ?? '') }));
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label={t('nav.breadcrumbs')}>
      <AriaBreadcrumbs className="breadcrumbs">
        <Breadcrumb id="home" className="breadcrumb">
          <Link href="/">{t('nav.home')}</Link>
        </Breadcrumb>
        {crumbs.map((crumb) => (
          <Breadcrumb key={crumb.id} id={crumb.id} className="breadcrumb">
            <Link href={crumb.href}>{crumb.label}</Link>
          </Breadcrumb>
        ))}
      </AriaBreadcrumbs>
    </nav>
  );
}
