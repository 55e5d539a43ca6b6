import {
  AbilityBuilder,
  createMongoAbility,
  subject,
  type MongoAbility,
  type RawRuleOf,
} from '@casl/ability';
import type { AccessSnapshot } from './access-snapshot.ts';
import type { MapRole } from './roles.ts';

export type Action = 'manage' | 'read' | 'create' | 'update' | 'delete' | 'export';
export type SubjectType =
  | 'Map'
  | 'Layer'
  | 'Feature'
  | 'Search'
  | 'MainSearch'
  | 'Filter'
  | 'Category'
  | 'Bookmark'
  | 'User'
  | 'Export'
  | 'Access'
  | 'Group'
  | 'all';
export type AppAbility = MongoAbility<
  [Action, SubjectType | (Record<string, unknown> & { __caslSubjectType__?: string })]
>;
export type AbilityRules = RawRuleOf<AppAbility>[];

export interface AbilityUser {
  id: number;
  type: 'admin' | 'editor' | 'user';
}

type Rights = readonly (readonly [readonly Action[], readonly Exclude<SubjectType, 'all'>[]])[];

/**
 * What each role may do on the maps it holds, each role adding to the one before. Every
 * subject but Map carries the map as `map_id`; a Map is matched by its own `id`.
 */
export const ROLE_RIGHTS: Readonly<Record<MapRole, Rights>> = {
  viewer: [
    [['read'], ['Map', 'Layer', 'Feature', 'Search', 'MainSearch', 'Filter', 'Category']],
    [['export'], ['Feature']],
  ],
  editor: [[['create', 'update', 'delete'], ['Feature']]],
  manager: [
    [['update'], ['Map']],
    [['manage'], ['Layer', 'Search', 'MainSearch', 'Filter', 'Category', 'Access']],
  ],
};

const ROLE_ORDER: readonly MapRole[] = ['viewer', 'editor', 'manager'];

/** Map ids per role held at least, e.g. `editor` → maps where the caller edits or manages. */
function mapsAtLeast(snapshot: AccessSnapshot): Record<MapRole, number[]> {
  const out: Record<MapRole, number[]> = { viewer: [], editor: [], manager: [] };
  for (const [mapId, role] of snapshot.roles) {
    for (const tier of ROLE_ORDER.slice(0, ROLE_ORDER.indexOf(role) + 1)) out[tier].push(mapId);
  }
  for (const tier of ROLE_ORDER) out[tier].sort((a, b) => a - b);
  return out;
}

const onMaps = (subjectType: SubjectType, ids: number[]): Record<string, { $in: number[] }> =>
  subjectType === 'Map' ? { id: { $in: ids } } : { map_id: { $in: ids } };

const NO_ACCESS: AccessSnapshot = { roles: new Map(), readOnlyMaps: new Set(), layerRules: [], groups: [] };

/**
 * docs/decisions.md#abilities; the single definition behind every server check and
 * `GET /api/abilities`. Admins manage everything. Everyone else holds, on each map, what their
 * role there gives (the snapshot: grants, the map's visibility with the account's global type as
 * baseline, a share link), narrowed by the layer rules that apply to them. A guest holds only
 * the public maps (or the share link's map), read-only.
 */
export function defineAbilityFor(
  user: AbilityUser | undefined,
  /** A personal access token's abilities: without `write` the user's rules keep only reading. */
  tokenAbilities?: readonly string[],
  snapshot: AccessSnapshot = NO_ACCESS,
): AppAbility {
  const { can, cannot, build } = new AbilityBuilder<AppAbility>(createMongoAbility);
  if (user?.type === 'admin') {
    can('manage', 'all');
  } else {
    const tiers = mapsAtLeast(snapshot);
    for (const role of ROLE_ORDER) {
      const ids = tiers[role];
      // Public maps reached by a guest, and a share link's map, are only read.
      const full = ids.filter((id) => !snapshot.readOnlyMaps.has(id));
      const readOnly = ids.filter((id) => snapshot.readOnlyMaps.has(id));
      for (const [actions, subjects] of ROLE_RIGHTS[role]) {
        for (const subjectType of subjects) {
          if (full.length > 0) can([...actions], subjectType, onMaps(subjectType, full));
          if (readOnly.length > 0 && actions.includes('read'))
            can('read', subjectType, onMaps(subjectType, readOnly));
        }
      }
    }
    if (user) {
      const bookmarkMaps = tiers.viewer.filter((id) => !snapshot.readOnlyMaps.has(id));
      if (bookmarkMaps.length > 0)
        can('manage', 'Bookmark', { user_id: user.id, map_id: { $in: bookmarkMaps } });
      // Exports are streamed only to whoever asked for them.
      can('read', 'Export', { user_id: user.id });
      can(['read', 'update'], 'User', { id: user.id });
      cannot('update', 'User', ['type']);
    }
    // Layer rules narrow the role on one layer: they come after the role's `can`s, so they win.
    for (const rule of snapshot.layerRules) {
      if (rule.access === 'hidden') {
        cannot('manage', 'Layer', { id: rule.layer_id });
        cannot('manage', 'Feature', { layer_id: rule.layer_id });
        continue;
      }
      if (rule.access === 'read')
        cannot(['create', 'update', 'delete'], 'Feature', { layer_id: rule.layer_id });
      if (rule.hidden_properties.length > 0)
        cannot(['read', 'export', 'update'], 'Feature', [...rule.hidden_properties], {
          layer_id: rule.layer_id,
        });
      if (rule.read_only_properties.length > 0)
        cannot('update', 'Feature', [...rule.read_only_properties], { layer_id: rule.layer_id });
    }
  }
  // Inverted rules come last, so they win over every `can` above (admin's `manage all` too);
  // reading, and exporting what one may read, stay as the user's role allows.
  if (user && tokenAbilities !== undefined && !tokenAbilities.includes('write'))
    cannot(['create', 'update', 'delete'], 'all');
  return build();
}

/** Whether `action` is allowed on every `subjectType`, not just on some (e.g. listing all users). */
export function canOnAll(ability: AppAbility, action: Action, subjectType: SubjectType): boolean {
  const rules = ability.rulesFor(action, subjectType);
  const first = rules.find((rule) => rule.fields === undefined);
  return first !== undefined && !first.inverted && first.conditions === undefined;
}

export function canOn(
  ability: AppAbility,
  action: Action,
  subjectType: Exclude<SubjectType, 'all'>,
  instance: Record<string, unknown>,
  field?: string,
): boolean {
  return ability.can(action, subject(subjectType, { ...instance }), field);
}
