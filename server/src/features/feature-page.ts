import type { Queryable } from '../db/database.ts';
import { invalid } from '../domain-errors.ts';
import { keysetPageEnvelope, type PageEnvelope } from '@shared/http/pagination.ts';
import { msg } from '../i18n/messages.ts';
import type { FeatureBody, LayerRow } from '../maps/records.ts';
import { boundedCount } from './bounded-count.ts';
import {
  cutByBudget,
  featurePageSql,
  featuresWithFiles,
  likePattern,
  searchCondition,
  type FeatureRowWithFiles,
} from './feature-rows.ts';
import { countAt, featuresSource, idsBeyond, pastCandidateIds, type IdBound } from './as-of.ts';
import { SqlParams, timeRangeSql } from './feature-filters.ts';
import { pageStart } from './page-anchors.ts';

export interface LayerPageRequest {
  layerId: number;
  featuresCount: number;
  /** Names the layer's current contents (its version); deep pages are found by anchors read per version. */
  versionKey?: string | undefined;
  page: number;
  perPage: number;
  search?: string | undefined;
  /** Properties the caller may not read: the search finds nothing by their values. */
  hidden?: readonly string[] | undefined;
  /** Only features whose property has this value (as text); see `parseFeatureWhere`. */
  where?: FeatureWhere | undefined;
  afterId?: number | undefined;
  beforeId?: number | undefined;
  /** A property to order by instead of the id (ties by id); see `parseFeatureSort`. */
  sort?: FeatureSort | undefined;
  /** The layer as it was at this moment, rebuilt from its history (see featuresSource). */
  asOf?: Date | undefined;
  /** Only features whose time (`property`, the layer's time property) meets OGC `datetime`. */
  time?: FeatureTime | undefined;
  path: string;
}

export type FeatureTime = { property: string | undefined; datetime: string };

export type FeatureSort = { property: string; descending: boolean };
export type FeatureWhere = { property: string; value: string };

/**
 * `where_property` and `where_value` as one condition: both or neither, and the property must
 * be in the layer's schema, else a 422 on the one at fault.
 */
export function parseFeatureWhere(
  property: string | undefined,
  value: string | undefined,
  layer: Pick<LayerRow, 'properties'>,
): FeatureWhere | undefined {
  if (property === undefined && value === undefined) return undefined;
  if (property === undefined)
    throw invalid({ where_property: [msg('validation.required', { field: 'where_property' })] });
  if (value === undefined)
    throw invalid({ where_value: [msg('validation.required', { field: 'where_value' })] });
  if (!layer.properties.some((entry) => entry.name === property))
    throw invalid({ where_property: [msg('features.unknown_property', { name: property })] });
  return { property, value };
}

/**
 * The `sort` query value (`name` or `-name`) as an order: `id` sorts by id; any other name
 * must be a property of the layer's schema, else a 422 on `sort`.
 */
export function parseFeatureSort(sort: string | undefined, layer: Pick<LayerRow, 'properties'>) {
  if (!sort) return undefined;
  const descending = sort.startsWith('-');
  const property = descending ? sort.slice(1) : sort;
  if (property !== 'id' && !layer.properties.some((entry) => entry.name === property))
    throw invalid({ sort: [msg('features.unknown_property', { name: property })] });
  return { property, descending };
}

/**
 * One page in a property's order. Keyset cursors would need the sort value beside the id,
 * so these pages are read by OFFSET: deep pages of a big layer cost more than in id order.
 */
async function sortedPage(
  db: Queryable,
  source: string,
  where: string,
  params: unknown[],
  sort: FeatureSort,
  perPage: number,
  page: number,
): Promise<FeatureRowWithFiles[]> {
  const direction = sort.descending ? 'DESC' : 'ASC';
  const order =
    sort.property === 'id'
      ? `ft.id ${direction}`
      : `ft.properties -> $${params.length + 1} ${direction} NULLS LAST, ft.id ${direction}`;
  return db.query<FeatureRowWithFiles>(
    featurePageSql(
      `SELECT ft.id FROM ${source} ft WHERE ${where} ORDER BY ${order}`,
      order,
      perPage,
      (page - 1) * perPage,
      false,
      source,
    ),
    sort.property === 'id' ? params : [...params, sort.property],
  );
}

/** The rows of a layer page: $1 is the layer, then the property filter's and the search's values. */
export function layerWhere(
  layerId: number,
  search: string | undefined,
  equals?: FeatureWhere,
  hidden: readonly string[] = [],
  time?: FeatureTime,
): { where: string; params: unknown[] } {
  const params: unknown[] = [layerId];
  let where = 'ft.layer_id = $1';
  if (time) {
    const sql = new SqlParams();
    sql.values.push(...params);
    where += ` AND ${timeRangeSql(time.property, time.datetime, sql)}`;
    params.splice(0, params.length, ...sql.values);
  }
  if (equals) {
    params.push(equals.property, equals.value);
    where += ` AND ft.properties ->> $${params.length - 1} = $${params.length}`;
  }
  if (search) {
    params.push(likePattern(search));
    const bind = `$${params.length}`;
    if (hidden.length > 0) params.push(hidden);
    where += ` AND ${searchCondition(bind, search, hidden.length > 0 ? `$${params.length}` : undefined)}`;
  }
  return { where, params };
}

/** The most ids one round of a page of the past may rebuild (past it, the page reads as before). */
const PAST_MOST_CANDIDATES = 16_384;

/**
 * One page of a layer in id order. The page links carry a keyset cursor (the last or first
 * id shown), so following next/prev reads the (layer_id, id) index from the cursor on; the
 * first and last pages are read from either end. A page number with no cursor (typed, or
 * the table jumping to a scroll position) starts from the nearest remembered anchor id
 * (page-anchors.ts), so it skips fewer than a thousand rows however deep it is.
 */
export async function layerFeaturePage(
  db: Queryable,
  request: LayerPageRequest,
): Promise<PageEnvelope<FeatureBody>> {
  const { layerId, page, perPage, search, where: equals, asOf } = request;
  const { where, params } = layerWhere(layerId, search, equals, request.hidden, request.time);
  if (asOf) params.push(asOf.toISOString());
  const asOfParam = params.length;
  const source = featuresSource(asOf, '$1', `$${asOfParam}`);
  // Narrowed pages are counted and found by reading them; the layer's count and anchors are of all.
  const narrowed = Boolean(search) || equals !== undefined || request.time !== undefined;
  const { total, exact } = narrowed
    ? await boundedCount(db, where, params, source)
    : asOf
      ? { total: await countAt(db, layerId, asOf, request.versionKey), exact: false }
      : { total: request.featuresCount, exact: true };
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  // The side on which the answer budget left rows out, if it did (pageEnvelopeOf links to them).
  let cut: 'after' | 'before' | undefined;
  const selectFrom = async (
    from: string,
    values: unknown[],
    condition: string,
    order: 'ASC' | 'DESC',
    limit: number,
    offset = 0,
    /** A WITH clause naming `from`, put before the statement. */
    named = '',
  ) => {
    const read = await db.query<FeatureRowWithFiles>(
      named +
        featurePageSql(
          `SELECT ft.id FROM ${from} ft WHERE ${where}${condition} ORDER BY ft.id ${order}`,
          `ft.id ${order}`,
          limit,
          offset,
          true,
          from,
        ),
      values,
    );
    if (cutByBudget(read)) cut = order === 'ASC' ? 'after' : 'before';
    return read;
  };
  const select = (bound: IdBound, limit: number, offset = 0) => {
    const order = bound !== undefined && 'before' in bound ? 'DESC' : 'ASC';
    if (asOf && !narrowed && offset === 0) return pastPage(asOf, bound, order, limit);
    return selectFrom(source, params, idsBeyond('ft.id', bound), order, limit, offset);
  };
  /**
   * A keyset page of the past, rebuilt for a few candidate ids at a time (pastCandidateIds):
   * those created since drop out, so a short round asks twice as many beyond the last. Past
   * PAST_MOST_CANDIDATES in one round (a long run of features made since), the whole layer then
   * is read beyond the cursor instead, as a page of the past was read before.
   */
  const pastPage = async (moment: Date, bound: IdBound, order: 'ASC' | 'DESC', limit: number) => {
    const rows: FeatureRowWithFiles[] = [];
    let from = bound;
    for (let count = limit + 1; rows.length < limit; count *= 2) {
      if (count > PAST_MOST_CANDIDATES) {
        const last = rows.at(-1)?.id;
        const rest = last === undefined ? from : order === 'ASC' ? { after: last } : { before: last };
        rows.push(
          ...(await selectFrom(source, params, idsBeyond('ft.id', rest), order, limit - rows.length)),
        );
        break;
      }
      const ids = await pastCandidateIds(db, layerId, moment, from, count);
      if (ids.length === 0) break;
      const values = [...params, ids];
      // Named once and materialised: the page statement reads its source three times (ids, answer
      // budget, rows). The rebuild of the candidates keeps its plan (features_at_ids).
      const named = `WITH past AS MATERIALIZED (SELECT * FROM features_at_ids($1::int, $${asOfParam}::timestamptz, $${values.length}::int[])) `;
      const read = await selectFrom('past', values, '', order, limit - rows.length, 0, named);
      rows.push(...read);
      if (cut || ids.length < count) break;
      const last = ids.at(-1) as number;
      from = order === 'ASC' ? { after: last } : { before: last };
    }
    return rows;
  };
  const sort =
    request.sort && !(request.sort.property === 'id' && !request.sort.descending) ? request.sort : undefined;
  let rows: FeatureRowWithFiles[];
  if (page > lastPage) rows = [];
  else if (sort) rows = await sortedPage(db, source, where, params, sort, perPage, page);
  else if (request.afterId !== undefined) rows = await select({ after: Number(request.afterId) }, perPage);
  else if (request.beforeId !== undefined)
    rows = (await select({ before: Number(request.beforeId) }, perPage)).reverse();
  else if (page === 1) rows = await select(undefined, perPage);
  else if (page === lastPage && exact)
    rows = (await selectFrom(source, params, '', 'DESC', total - (lastPage - 1) * perPage)).reverse();
  else {
    const offset = (page - 1) * perPage;
    const start =
      narrowed || asOf || request.versionKey === undefined
        ? undefined
        : await pageStart(db, layerId, request.versionKey, offset);
    rows = start
      ? await selectFrom(source, params, ` AND ft.id >= ${start.fromId}`, 'ASC', perPage, start.skip)
      : await selectFrom(source, params, '', 'ASC', perPage, offset);
  }

  return pageEnvelopeOf(request, rows, total, sort, cut);
}

/** The answer for a page of `rows` (already in order) out of `total`; links carry keyset cursors. */
export function pageEnvelopeOf(
  request: Pick<LayerPageRequest, 'page' | 'perPage' | 'search' | 'where' | 'path' | 'asOf' | 'time'>,
  rows: readonly FeatureRowWithFiles[],
  total: number,
  sort: FeatureSort | undefined,
  /**
   * The side on which the answer budget left some of the page's rows out: that side's link
   * then names this same page from the cursor, so following links still meets every row.
   */
  cut?: 'after' | 'before',
): PageEnvelope<FeatureBody> {
  const { search, where: equals } = request;
  return keysetPageEnvelope(featuresWithFiles(rows), {
    page: request.page,
    perPage: request.perPage,
    total,
    path: request.path,
    query: {
      search: search || undefined,
      where_property: equals?.property,
      where_value: equals?.value,
      as_of: request.asOf?.toISOString(),
      datetime: request.time?.datetime,
    },
    sort: sort && `${sort.descending ? '-' : ''}${sort.property}`,
    cut,
  });
}
