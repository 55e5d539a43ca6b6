import { Suspense, useMemo } from 'react';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { matchRoutes, Outlet, useHref, useLocation, useNavigate, type RouteObject } from 'react-router';
import { Breadcrumbs, handleOf, RouteMatchesContext } from '../../components/ui/breadcrumbs';
import { Loading } from '../../components/ui/status';
import { ScreenErrorBoundary } from '../screen-error-boundary';
import { PageFrame } from './page-frame';

/**
 * docs/product.md#routes: every screen sits inside this one layout (header, breadcrumbs, content).
 * Guards decide per route who may see the content. It matches the address against the route
 * tree itself (no data router's useMatches: docs/architecture.md#first-load).
 */
export function GuestLayout({ routes }: { routes: () => RouteObject[] }) {
  const location = useLocation();
  const navigate = useNavigate();
  const matches = useMemo(
    () =>
      (matchRoutes(routes(), location) ?? []).map((match) => ({
        id: match.route.id ?? match.pathnameBase,
        pathname: match.pathname,
        handle: match.route.handle as unknown,
      })),
    [routes, location],
  );
  // Map screens fill the window under the header and put the breadcrumbs in their own bar.
  const mapFirst = matches.some((match) => handleOf(match).mapFirst === true);
  return (
    // react-aria's links (breadcrumbs, menus) navigate through the router instead of reloading.
    <AriaRouterProvider navigate={(to) => void navigate(to)} useHref={useHref}>
      <RouteMatchesContext.Provider value={matches}>
        <PageFrame mapFirst={mapFirst} breadcrumbs={<Breadcrumbs />}>
          <ScreenErrorBoundary address={location.pathname}>
            <Suspense fallback={<Loading />}>
              <Outlet />
            </Suspense>
          </ScreenErrorBoundary>
        </PageFrame>
      </RouteMatchesContext.Provider>
    </AriaRouterProvider>
  );
}
