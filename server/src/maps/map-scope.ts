import type { Queryable } from '../db/database.ts';
import { cachedMap } from './map-cache.ts';
import { notFound } from '../domain-errors.ts';
import { LAYER_COLUMNS, MAP_COLUMNS, type LayerRow, type MapRow } from './records.ts';

/** The map named in the path, or 404. */
export async function mapOr404(db: Queryable, mapId: number): Promise<MapRow> {
  const kept = await cachedMap(db, mapId);
  if (kept === null) throw notFound();
  if (kept) return kept.map;
  const rows = await db.query<MapRow>(`SELECT ${MAP_COLUMNS} FROM maps m WHERE m.id = $1`, [mapId]);
  const map = rows[0];
  if (!map) throw notFound();
  return map;
}

/** The layer named in the path, if it belongs to the map named in the path; otherwise 404. */
export async function layerOfMapOr404(db: Queryable, mapId: number, layerId: number): Promise<LayerRow> {
  const kept = await cachedMap(db, mapId);
  if (kept !== undefined) {
    const found = kept?.layers.find((layer) => layer.id === layerId && !layer.importing);
    if (!found) throw notFound();
    const { importing: _importing, ...layer } = found;
    return layer;
  }
  const rows = await db.query<LayerRow>(
    `SELECT ${LAYER_COLUMNS} FROM layers l WHERE l.id = $1 AND l.map_id = $2 AND l.import_job_id IS NULL`,
    [layerId, mapId],
  );
  const layer = rows[0];
  if (!layer) throw notFound();
  return layer;
}
