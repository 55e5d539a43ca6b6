import { canOn, type Action } from '../auth/abilities.ts';
import type { Queryable } from '../db/database.ts';
import type { AuthState } from '../http/request-auth.ts';
import { forbidden } from '../http/http-error.ts';
import { layerOfMapOr404, mapOr404 } from './map-scope.ts';
import { MAP_COLUMNS, type LayerRow, type MapRow } from './records.ts';
import { MAX_ID } from '../openapi/text-rules.ts';

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

/**
 * For a map named in a body (not the path): a missing one is the body's problem (422, found
 * by the caller's own checks), an existing one must be one the caller may update.
 */
export async function mayUpdateMapIfExists(db: Queryable, auth: AuthState, mapId: number): Promise<void> {
  if (mapId > MAX_ID) return;
  const rows = await db.query<MapRow>(`SELECT ${MAP_COLUMNS} FROM maps m WHERE m.id = $1`, [mapId]);
  const map = rows[0];
  if (map && !canOn(auth.ability, 'update', 'Map', { ...map })) throw forbidden();
}
