import type { components } from '@generated/openapi-types.ts';
import type { Queryable } from '../db/database.ts';
import { invalid } from '../domain-errors.ts';
import { FEATURE_COLUMNS, type FeatureBody, type FeatureRow } from '../maps/records.ts';
import { featuresSource } from './as-of.ts';
import { COUNT_CAP, estimatedCount } from './bounded-count.ts';
import {
  layersFilterProblems,
  layersFilterSql,
  SqlParams,
  type HiddenProperties,
  type TimeProperties,
} from './feature-filters.ts';
import { featurePageSql, featuresWithFiles, type FeatureRowWithFiles } from './feature-rows.ts';
import { indexedFilterMatches, indexedFilterPageText } from './filter-from-index.ts';
import { pointsInBox, sameVersionSql, type LayerVersion } from './point-index.ts';

type LayerFilter = components['schemas']['LayerFilter'];

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

/**
 * A page of the filters panel's answer: its features as objects, or each already written as
 * JSON text (`written`), and how many match.
 */
export type FilteredPage = { total: number } & ({ features: FeatureBody[] } | { written: string[] });

/**
 * The filters panel's answer: a page of the features matching `layersFilter` over the caller's
 * readable `layers` (in layer, then id order) and how many match. 422 on an entry that does not
 * fit (layersFilterProblems). Properties hidden from the caller (`hiddenOf`) are left out of a
 * written page, and still in the objects of one read from the database.
 */
export async function filteredFeatures(
  db: Queryable,
  request: {
    layersFilter: readonly LayerFilter[];
    /** The map's layers the caller may read, by id. */
    layers: ReadonlyMap<number, LayerVersion>;
    hiddenOf: HiddenProperties;
    timeOf: TimeProperties;
    asOf: Date | undefined;
    limit: number;
    offset: number;
  },
): Promise<FilteredPage> {
  const { layersFilter, layers, hiddenOf, timeOf, asOf, limit, offset } = request;
  const layerIds = new Set(layers.keys());
  const problems = layersFilterProblems(layersFilter, layerIds, hiddenOf, timeOf);
  if (Object.keys(problems).length > 0) throw invalid(problems);
  // A box over a big point layer of now: its point index names the points inside (point-index.ts).
  const inBoxes = layersFilter.map((entry) => {
    const layer = layers.get(entry.layer_id);
    return entry.bbox && layer && !asOf
      ? pointsInBox(db, layer, entry.bbox as [number, number, number, number])
      : undefined;
  });
  // Where every entry is such a box and its conditions read the same in memory, the indexes
  // pick and count the matches, and only the page's attachments are read.
  const fromIndex = indexedFilterMatches(layersFilter, inBoxes);
  if (fromIndex) {
    // Each feature is written from the index's text as it is kept (without what is hidden from
    // the caller), rather than parsed into an object to be written again.
    const written = await indexedFilterPageText(db, fromIndex, layers, hiddenOf, limit, offset);
    return { written, total: fromIndex.length };
  }
  // Otherwise the database checks the conditions over the ids the indexes found.
  const boxIds = inBoxes.map(
    (inBox) => inBox && Array.from(inBox.indexes, (index) => inBox.grid.ids[index] as number),
  );
  const indexed = boxIds.some((ids) => ids !== undefined);
  const read = async (byIndex: boolean) => {
    const sql = new SqlParams();
    const where = layersFilterSql(
      layersFilter,
      layerIds,
      sql,
      hiddenOf,
      timeOf,
      byIndex ? (index) => boxIds[index] : undefined,
    );
    // The indexes' layers still at the versions read (else the rows answer nothing: see below).
    const guards = byIndex
      ? layersFilter.flatMap((entry, index) => {
          const layer = layers.get(entry.layer_id);
          return boxIds[index] !== undefined && layer
            ? [sameVersionSql(layer, (value) => sql.add(value))]
            : [];
        })
      : [];
    const source = asOf ? pastLayersSql(layersFilter, asOf, sql) : 'features';
    const rows = await filteredFeaturePage(db, { source, where, guards, limit, offset, sql });
    return { rows, where, sql, source };
  };
  let answer = await read(indexed);
  // A change landed between picking by the index and reading: the database's way.
  if (indexed && answer.rows[0]?.fresh !== true) answer = await read(false);
  const { rows, where, sql, source } = answer;
  const matched = Number(rows[0]?.matched ?? 0);
  const total = matched > COUNT_CAP ? await estimatedCount(db, where, sql.values, source) : matched;
  const found = rows
    .filter((row) => row.id !== null)
    .map(({ matched: _matched, fresh: _fresh, ...row }) => row as FeatureRowWithFiles);
  return { features: featuresWithFiles(found), total };
}
