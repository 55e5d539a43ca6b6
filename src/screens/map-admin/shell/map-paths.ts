/** Where the map screens live (docs/product.md#routes), so a renamed path changes in one place. */
export const mapPaths = {
  list: '/dashboard/maps',
  create: '/maps/create',
  viewer: (id: number) => `/maps/${id}/show`,
  admin: (id: number) => `/dashboard/maps/${id}`,
  section: (id: number, section: string) => `/dashboard/maps/${id}/${section}`,
} as const;
