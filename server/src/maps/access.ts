import { canOn, type Action } from '../auth/abilities.ts';
import type { Queryable } from '../db/database.ts';
import type { AuthState } from '../http/request-auth.ts';
import { forbidden } from '../http/http-error.ts';
import { layerOfMapOr404, mapOr404 } from './map-scope.ts';
import type { LayerRow, MapRow } from './records.ts';

/**
 * The map (or layer) named in the path, checked against the caller's abilities on that very
 * row: the operation-level check only says the caller may act on some map.
 */
export async function mapFor(db: Queryable, auth: AuthState, mapId: number, action: Action): Promise<MapRow> {
  const map = await mapOr404(db, mapId);
  if (!canOn(auth.ability, action, 'Map', { ...map })) throw forbidden();
  return map;
}

export async function layerFor(
  db: Queryable,
  auth: AuthState,
  ids: { id: number; layer_id: number },
  action: Action,
): Promise<LayerRow> {
  const layer = await layerOfMapOr404(db, ids.id, ids.layer_id);
  if (!canOn(auth.ability, action, 'Layer', { ...layer })) throw forbidden();
  return layer;
}
