import { canOn, type Action, type AppAbility } from '@shared/access/abilities.ts';
import type { Queryable } from '../db/database.ts';
import { forbidden, notFound } from '../domain-errors.ts';
import { mayReachLayer, mayReachMap } from '../maps/access.ts';
import { cachedMap, mapWithLayers } from '../maps/map-cache.ts';
import { mapOr404 } from '../maps/map-scope.ts';
import { LAYER_COLUMNS, MAP_COLUMNS, type LayerRow, type MapRow } from '../maps/records.ts';
import { MAX_ID } from '../openapi/text-rules.ts';

/**
 * A map's features are reached through the map: the caller must read the map (404 if it
 * does not exist or is not theirs to read) and then hold `action` on a feature of it (403).
 */
export async function mapForFeatures(
  db: Queryable,
  ability: AppAbility,
  mapId: number,
  action: Action,
): Promise<MapRow> {
  const map = await mapOr404(db, mapId);
  mayReachFeatures(ability, map, action);
  return map;
}

/**
 * `mapForFeatures` with every layer of the map by id (an importing one too: its rows exist), in
 * one statement where maps are not kept: the filters panel and the search box need both.
 */
export async function mapLayersForFeatures(
  db: Queryable,
  ability: AppAbility,
  mapId: number,
  action: Action,
): Promise<{ map: MapRow; layers: Map<number, LayerRow> }> {
  const found = await mapWithLayers(db, mapId);
  if (!found) throw notFound();
  mayReachFeatures(ability, found.map, action);
  const layers = found.layers.map(({ importing: _importing, ...layer }) => [layer.id, layer] as const);
  return { map: found.map, layers: new Map(layers) };
}

/** 404 unless the caller reads the map; 403 unless they hold `action` on a feature of it. */
function mayReachFeatures(ability: AppAbility, map: MapRow, action: Action): void {
  mayReachMap(ability, map, 'read');
  if (!canOn(ability, action, 'Feature', { map_id: map.id })) throw forbidden();
}

type LayerJson = Omit<LayerRow, 'created_at' | 'updated_at'> & { created_at: string; updated_at: string };

/**
 * `mapForFeatures` and the layer named in the path (404 unless it is on that map) in one
 * query: a features page asks both on every request. A layer of another map, or one hidden
 * from the caller, is 404; a layer they read but may not act on that way is 403.
 */
export async function mapLayerForFeatures(
  db: Queryable,
  ability: AppAbility,
  mapId: number,
  layerId: number,
  action: Action,
): Promise<{ map: MapRow; layer: LayerRow }> {
  const kept = await cachedMap(db, mapId);
  if (kept === null) throw notFound();
  if (kept) {
    mayReachFeatures(ability, kept.map, action);
    const found = kept.layers.find((layer) => layer.id === layerId && !layer.importing);
    if (!found) throw notFound();
    const { importing: _importing, ...layer } = found;
    mayReachLayer(ability, layer, action, 'Feature');
    return { map: kept.map, layer };
  }
  const rows = await db.query<MapRow & { layer_row: LayerJson | null }>(
    `SELECT ${MAP_COLUMNS}, (
       SELECT to_jsonb(x) FROM (SELECT ${LAYER_COLUMNS} FROM layers l
         WHERE l.id = $2 AND l.map_id = m.id AND l.import_job_id IS NULL) x
     ) AS layer_row
     FROM maps m WHERE m.id = $1`,
    // An id past the column's range names no layer (a body's id is not checked like a path's).
    [mapId, Math.abs(layerId) > MAX_ID ? 0 : layerId],
  );
  const row = rows[0];
  if (!row) throw notFound();
  const { layer_row: layer, ...map } = row;
  mayReachFeatures(ability, map, action);
  if (!layer) throw notFound();
  mayReachLayer(ability, layer, action, 'Feature');
  return {
    map,
    layer: { ...layer, created_at: new Date(layer.created_at), updated_at: new Date(layer.updated_at) },
  };
}

/** The signed-in caller's id; operations that change features all need a session. */
export function userIdOf(user: { id: number } | undefined): number {
  if (!user) throw notFound();
  return user.id;
}
