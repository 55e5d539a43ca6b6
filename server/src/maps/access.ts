import { canOn, type Action, type AppAbility } from '@shared/access/abilities.ts';
import type { Queryable } from '../db/database.ts';
import type { AuthState } from '../http/request-auth.ts';
import { forbidden, notFound } from '../domain-errors.ts';
import { layerOfMapOr404, mapOr404 } from './map-scope.ts';
import { MAP_COLUMNS, type LayerRow, type MapRow } from './records.ts';
import { MAX_ID } from '../openapi/text-rules.ts';

/**
 * The one gate of a map named in a request: a map the caller may not read is 404, exactly as a
 * map that does not exist (a 403 would confirm it is there); one they read but may not act on
 * that way is 403.
 */
export function mayReachMap(ability: AppAbility, map: { id: number }, action: Action): void {
  if (!canOn(ability, 'read', 'Map', { ...map })) throw notFound();
  if (action !== 'read' && !canOn(ability, action, 'Map', { ...map })) throw forbidden();
}

/** The same for a layer of a readable map: a layer hidden from the caller is 404. */
export function mayReachLayer(
  ability: AppAbility,
  layer: { id: number; map_id: number },
  action: Action,
  subjectType: 'Layer' | 'Feature' = 'Layer',
): void {
  if (!canOn(ability, 'read', 'Layer', { ...layer })) throw notFound();
  if (
    subjectType === 'Feature' &&
    !canOn(ability, 'read', 'Feature', { map_id: layer.map_id, layer_id: layer.id })
  )
    throw notFound();
  if (action === 'read') return;
  const instance = subjectType === 'Layer' ? { ...layer } : { map_id: layer.map_id, layer_id: layer.id };
  if (!canOn(ability, action, subjectType, instance)) throw forbidden();
}

/**
 * The map (or layer) named in the path, checked against the caller's abilities on that very
 * row: the operation-level check only says the caller may act on some map.
 */
export async function mapFor(db: Queryable, auth: AuthState, mapId: number, action: Action): Promise<MapRow> {
  const map = await mapOr404(db, mapId);
  mayReachMap(auth.ability, map, action);
  return map;
}

/** The map's part of `subjectType` (a layer, search, filter…) the caller holds `action` on. */
export async function mapForPart(
  db: Queryable,
  auth: AuthState,
  mapId: number,
  action: Action,
  subjectType: 'Layer' | 'Search' | 'MainSearch' | 'Filter' | 'Category' | 'Bookmark' | 'Access',
): Promise<MapRow> {
  const map = await mapOr404(db, mapId);
  mayReachMap(auth.ability, map, 'read');
  if (action !== 'read' && !canOn(auth.ability, action, subjectType, { map_id: map.id })) throw forbidden();
  return map;
}

export async function layerFor(
  db: Queryable,
  auth: AuthState,
  ids: { id: number; layer_id: number },
  action: Action,
): Promise<LayerRow> {
  const map = await mapOr404(db, ids.id);
  mayReachMap(auth.ability, map, 'read');
  const layer = await layerOfMapOr404(db, ids.id, ids.layer_id);
  mayReachLayer(auth.ability, layer, action);
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
  if (map && !canOn(auth.ability, 'manage', 'Layer', { map_id: map.id })) throw forbidden();
}
