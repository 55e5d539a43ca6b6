import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LanguageSwitcher } from '../../components/language-switcher';
import { AppNav } from './app-nav';

/** Brand, navigation and language. Below lg (1280 px) the navigation folds behind a menu button. */
export function AppHeader() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // The menu remembers the screen it was opened on, so following a link on a phone
  // closes it instead of leaving it over the new screen.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const menuOpen = openedOn === pathname;

  return (
    <header className="app-header">
      <div className="app-header-bar">
        <Link to="/" className="brand">
          <span className="brand-mark" aria-hidden="true" />
          {t('app.name')}
        </Link>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="app-nav"
          onClick={() => setOpenedOn(menuOpen ? null : pathname)}
        >
          <span aria-hidden="true">☰</span>
          <span className="visually-hidden">{t('nav.menu')}</span>
        </button>
        <div id="app-nav" className={menuOpen ? 'app-nav-panel open' : 'app-nav-panel'}>
          <AppNav />
          <LanguageSwitcher />
        </div>
      </div>
    </header>
  );
}
