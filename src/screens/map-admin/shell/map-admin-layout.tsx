import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { useGetMap } from '@generated/api/maps/maps';
import { LoadError } from '@/components/ui/status';
import { httpStatus } from '@/lib/http-error';
import { useMapId } from './map-cache';
import { mapPaths } from './map-paths';
import '@/styles/map-admin.css';

/** The sections of /dashboard/maps/:id (docs/product.md#routes), each a child route. */
export const MAP_ADMIN_SECTIONS = [
  { path: 'general', title: 'maps.admin.general' },
  { path: 'layers', title: 'maps.admin.layers' },
  { path: 'searches', title: 'maps.admin.searches' },
  { path: 'main-search', title: 'maps.admin.main_search' },
  { path: 'filters', title: 'maps.admin.filters' },
  { path: 'categories', title: 'maps.admin.categories' },
  { path: 'water-network', title: 'maps.admin.water_network' },
  { path: 'access', title: 'access.section' },
] as const;

/** /dashboard/maps/:id: the map's title, a side navigation of its parts, and the part. */
export function MapAdminLayout() {
  const { t } = useTranslation();
  const id = useMapId();
  const map = useGetMap(id, { query: { enabled: Number.isInteger(id) && id > 0 } });
  const title = map.data?.data.title;

  if (map.isError) {
    return (
      <div className="page">
        <LoadError message={httpStatus(map.error) === 404 ? t('map_admin.not_found') : undefined} />
      </div>
    );
  }
  return (
    <div className="page map-admin">
      <header className="page-header page-header-row">
        <div>
          <p className="page-kicker">{t('map_admin.kicker')}</p>
          <h1>{title ?? t('maps.admin.title', { id })}</h1>
        </div>
        <NavLink className="btn btn-secondary" to={mapPaths.viewer(id)}>
          {t('map_admin.open_viewer')}
        </NavLink>
      </header>
      <div className="map-admin-body">
        <nav className="side-nav" aria-label={t('maps.admin.sections')}>
          <ul>
            {MAP_ADMIN_SECTIONS.map((section) => (
              <li key={section.path}>
                <NavLink to={section.path} className="side-nav-link">
                  {t(section.title)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="map-admin-content">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
