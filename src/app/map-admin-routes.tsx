import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { RequireMapManager } from './guards';
import { lazyScreen } from './lazy-screen';

/** /dashboard/maps/:id and its children (docs/product.md#routes), each screen in its own chunk. */
export function mapAdminRoutes(): RouteObject {
  return {
    path: 'dashboard/maps/:id',
    handle: { title: 'maps.admin.general' },
    element: (
      <RequireMapManager>
        {lazyScreen(
          () => import('../screens/map-admin/shell/map-admin-layout'),
          (m) => m.MapAdminLayout,
        )}
      </RequireMapManager>
    ),
    children: [
      { index: true, element: <Navigate to="general" replace /> },
      {
        path: 'general',
        handle: { title: 'maps.admin.general' },
        element: lazyScreen(
          () => import('../screens/map-admin/maps/map-general-screen'),
          (m) => m.MapGeneralScreen,
        ),
      },
      {
        path: 'layers',
        handle: { title: 'maps.admin.layers' },
        element: lazyScreen(
          () => import('../screens/map-admin/layers/layers-screen'),
          (m) => m.LayersScreen,
        ),
      },
      ...['layers/create', 'layers/:layer_id/edit'].map((path) => ({
        path,
        element: lazyScreen(
          () => import('../screens/map-admin/layers/layer-edit-screen'),
          (m) => m.LayerEditScreen,
        ),
      })),
      {
        path: 'layers/import',
        element: lazyScreen(
          () => import('../screens/map-admin/layer-import/layer-import-screen'),
          (m) => m.LayerImportScreen,
        ),
      },
      {
        path: 'layers/:layer_id/features',
        element: lazyScreen(
          () => import('../screens/map-admin/layers/layer-features-screen'),
          (m) => m.LayerFeaturesScreen,
        ),
      },
      {
        path: 'searches',
        element: lazyScreen(
          () => import('../screens/map-admin/searches/searches-screen'),
          (m) => m.SearchesScreen,
        ),
      },
      ...['search/create', 'search/:search_id/edit'].map((path) => ({
        path,
        element: lazyScreen(
          () => import('../screens/map-admin/searches/search-edit-screen'),
          (m) => m.SearchEditScreen,
        ),
      })),
      {
        path: 'main-search',
        element: lazyScreen(
          () => import('../screens/map-admin/searches/main-searches-screen'),
          (m) => m.MainSearchesScreen,
        ),
      },
      ...['main-search/create', 'main-search/:search_id/edit'].map((path) => ({
        path,
        element: lazyScreen(
          () => import('../screens/map-admin/searches/main-search-edit-screen'),
          (m) => m.MainSearchEditScreen,
        ),
      })),
      {
        path: 'filters',
        element: lazyScreen(
          () => import('../screens/map-admin/filters/filters-screen'),
          (m) => m.FiltersScreen,
        ),
      },
      ...['filters/create', 'filters/:filter_id/edit'].map((path) => ({
        path,
        element: lazyScreen(
          () => import('../screens/map-admin/filters/filter-edit-screen'),
          (m) => m.FilterEditScreen,
        ),
      })),
      {
        path: 'categories',
        element: lazyScreen(
          () => import('../screens/map-admin/categories/categories-screen'),
          (m) => m.CategoriesScreen,
        ),
      },
      ...['categories/create', 'categories/:category_id/edit'].map((path) => ({
        path,
        element: lazyScreen(
          () => import('../screens/map-admin/categories/category-edit-screen'),
          (m) => m.CategoryEditScreen,
        ),
      })),
      {
        path: 'access',
        handle: { title: 'access.section' },
        element: lazyScreen(
          () => import('../screens/map-admin/access/access-screen'),
          (m) => m.AccessScreen,
        ),
      },
      {
        path: 'water-network',
        element: lazyScreen(
          () => import('../screens/map-admin/network/water-network-screen'),
          (m) => m.WaterNetworkScreen,
        ),
      },
    ],
  };
}
