import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** `mapFirst`: the screen is a full-window map that shows the breadcrumbs in its own bar. */
export type RouteHandle = { breadcrumb?: string; title?: string; mapFirst?: boolean };

/** One route of the address, outermost first, as the layout matched it. */
export type RouteMatchInfo = { id: string; pathname: string; handle: unknown };

/** The layout provides the matched routes, so breadcrumbs work without a data router. */
export const RouteMatchesContext = createContext<readonly RouteMatchInfo[]>([]);

export function handleOf(match: { handle: unknown }): RouteHandle {
  return typeof match.handle === 'object' && match.handle !== null ? (match.handle as RouteHandle) : {};
}

/**
 * Home › the deepest route's crumb (route `handle.breadcrumb`, a translation key). Plain list
 * markup, the current page marked with aria-current: react-aria's collection machinery for
 * a list of links was a good part of every page's first load.
 */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const crumbs = useContext(RouteMatchesContext)
    .filter((match) => handleOf(match).breadcrumb !== undefined)
    .map((match) => ({ id: match.id, href: match.pathname, label: t(handleOf(match).breadcrumb ?? '') }));
  if (crumbs.length === 0) return null;
  const all = [{ id: 'home', href: '/', label: t('nav.home') }, ...crumbs];
  return (
    <nav aria-label={t('nav.breadcrumbs')}>
      <ol className="breadcrumbs">
        {all.map((crumb, index) => (
          <li key={crumb.id} className="breadcrumb">
            <Link to={crumb.href} aria-current={index === all.length - 1 ? 'page' : undefined}>
              {crumb.label}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
