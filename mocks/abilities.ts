import type { AbilityRule } from '../generated/model';
import type { AccessSnapshot } from '../server/src/access/access-snapshot';
import { baselineRole, type LayerRule, type MapRole } from '../server/src/access/roles';
import { defineAbilityFor } from '../server/src/auth/abilities';
import type { UserRecord } from './db';
import { mapsDb } from './maps-store';

/**
 * What one mock account reaches: every mock map is open to signed-in accounts (as existing maps
 * and the demo town are on the server), so each account holds its global type's role there.
 */
function mockSnapshot(user: UserRecord): AccessSnapshot {
  const role: MapRole = baselineRole(user.type);
  const layerRules: LayerRule[] = [];
  return {
    roles: new Map(mapsDb.maps.map((map) => [map.id, role])),
    readOnlyMaps: new Set(),
    layerRules,
    groups: [],
  };
}

/**
 * The rules of docs/decisions.md#abilities, built by the server's own definition
 * (server/src/auth/abilities.ts), so the mock answers what a real server would: per-map
 * `conditions`, and per-layer ones when a layer rule narrows a role.
 */
export function abilitiesFor(user: UserRecord): AbilityRule[] {
  return defineAbilityFor({ id: user.id, type: user.type }, undefined, mockSnapshot(user))
    .rules as AbilityRule[];
}
