/**
 * The product's named routes (docs/product.md#routes names some: home, auth.login, auth.2fa, users.index).
 * Screens navigate through these so a renamed path changes in one place.
 */
export const paths = {
  home: '/',
  login: '/login',
  twoFactor: '/2fa',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  profile: '/profile',
  usersIndex: '/users',
  usersCreate: '/users/create',
  usersEdit: (id: number | string) => `/users/edit/${id}`,
  mapsIndex: '/dashboard/maps',
  mapsCreate: '/maps/create',
  mapViewer: (id: number | string) => `/maps/${id}/show`,
  mapDashboard: (id: number | string) => `/maps/${id}/dashboard`,
  map: '/map',
  map2: '/map2',
  map3d: '/map3d',
  pdf: '/pdf',
} as const;
