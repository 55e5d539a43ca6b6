import type { Queryable } from '../db/database.ts';
import { likePattern, searchCondition } from '../features/feature-rows.ts';
import { timeRangeSql } from '../features/feature-filters.ts';
import { layerFilterSql, SqlParams, type LayerFilter } from './filter-sql.ts';

/** Which features an export takes (stored in the job's payload, so a restart re-reads it). */
export type ExportScope = (
  | {
      kind: 'layer';
      layer_id: number;
      search?: string;
      /** OGC `datetime` on the layer's time property (`time`, fixed when asked), as the list reads it. */
      datetime?: string;
      time?: string;
    }
  | { kind: 'selected'; layer_id: number; feature_ids: number[] }
  | {
      kind: 'filter';
      layers_filter: LayerFilter[];
      /** Each layer's time property (by layer id) when asked, for the entries' `datetime`. */
      times?: Record<string, string>;
    }
) & {
  /**
   * The properties the caller may not read, by layer id, fixed when the export was asked for:
   * they are left out of the file, and a search finds nothing by their values.
   */
  hidden?: Record<string, string[]>;
  /** The moment the file shows the features as they were (ISO 8601), or absent for now. */
  as_of?: string;
};

export type ExportFormat = 'geojson' | 'csv' | 'xlsx' | 'shp' | 'gpkg' | 'kml';

/** One layer's part of the scope: the SQL condition on `features ft` and its bind values. */
export interface LayerPart {
  layerId: number;
  where: string;
  params: unknown[];
  /** Properties of this layer left out of the file. */
  hidden: string[];
  /** The moment the layer is read as it was (ISO 8601), or null for now. */
  asOf: string | null;
}

/**
 * The rows a part reads, `ft`: the layer now, or as it was at the part's moment (features_at,
 * the same columns). `layer` and `at` are the statement's placeholders for the layer id and the
 * moment (bound only when there is one).
 */
export function partSource(part: LayerPart, layer: string, at: string): string {
  return part.asOf ? `features_at(${layer}::int, ${at}::timestamptz)` : 'features';
}

/** The part's moment as the statement's last bind value, when it has one. */
export function partMoment(part: LayerPart): string[] {
  return part.asOf ? [part.asOf] : [];
}

export function layerParts(scope: ExportScope): LayerPart[] {
  const asOf = scope.as_of ?? null;
  return scopeParts(scope).map((part) => ({ ...part, asOf }));
}

function scopeParts(scope: ExportScope): Omit<LayerPart, 'asOf'>[] {
  const hiddenOn = (layerId: number) => scope.hidden?.[String(layerId)] ?? [];
  if (scope.kind === 'filter') {
    // A filter on a hidden property was refused when the export was asked for.
    return scope.layers_filter.map((filter) => {
      const params = new SqlParams();
      const where = layerFilterSql(filter, params, scope.times?.[String(filter.layer_id)]);
      return { layerId: filter.layer_id, where, params: params.values, hidden: hiddenOn(filter.layer_id) };
    });
  }
  const hidden = hiddenOn(scope.layer_id);
  if (scope.kind === 'selected') {
    return [
      { layerId: scope.layer_id, where: 'ft.id = ANY($1::int[])', params: [scope.feature_ids], hidden },
    ];
  }
  // The same conditions as the table's search and time range, so an export holds what the
  // table listed.
  const params = new SqlParams();
  const conditions: string[] = [];
  const search = scope.search?.trim() ?? '';
  if (search !== '') {
    const text = params.add(likePattern(search));
    conditions.push(searchCondition(text, search, hidden.length > 0 ? params.add(hidden) : undefined));
  }
  if (scope.datetime !== undefined) conditions.push(timeRangeSql(scope.time, scope.datetime, params));
  const where = conditions.length === 0 ? 'TRUE' : conditions.map((part) => `(${part})`).join(' AND ');
  return [{ layerId: scope.layer_id, where, params: params.values, hidden }];
}

/** A feature as the writers take it; `extra` holds the format's own geometry encoding. */
export interface ExportRow {
  id: number;
  layer_id: number;
  properties: Record<string, unknown>;
  /** GeoJSON geometry text, or null. */
  geometry: string | null;
  wkt?: string | null;
  kml?: string | null;
  /** WKB, as bytes or (from the database) as hex text. */
  wkb?: Uint8Array | string | null;
  bbox?: [number, number, number, number] | null;
}

const EXTRA_COLUMNS: Record<ExportFormat, string> = {
  geojson: '',
  shp: '',
  csv: ', ST_AsText(ft.geom, 9) AS wkt',
  xlsx: ', ST_AsText(ft.geom, 9) AS wkt',
  kml: ', ST_AsKML(ft.geom, 9) AS kml',
  // WKB as hex text: the embedded database's client decodes bytea in JavaScript, a byte at a
  // time, which took as long as the query; the writer decodes the hex natively.
  gpkg: `, encode(ST_AsBinary(ft.geom), 'hex') AS wkb, CASE WHEN ft.geom IS NULL THEN NULL
    ELSE jsonb_build_array(ST_XMin(ft.geom), ST_YMin(ft.geom), ST_XMax(ft.geom), ST_YMax(ft.geom)) END AS bbox`,
};

/**
 * The geometry as GeoJSON text, for the writers that read it (Shapefile). The others have their
 * own encoding in EXTRA_COLUMNS: writing every coordinate out as text for nothing took about a
 * fifth of a GeoPackage export's database time.
 */
const GEOJSON_COLUMN: Record<ExportFormat, string> = {
  geojson: 'ST_AsGeoJSON(ft.geom, 9)',
  shp: 'ST_AsGeoJSON(ft.geom, 9)',
  csv: 'NULL::text',
  xlsx: 'NULL::text',
  kml: 'NULL::text',
  gpkg: 'NULL::text',
};

export const BATCH_SIZE = 2000;

/** How many features the export will write (for progress). */
export async function countScope(db: Queryable, parts: LayerPart[]): Promise<number> {
  let total = 0;
  for (const part of parts) {
    const next = part.params.length + 1;
    const rows = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${partSource(part, `$${next}`, `$${next + 1}`)} ft
       WHERE ft.layer_id = $${next} AND (${part.where})`,
      [...part.params, part.layerId, ...partMoment(part)],
    );
    total += rows[0]?.n ?? 0;
  }
  return total;
}

/**
 * Runs ANALYZE on the features when the planner thinks the table holds fewer rows than the
 * export is about to read. PGlite has no autovacuum, so after a bulk import the statistics say
 * "empty table"; the keyset query then reads every remaining row of the layer and sorts it for
 * each batch (quadratic in the layer's size) instead of walking the (layer_id, id) index.
 */
export async function refreshStaleStatistics(db: Queryable, total: number): Promise<void> {
  const [stats] = await db.query<{ reltuples: number }>(
    `SELECT reltuples FROM pg_class WHERE oid = 'features'::regclass`,
  );
  // Only the keyset's columns: sampling the geometry and properties costs seconds.
  if ((stats?.reltuples ?? 0) < total) await db.query('ANALYZE features (layer_id, id)');
}

/**
 * The scope's features in id order, a batch at a time (keyset on (layer_id, id), read in the
 * features_layer_id index's order). The next batch is asked for before this one is handed on,
 * so the database reads it while the writer encodes this one (on the embedded database they
 * are two threads); memory holds two batches, however large the layer.
 */
export async function* streamScope(
  db: Queryable,
  parts: LayerPart[],
  format: ExportFormat,
): AsyncGenerator<ExportRow[]> {
  for (const part of parts) {
    const n = part.params.length;
    const batchAfter = (after: number) =>
      db.query<ExportRow>(
        `SELECT ft.id, ft.layer_id, ft.properties - $${n + 3}::text[] AS properties,
                ${GEOJSON_COLUMN[format]} AS geometry${EXTRA_COLUMNS[format]}
         FROM ${partSource(part, `$${n + 1}`, `$${n + 4}`)} ft
         WHERE ft.layer_id = $${n + 1} AND ft.id > $${n + 2} AND (${part.where})
         ORDER BY ft.layer_id, ft.id LIMIT ${BATCH_SIZE}`,
        [...part.params, part.layerId, after, part.hidden, ...partMoment(part)],
      );
    let pending: Promise<ExportRow[]> | undefined = batchAfter(0);
    try {
      while (pending) {
        const rows = await pending;
        pending = undefined;
        if (rows.length === 0) break;
        const last = rows[rows.length - 1]?.id ?? 0;
        if (rows.length === BATCH_SIZE) pending = batchAfter(last);
        yield rows;
      }
    } finally {
      // A writer that stopped early (it failed) leaves no read unawaited.
      await pending?.catch(() => undefined);
    }
  }
}
