import { canOn, type Action, type AppAbility } from '../auth/abilities.ts';
import type { Queryable } from '../db/database.ts';
import { forbidden, notFound } from '../http/http-error.ts';
import { mapOr404 } from '../maps/map-scope.ts';
import type { MapRow } from '../maps/records.ts';

/**
 * A map's features are reached through the map: the caller must read the map (404 if it
 * does not exist, 403 if not allowed) and then hold `action` on a feature of it.
 */
export async function mapForFeatures(
  db: Queryable,
  ability: AppAbility,
  mapId: number,
  action: Action,
): Promise<MapRow> {
  const map = await mapOr404(db, mapId);
  if (!canOn(ability, 'read', 'Map', { ...map })) throw forbidden();
  if (!canOn(ability, action, 'Feature', { map_id: mapId })) throw forbidden();
  return map;
}

/** The signed-in caller's id; operations that change features all need a session. */
export function userIdOf(user: { id: number } | undefined): number {
  if (!user) throw notFound();
  return user.id;
}
