import type { Queryable } from '../db/database.ts';
import { featuresSource } from './as-of.ts';
import { COUNT_CAP } from './bounded-count.ts';
import type { SqlParams } from './feature-filters.ts';
import { featurePageSql, type FeatureRowWithFiles } from './feature-rows.ts';
import { FEATURE_COLUMNS, type FeatureRow } from '../maps/records.ts';

/** The filtered layers as they were at `asOf`, one relation with the columns of `features`. */
export function pastLayersSql(
  layersFilter: readonly { layer_id: number }[],
  asOf: Date,
  sql: SqlParams,
): string {
  const at = sql.add(asOf.toISOString());
  const layers = [...new Set(layersFilter.map((entry) => entry.layer_id))];
  if (layers.length === 0) return 'features';
  return `(${layers
    .map((id) => `SELECT * FROM ${featuresSource(asOf, sql.add(id), at)}`)
    .join(' UNION ALL ')})`;
}

/**
 * One page of the features of `source` matching `where`, by layer and id, with how many match
 * (capped at COUNT_CAP + 1) and whether every guard still holds, in one statement. A page past
 * the end is one row of nulls carrying the count.
 */
export function filteredFeaturePage(
  db: Queryable,
  query: {
    source: string;
    where: string;
    guards: readonly string[];
    limit: number;
    offset: number;
    sql: SqlParams;
  },
) {
  const { source, where, guards } = query;
  // Filter results are a selection, not a whole layer: OFFSET paging (over ids only) is fine here.
  const pageSql = featurePageSql(
    `SELECT ft.id, ft.layer_id FROM ${source} ft WHERE ${where} ORDER BY ft.layer_id, ft.id`,
    'ft.layer_id, ft.id',
    query.limit,
    query.offset,
    false,
    source,
  );
  return db.query<FeatureRowWithFiles & { matched: number; fresh: boolean }>(
    `SELECT c.matched, c.fresh, p.* FROM (
       SELECT (SELECT count(*)::int FROM (SELECT 1 FROM ${source} ft WHERE ${where} LIMIT ${COUNT_CAP + 1}) capped) AS matched,
         ${guards.length > 0 ? guards.join(' AND ') : 'true'} AS fresh
     ) c LEFT JOIN LATERAL (${pageSql}) p ON true`,
    query.sql.values,
  );
}

/**
 * The layer's features whose `names` properties match `pattern` (parameters of `sql`), best
 * first: a value starting with the text (`prefix`), then the shortest `displayed` value, then id.
 */
export function mainSearchMatches(
  db: Queryable,
  query: {
    source: string;
    layerId: string;
    time: string;
    names: string;
    pattern: string;
    prefix: string;
    displayed: string;
    limit: number;
    sql: SqlParams;
  },
) {
  const { source, layerId, time, names, pattern, prefix, displayed } = query;
  return db.query<FeatureRow>(
    `SELECT ${FEATURE_COLUMNS} FROM ${source} ft
     WHERE ft.layer_id = ${layerId} AND ${time} AND EXISTS (
       SELECT 1 FROM unnest(${names}::text[]) f(name) WHERE ft.properties ->> f.name ILIKE ${pattern})
     ORDER BY NOT EXISTS (
         SELECT 1 FROM unnest(${names}::text[]) f(name) WHERE ft.properties ->> f.name ILIKE ${prefix}),
       length(coalesce(ft.properties ->> ${displayed}::text, '')), ft.id
     LIMIT ${query.limit}`,
    query.sql.values,
  );
}
