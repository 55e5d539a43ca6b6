import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyPopup, LazyToasts } from '../../components/ui/lazy-overlays';
import { AppHeader } from './app-header';

type PageFrameProps = { mapFirst: boolean; breadcrumbs?: ReactNode; children: ReactNode };

/**
 * The markup every screen sits in (header, breadcrumbs, content), shared by the full router's
 * layout and the sign-in shell (src/app/sign-in-shell.tsx), so both look and behave alike.
 * react-aria's router link-up is the full router's (guest-layout.tsx): the sign-in screens
 * have no react-aria link, and leaving it out keeps react-aria off a guest's first load.
 */
export function PageFrame({ mapFirst, breadcrumbs, children }: PageFrameProps) {
  const { t } = useTranslation();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('nav.skip_to_content')}
      </a>
      <AppHeader />
      <main id="main" className={mapFirst ? 'main main-map' : 'main'} tabIndex={-1}>
        {mapFirst ? null : breadcrumbs}
        {children}
      </main>
      <LazyToasts />
      <LazyPopup />
    </>
  );
}
