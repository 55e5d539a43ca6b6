import type { AbilityRule, UserType } from '../generated/model';
import type { AccessSnapshot } from '../shared/access/access-snapshot';
import { baselineRole, higherRole, type LayerRule, type MapRole } from '../shared/access/roles';
import { defineAbilityFor } from '../shared/access/abilities';
import type { UserRecord } from './db';
import { groupsOfUser, storedAccess } from './maps-access-store';
import { mapsDb } from './maps-store';

/**
 * What one mock account reaches, worked out as the server's access snapshot is
 * (server/src/access/access-snapshot.ts) from the mock's access tables: on each map the higher
 * of its grants (own or through a group) and, unless the map is private, its global type's role;
 * the layer rules for it, its groups or everyone, on maps it does not manage.
 */
export function mockSnapshot(user: UserRecord): AccessSnapshot {
  const groups = groupsOfUser(user.id);
  const groupIds = new Set(groups.map((group) => group.id));
  const mine = (row: { user_id: number | null; group_id: number | null }) =>
    row.user_id === user.id || (row.group_id !== null && groupIds.has(row.group_id));
  const roles = new Map<number, MapRole>();
  const layerRules: LayerRule[] = [];
  for (const map of mapsDb.maps) {
    const access = storedAccess(map.id);
    let role = access.visibility === 'private' ? undefined : baselineRole(user.type as UserType);
    for (const grant of access.grants) if (mine(grant)) role = higherRole(role, grant.role);
    if (!role) continue;
    roles.set(map.id, role);
    if (role === 'manager') continue;
    for (const rule of access.layer_rules)
      if (mine(rule) || (rule.user_id === null && rule.group_id === null))
        layerRules.push({
          map_id: map.id,
          layer_id: rule.layer_id,
          access: rule.access,
          hidden_properties: rule.hidden_properties,
          read_only_properties: rule.read_only_properties,
        });
  }
  return { roles, readOnlyMaps: new Set(), layerRules, groups };
}

/**
 * The rules of docs/decisions.md#abilities, built by the server's own definition
 * (shared/access/abilities.ts), so the mock answers what a real server would: per-map
 * `conditions`, and per-layer ones where a layer rule narrows a role.
 */
export function abilitiesFor(user: UserRecord): AbilityRule[] {
  return defineAbilityFor({ id: user.id, type: user.type as UserType }, undefined, mockSnapshot(user))
    .rules as AbilityRule[];
}
