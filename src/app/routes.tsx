import { createElement } from 'react';
import type { RouteObject } from 'react-router';
import { GuestOnly, RequireAdmin, RequireAuth, RequireMapReader } from './guards';
import { guestScreens } from './guest-screens';
import { lazyScreen } from './lazy-screen';
import { GuestLayout } from './layouts/guest-layout';
import { mapAdminRoutes } from './map-admin-routes';
import { SignedInScope } from './signed-in-scope';

/** Every route of docs/product.md#routes and docs/decisions.md#accounts with its guard; all inside the guest layout. */
export const routes: RouteObject[] = [
  {
    // The map alone for a frame on another website: no app bar, and no sign-in needed (a public
    // map, or a share link's). CASL and the viewer's texts load as for a signed-in person.
    path: 'embed/:mapId',
    element: (
      <SignedInScope>
        {lazyScreen(
          () => import('../screens/map-viewer/embed/embed-screen'),
          (m) => m.EmbedScreen,
        )}
      </SignedInScope>
    ),
  },
  {
    // A function, so the layout can match the address against this very tree.
    element: <GuestLayout routes={() => routes} />,
    children: [
      {
        children: [
          {
            index: true,
            id: 'home',
            element: lazyScreen(
              () => import('../screens/home/home-screen'),
              (m) => m.HomeScreen,
            ),
          },
          {
            element: <GuestOnly />,
            children: guestScreens.map(({ component, ...route }) => ({
              ...route,
              element: createElement(component()),
            })),
          },
          {
            // A map's viewers also open for a guest who may read that map (public, or a share link's).
            element: <RequireMapReader />,
            children: [
              {
                path: 'maps/:id/show',
                handle: { title: 'maps.viewer_2d', breadcrumb: 'breadcrumb.add_new', mapFirst: true },
                element: lazyScreen(
                  () => import('../screens/map-viewer/shell/map-viewer-screen'),
                  (m) => m.MapViewerScreen,
                ),
              },
              {
                path: 'maps/:id/show/:layer_id/features',
                handle: { title: 'maps.layer_features' },
                element: lazyScreen(
                  () => import('../screens/layer-table/layer-table-screen'),
                  (m) => m.LayerTableScreen,
                ),
              },
              {
                // The map as one tile and its widgets on a grid that its managers arrange.
                path: 'maps/:id/dashboard',
                handle: { title: 'dashboard.full.page_title', mapFirst: true },
                element: lazyScreen(
                  () => import('../screens/map-viewer/full-dashboard/map-dashboard-screen'),
                  (m) => m.MapDashboardScreen,
                ),
              },
              {
                path: 'maps/:id/show3d',
                handle: { title: 'maps.viewer_3d', mapFirst: true },
                element: lazyScreen(
                  () => import('../screens/map-viewer/globe/map-viewer-3d-screen'),
                  (m) => m.MapViewer3dScreen,
                ),
              },
            ],
          },
          {
            element: <RequireAuth />,
            children: [
              // Admins and the map's own managers; the layout sends everyone else home.
              mapAdminRoutes(),
              {
                path: 'dashboard/maps',
                handle: { title: 'maps.list_title' },
                element: lazyScreen(
                  () => import('../screens/map-admin/maps/maps-list-screen'),
                  (m) => m.MapsListScreen,
                ),
              },
              {
                path: 'map',
                handle: { title: 'maps.map', mapFirst: true },
                element: lazyScreen(
                  () => import('../screens/map-viewer/pickers/map-picker-screen'),
                  (m) => m.MapPickerScreen,
                ),
              },
              {
                path: 'map2',
                handle: { title: 'maps.map2', mapFirst: true },
                element: lazyScreen(
                  () => import('../screens/map-viewer/two-maps/two-maps-screen'),
                  (m) => m.TwoMapsScreen,
                ),
              },
              {
                path: 'map3d',
                handle: { title: 'maps.map3d', mapFirst: true },
                element: lazyScreen(
                  () => import('../screens/map-viewer/pickers/globe-picker-screen'),
                  (m) => m.GlobePickerScreen,
                ),
              },
              {
                path: 'pdf',
                handle: { title: 'maps.pdf' },
                element: lazyScreen(
                  () => import('../screens/print/print-screen'),
                  (m) => m.PrintScreen,
                ),
              },
              {
                path: 'profile',
                id: 'profile',
                handle: { breadcrumb: 'breadcrumb.profile' },
                element: lazyScreen(
                  () => import('../screens/profile/profile-screen'),
                  (m) => m.ProfileScreen,
                ),
              },
            ],
          },
          {
            element: <RequireAdmin />,
            children: [
              {
                path: 'maps/create',
                handle: { title: 'maps.create' },
                element: lazyScreen(
                  () => import('../screens/map-admin/maps/map-create-screen'),
                  (m) => m.MapCreateScreen,
                ),
              },
              {
                path: 'users',
                id: 'users.index',
                element: lazyScreen(
                  () => import('../screens/users/users-list-screen'),
                  (m) => m.UsersListScreen,
                ),
              },
              {
                path: 'users/create',
                id: 'users.create',
                element: lazyScreen(
                  () => import('../screens/users/user-create-screen'),
                  (m) => m.UserCreateScreen,
                ),
              },
              {
                path: 'users/groups',
                handle: { title: 'groups.title' },
                element: lazyScreen(
                  () => import('../screens/users/groups/groups-list-screen'),
                  (m) => m.GroupsListScreen,
                ),
              },
              ...['users/groups/create', 'users/groups/:group_id/edit'].map((path) => ({
                path,
                handle: { title: 'groups.title' },
                element: lazyScreen(
                  () => import('../screens/users/groups/group-edit-screen'),
                  (m) => m.GroupEditScreen,
                ),
              })),
              {
                path: 'users/edit/:id',
                id: 'users.edit',
                handle: { breadcrumb: 'breadcrumb.user_edit' },
                element: lazyScreen(
                  () => import('../screens/users/user-edit-screen'),
                  (m) => m.UserEditScreen,
                ),
              },
            ],
          },
          {
            path: '*',
            element: lazyScreen(
              () => import('./not-found'),
              (m) => m.NotFound,
            ),
          },
        ],
      },
    ],
  },
];
