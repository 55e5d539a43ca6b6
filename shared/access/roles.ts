/** What a grant gives on one map; each role holds every right of the ones before it. */
export const MAP_ROLES = ['viewer', 'editor', 'manager'] as const;
export type MapRole = (typeof MAP_ROLES)[number];
export type Visibility = 'private' | 'signed_in' | 'public';

export const roleRank = (role: MapRole): number => MAP_ROLES.indexOf(role) + 1;

/** The higher of two roles (either may be missing). */
export function higherRole(a: MapRole | undefined, b: MapRole | undefined): MapRole | undefined {
  if (!a) return b;
  if (!b) return a;
  return roleRank(a) >= roleRank(b) ? a : b;
}

/** On a `signed_in` (or `public`) map every account has its global type's role. */
export function baselineRole(type: 'admin' | 'editor' | 'user'): MapRole {
  return type === 'user' ? 'viewer' : type === 'editor' ? 'editor' : 'manager';
}

export type LayerAccess = 'hidden' | 'read' | 'edit';

/** A layer rule as it applies to one caller. */
export interface LayerRule {
  map_id: number;
  layer_id: number;
  access: LayerAccess;
  hidden_properties: string[];
  read_only_properties: string[];
}
