import type { Database, Queryable } from '../db/database.ts';
import { LAYER_COLUMNS, type LayerRow } from '../maps/records.ts';
import { storedFilesOfLayers, type StoredFileRef } from '../maps/stored-files.ts';
import type { BodyOf } from '../openapi/typed-handlers.ts';
import { toStoredProperty } from './layer-schema.ts';

type LayerCreate = BodyOf<'createLayer'>;
type LayerUpdate = BodyOf<'updateLayer'>;

/** The style a layer gets for what its creator leaves out (the document's example style). */
export const DEFAULT_LAYER_STYLE = {
  stroke_color: '#1f78b4',
  stroke_width: 2,
  fill_color: '#1f78b466',
  point_radius: 5,
  label_property: null,
} as const;

/** The highest `order` the document allows. */
const MAX_ORDER = 10000;

export async function layerRow(db: Queryable, id: number): Promise<LayerRow> {
  const rows = await db.query<LayerRow>(`SELECT ${LAYER_COLUMNS} FROM layers l WHERE l.id = $1`, [id]);
  const row = rows[0];
  if (!row) throw new Error(`layer ${id} vanished`);
  return row;
}

/** The map's layers in drawing order (bottom first). */
export async function layersOfMap(db: Queryable, mapId: number): Promise<LayerRow[]> {
  return db.query<LayerRow>(
    `SELECT ${LAYER_COLUMNS} FROM layers l WHERE l.map_id = $1 AND l.import_job_id IS NULL ORDER BY l."order", l.id`,
    [mapId],
  );
}

/** SQL for "on top of the map's layers": one above the highest order, within the document's bound. */
/** The ids of the map's layers. */
/** The map's layer when it is a vector layer (not one an import is still filling). */
export async function vectorLayerOfMap(
  db: Queryable,
  mapId: number,
  layerId: number,
): Promise<LayerRow | undefined> {
  const rows = await db.query<LayerRow>(
    `SELECT ${LAYER_COLUMNS} FROM layers l WHERE l.id = $1 AND l.map_id = $2 AND l.import_job_id IS NULL`,
    [layerId, mapId],
  );
  const layer = rows[0];
  return layer?.type === 'vector' ? layer : undefined;
}

export async function layerIdsOfMap(db: Queryable, mapId: number): Promise<Set<number>> {
  const rows = await db.query<{ id: number }>(`SELECT id FROM layers WHERE map_id = $1`, [mapId]);
  return new Set(rows.map((row) => row.id));
}

/** Which of `ids` name a layer of the map. */
export async function layerIdsOfMapAmong(
  db: Queryable,
  mapId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  const rows = await db.query<{ id: number }>(
    'SELECT id FROM layers WHERE map_id = $1 AND id = ANY($2::int[])',
    [mapId, ids],
  );
  return new Set(rows.map((row) => row.id));
}

export const TOP_ORDER = (mapParameter: string) =>
  `(SELECT LEAST(COALESCE(max("order") + 1, 0), ${MAX_ORDER}) FROM layers WHERE map_id = ${mapParameter})`;

export async function insertLayer(db: Queryable, mapId: number, body: LayerCreate): Promise<LayerRow> {
  const remote = body.type !== 'vector';
  const rows = await db.query<{ id: number }>(
    `INSERT INTO layers (map_id, category_id, name, type, geometry_type, source, style, visible, opacity,
       min_zoom, max_zoom, "order", properties)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, COALESCE($12::int, ${TOP_ORDER('$1')}), $13)
     RETURNING id`,
    [
      mapId,
      body.category_id ?? null,
      body.name,
      body.type,
      remote ? null : (body.geometry_type ?? null),
      remote && body.source ? JSON.stringify(normaliseSource(body.source)) : null,
      JSON.stringify({ ...DEFAULT_LAYER_STYLE, ...body.style }),
      body.visible ?? true,
      body.opacity ?? 1,
      body.min_zoom ?? null,
      body.max_zoom ?? null,
      body.order ?? null,
      JSON.stringify((body.properties ?? []).map(toStoredProperty)),
    ],
  );
  return layerRow(db, (rows[0] as { id: number }).id);
}

function normaliseSource(source: NonNullable<LayerCreate['source']>) {
  return { url: source.url, layers: source.layers ?? null, format: source.format ?? null };
}

/** Only the fields sent change; style fields merge into the current style. */
export async function updateLayer(db: Queryable, layer: LayerRow, body: LayerUpdate): Promise<LayerRow> {
  const sets: string[] = [];
  const values: unknown[] = [layer.id];
  const set = (column: string, value: unknown, cast = '') => {
    values.push(value);
    sets.push(`${column} = $${values.length}${cast}`);
  };
  if (body.name !== undefined) set('name', body.name);
  if (body.category_id !== undefined) set('category_id', body.category_id);
  if (body.source !== undefined) set('source', JSON.stringify(normaliseSource(body.source)));
  if (body.style !== undefined) {
    values.push(JSON.stringify(body.style));
    sets.push(`style = style || $${values.length}::jsonb`);
  }
  if (body.visible !== undefined) set('visible', body.visible);
  if (body.opacity !== undefined) set('opacity', body.opacity);
  if (body.min_zoom !== undefined) set('min_zoom', body.min_zoom);
  if (body.max_zoom !== undefined) set('max_zoom', body.max_zoom);
  if (body.order !== undefined) set('"order"', body.order);
  if (body.time_property !== undefined) set('time_property', body.time_property);
  await db.query(`UPDATE layers SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $1`, values);
  return layerRow(db, layer.id);
}

/**
 * Deletes the layer; features, files rows, relations, links, searches and filters on it go by
 * cascade. Returns the attachment storage keys to unlink after the commit.
 */
export async function deleteLayer(db: Database, layerId: number): Promise<StoredFileRef[]> {
  return db.transaction(async (tx) => {
    const keys = await storedFilesOfLayers(tx, 'layer', layerId);
    await tx.query('DELETE FROM layers WHERE id = $1', [layerId]);
    return keys;
  });
}
