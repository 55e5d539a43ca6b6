import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Outlet, useHref, useMatches, useNavigate } from 'react-router';
import { Breadcrumbs, handleOf } from '../../components/ui/breadcrumbs';
import { LazyPopup, LazyToasts } from '../../components/ui/lazy-overlays';
import { AppHeader } from './app-header';

/**
 * docs/product.md#routes: every screen sits inside this one layout (header, breadcrumbs, content).
 * Guards decide per route who may see the content.
 */
export function GuestLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Map screens fill the window under the header and put the breadcrumbs in their own bar.
  const mapFirst = useMatches().some((match) => handleOf(match).mapFirst === true);
  return (
    <AriaRouterProvider navigate={(to) => void navigate(to)} useHref={useHref}>
      <a className="skip-link" href="#main">
        {t('nav.skip_to_content')}
      </a>
      <AppHeader />
      <main id="main" className={mapFirst ? 'main main-map' : 'main'} tabIndex={-1}>
        {!mapFirst && <Breadcrumbs />}
        <Outlet />
      </main>
      <LazyToasts />
      <LazyPopup />
    </AriaRouterProvider>
  );
}
