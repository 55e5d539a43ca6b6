import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Outlet, useHref, useNavigate } from 'react-router';
import { Breadcrumbs } from '../../components/ui/breadcrumbs';
import { LazyPopup, LazyToasts } from '../../components/ui/lazy-overlays';
import { AppHeader } from './app-header';

/**
 * SPEC §2: every screen sits inside this one layout (header, breadcrumbs, content).
 * Guards decide per route who may see the content.
 */
export function GuestLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AriaRouterProvider navigate={(to) => void navigate(to)} useHref={useHref}>
      <a className="skip-link" href="#main">
        {t('nav.skip_to_content')}
      </a>
      <AppHeader />
      <main id="main" className="main" tabIndex={-1}>
        <Breadcrumbs />
        <Outlet />
      </main>
      <LazyToasts />
      <LazyPopup />
    </AriaRouterProvider>
  );
}
