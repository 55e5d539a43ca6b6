import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LanguageSwitcher } from '../../components/language-switcher';
import { AppNav } from './app-nav';

/** Brand, navigation and language. Below lg (1280 px) the navigation folds behind a menu button. */
export function AppHeader() {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  // Following a link on a phone should not leave the menu covering the new screen.
  useEffect(() => setMenuOpen(false), [pathname]);

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
          onClick={() => setMenuOpen((open) => !open)}
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
