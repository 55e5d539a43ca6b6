import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useParams } from 'react-router';

/** The sections of /dashboard/maps/:id (SPEC §2), each a child route. */
export const MAP_ADMIN_SECTIONS = [
  { path: 'general', title: 'maps.admin.general' },
  { path: 'layers', title: 'maps.admin.layers' },
  { path: 'searches', title: 'maps.admin.searches' },
  { path: 'main-search', title: 'maps.admin.main_search' },
  { path: 'filters', title: 'maps.admin.filters' },
  { path: 'categories', title: 'maps.admin.categories' },
  { path: 'water-network', title: 'maps.admin.water_network' },
] as const;

export function MapAdminLayout() {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <div className="page map-admin">
      <header className="page-header">
        <p className="page-kicker">{t('maps.admin.title', { id })}</p>
      </header>
      <nav className="tabs" aria-label={t('maps.admin.sections')}>
        {MAP_ADMIN_SECTIONS.map((section) => (
          <NavLink key={section.path} to={section.path} className="tab">
            {t(section.title)}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
