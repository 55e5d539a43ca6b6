import type { LayerRule, MapRole } from './roles.ts';

/**
 * Who may do what, for one caller: the role on every map they reach, and the layer rules that
 * narrow it. The server builds it from the database in two queries and shares it until an access
 * change is announced (server/src/access/); mock mode builds it from its own tables.
 */
export interface AccessSnapshot {
  /** map id → the caller's role there (maps the caller cannot read are absent). */
  roles: ReadonlyMap<number, MapRole>;
  /** Maps reached only because they are public or through a share link: read, nothing else. */
  readOnlyMaps: ReadonlySet<number>;
  /** Rules on maps where the caller is not a manager. */
  layerRules: readonly LayerRule[];
  groups: readonly { id: number; name: string }[];
}
