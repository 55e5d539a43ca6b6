import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { lazyScreen } from './lazy-screen';

type Lazy = NonNullable<RouteObject['lazy']>;

/** /dashboard/maps/:id and its children (SPEC §2); placeholders until the map admin issue. */
export function mapAdminRoutes(comingSoon: Lazy): RouteObject {
  const child = (path: string, title: string): RouteObject => ({ path, handle: { title }, lazy: comingSoon });
  return {
    path: 'dashboard/maps/:id',
    handle: { title: 'maps.admin.general' },
    lazy: lazyScreen(
      () => import('../features/maps-placeholder/map-admin-layout'),
      (m) => m.MapAdminLayout,
    ),
    children: [
      { index: true, element: <Navigate to="general" replace /> },
      child('general', 'maps.admin.general'),
      child('layers', 'maps.admin.layers'),
      child('layers/create', 'maps.admin.layer_create'),
      child('layers/:layer_id/edit', 'maps.admin.layer_edit'),
      child('layers/:layer_id/features', 'maps.admin.layer_features'),
      child('searches', 'maps.admin.searches'),
      child('search/create', 'maps.admin.search_create'),
      child('search/:search_id/edit', 'maps.admin.search_edit'),
      child('main-search', 'maps.admin.main_search'),
      child('main-search/create', 'maps.admin.main_search_create'),
      child('main-search/:search_id/edit', 'maps.admin.main_search_edit'),
      child('filters', 'maps.admin.filters'),
      child('filters/create', 'maps.admin.filter_create'),
      child('filters/:filter_id/edit', 'maps.admin.filter_edit'),
      child('categories', 'maps.admin.categories'),
      child('categories/create', 'maps.admin.category_create'),
      child('categories/:category_id/edit', 'maps.admin.category_edit'),
      child('water-network', 'maps.admin.water_network'),
    ],
  };
}
