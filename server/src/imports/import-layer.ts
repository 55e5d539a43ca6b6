import type { Queryable } from '../db/database.ts';
import { invalid } from '../http/http-error.ts';
import { msg, type Message } from '../i18n/messages.ts';
import type { LayerRow } from '../maps/records.ts';
import { checkedReader } from './feature-checks.ts';
import type { ImportRequest } from './import-readers.ts';
import type { FeatureReader, ImportedFeature } from './imported-feature.ts';
import { convertValue, type InferredProperty } from './schema-inference.ts';
import { workerReader } from './worker-reader.ts';

export { formatOf, type ImportFormat, type ImportRequest } from './import-readers.ts';

export interface ImportResult {
  layer: LayerRow;
  imported: number;
  skipped: number;
  warnings: Message[];
}

/**
 * The request's features, read in a worker thread with a time limit (worker-reader.ts) and
 * checked for what no database takes (feature-checks.ts).
 */
export function readerFor(request: ImportRequest): FeatureReader {
  return checkedReader(workerReader(request));
}

export const IMPORT_STYLE = {
  stroke_color: '#e31a1c',
  stroke_width: 1,
  fill_color: '#e31a1c99',
  point_radius: 5,
  label_property: null,
};

// Readers hand on GeoJSON, or WKT (CSV) or WKB with its SRID (GeoPackage) for PostGIS to read.
export const GEOMETRY_SQL = `ST_Force2D(CASE e -> 'g' ->> 'type'
  WHEN 'WKT' THEN ST_GeomFromText(e -> 'g' ->> 'coordinates', 4326)
  WHEN 'WKB' THEN ST_Transform(ST_SetSRID(ST_GeomFromWKB(decode(e -> 'g' ->> 'coordinates', 'hex')),
    coalesce(nullif((e -> 'g' ->> 'srid')::int, 0), 4326)), 4326)
  ELSE ST_SetSRID(ST_GeomFromGeoJSON(e -> 'g'), 4326) END)`;

/** The layer's geometry type from what was stored: one type, or its multi form, else none. */
export async function settleGeometryType(tx: Queryable, layerId: number): Promise<void> {
  await tx.query(
    `UPDATE layers SET geometry_type = (
       SELECT CASE WHEN count(DISTINCT t) = 1 THEN min(t)
         WHEN count(DISTINCT replace(t, 'Multi', '')) = 1 THEN 'Multi' || min(replace(t, 'Multi', ''))
       END
       FROM (SELECT DISTINCT replace(ST_GeometryType(geom), 'ST_', '') AS t FROM features WHERE layer_id = $1) s
       WHERE t IN ('Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon')
     ) WHERE id = $1`,
    [layerId],
  );
}

/** The layer's properties (as stored in `layers.properties`) for an imported file's schema. */
export const layerProperties = (schema: InferredProperty[]): string =>
  JSON.stringify(
    schema.map((p) => ({ name: p.name, label: p.source, type: p.type, required: false, options: null })),
  );

/** The new vector layer, at the end of its map's layer order, with the inferred schema. */
export async function insertImportedLayer(
  tx: Queryable,
  request: Pick<ImportRequest, 'mapId' | 'categoryId' | 'name'>,
  schema: InferredProperty[],
): Promise<number> {
  const [created] = await tx.query<{ id: number }>(
    `INSERT INTO layers (map_id, category_id, name, type, style, "order", properties)
     VALUES ($1, $2, $3, 'vector', $4, (SELECT coalesce(max("order") + 1, 0) FROM layers WHERE map_id = $1), $5)
     RETURNING id`,
    [request.mapId, request.categoryId, request.name, JSON.stringify(IMPORT_STYLE), layerProperties(schema)],
  );
  return (created as { id: number }).id;
}

/**
 * The planner's row counts for `features`, after an import added many rows at once. The
 * embedded database has no autovacuum to do it, and without them it guessed a layer of 100,000
 * features at a few hundred rows, sorted whole layers for one page and ignored the spatial index.
 * ANALYZE reads a fixed sample (30,000 rows), so it costs about the same at any size.
 */
export async function refreshFeatureStatistics(db: Queryable): Promise<void> {
  await db.query('ANALYZE features');
  // New rows wait in the search index's pending list (up to 4 MB) until a vacuum merges them,
  // and every search reads that whole list: a search right after a big import took 100–600 ms
  // at 100,000 points against 2 ms once merged. The embedded database has no autovacuum.
  await db.query(`SELECT gin_clean_pending_list('features_search'::regclass)`);
}

export function typedProperties(
  schema: InferredProperty[],
  feature: ImportedFeature,
): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const property of schema) {
    const value = convertValue(property.type, feature.properties[property.source]);
    if (value !== undefined) properties[property.name] = value;
  }
  return properties;
}

export const noFormat = () => invalid({ file: [msg('exports.import_format')] });
