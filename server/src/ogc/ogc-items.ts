import type { Queryable } from '../db/database.ts';
import { countAt, featuresSource } from '../features/as-of.ts';
import { SqlParams } from '../features/feature-filters.ts';
import { featureLimits } from '../features/feature-limits.ts';
import { cutByBudget, withinAnswerBudget } from '../features/feature-rows.ts';
import { INDEXED_BOX_MAX, ogcFeatureText, pointIndexes, schemaNullsOf } from '../features/point-index.ts';
import type { LayerRow } from '../maps/records.ts';
import { MAX_ID } from '../openapi/text-rules.ts';
import { FilterError } from './cql2-lexer.ts';
import { cql2ToSql, type QueryableKind } from './cql2-parser.ts';
import { GEOJSON, JSON_TYPE, queryableKinds } from './ogc-documents.ts';
import { parseDatetime } from './ogc-datetime.ts';
import { etagOf, VERSION_SQL } from './ogc-etag.ts';
import { badParameter, filterProblem } from './ogc-errors.ts';

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 10_000;
/** Query parameters of the items operation; any other one naming a queryable is `property = value`. */
const RESERVED = new Set([
  'limit',
  'bbox',
  'datetime',
  'filter',
  'filter-lang',
  'resultType',
  'after',
  'before',
  'f',
  'bbox-crs',
  'crs',
  'as_of',
]);

export interface ItemsQuery {
  limit?: number | undefined;
  bbox?: number[] | undefined;
  datetime?: string | undefined;
  filter?: string | undefined;
  resultType?: 'results' | 'hits' | undefined;
  after?: number | undefined;
  before?: number | undefined;
  /** The layer as it was at this moment, rebuilt from its history. */
  asOf?: Date | undefined;
}

interface ItemRow {
  id: number;
  geometry: string | null;
  properties: string;
  version?: number;
}

/**
 * The boxes `minLon,minLat,maxLon,maxLat` (or the 6-number 3D form) covers: two when it
 * crosses the antimeridian (its west edge east of its east edge), else one.
 */
function bboxBoxes(numbers: number[]): [number, number, number, number][] {
  const ok = (numbers.length === 4 || numbers.length === 6) && numbers.every((n) => Number.isFinite(n));
  if (!ok) throw badParameter('bbox', 'ogc.bad_bbox');
  const [minX = 0, minY = 0, maxX = 0, maxY = 0] =
    numbers.length === 6 ? [numbers[0], numbers[1], numbers[3], numbers[4]] : numbers;
  if (minY > maxY) throw badParameter('bbox', 'ogc.bad_bbox');
  if (minX <= maxX) return [[minX, minY, maxX, maxY]];
  return [
    [minX, minY, 180, maxY],
    [-180, minY, maxX, maxY],
  ];
}

/** The layer's time property, while it still names a date property of its schema. */
export function timePropertyOf(layer: LayerRow): string | undefined {
  const name = layer.time_property;
  return layer.properties.some((property) => property.name === name && property.type === 'date')
    ? (name ?? undefined)
    : undefined;
}

/**
 * Features whose time meets the span; as OGC 17-069r4 asks, features without a time (no value
 * in the time property) match any `datetime`.
 */
function datetimeCondition(layer: LayerRow, text: string, params: SqlParams): string {
  const property = timePropertyOf(layer);
  if (!property) throw badParameter('datetime', 'ogc.no_time_property', { layer: layer.name });
  const span = parseDatetime(text);
  const bound = (at: number | undefined) =>
    at === undefined ? 'NULL::timestamptz' : `${params.add(new Date(at).toISOString())}::timestamptz`;
  const time = `feature_time_span(ft.properties ->> ${params.add(property)}::text)`;
  const wanted = `tstzrange(${bound(span.start)}, ${bound(span.end)}, '${span.endOpen ? '[)' : '[]'}')`;
  return `(${time} IS NULL OR ${time} && ${wanted})`;
}

/** `name=value` for a queryable: the value read as the property's type. */
function propertyEquals(name: string, raw: unknown, kind: QueryableKind, params: SqlParams): string {
  if (typeof raw !== 'string' || kind === 'geometry')
    throw badParameter(name, 'ogc.bad_value', { type: kind });
  const key = `${params.add(name)}::text`;
  if (kind === 'text') return `(ft.properties ->> ${key}) = ${params.add(raw)}::text`;
  const value = kind === 'number' ? Number(raw) : raw === 'true' ? true : raw === 'false' ? false : undefined;
  if (value === undefined || (typeof value === 'number' && (raw.trim() === '' || !Number.isFinite(value))))
    throw badParameter(name, 'ogc.bad_value', { type: kind });
  return `ft.properties -> ${key} = to_jsonb(${params.add(value)}::${kind === 'number' ? 'numeric' : 'boolean'})`;
}

/** The WHERE clause (over `features ft`) of the items request: layer, bbox, property=value, filter. */
export function itemsWhere(
  layer: LayerRow,
  query: ItemsQuery,
  raw: Record<string, unknown>,
  params: SqlParams,
): string {
  const parts = [`ft.layer_id = ${params.add(layer.id)}::int`];
  if (query.bbox !== undefined) {
    const boxes = bboxBoxes(query.bbox).map((box) => {
      const [a, b, c, d] = box.map((value) => params.add(value));
      return `ST_Intersects(ft.geom, ST_MakeEnvelope(${a}::float8, ${b}::float8, ${c}::float8, ${d}::float8, 4326))`;
    });
    parts.push(boxes.length === 1 ? (boxes[0] ?? 'true') : `(${boxes.join(' OR ')})`);
  }
  if (query.datetime !== undefined) parts.push(datetimeCondition(layer, query.datetime, params));
  const kinds = queryableKinds(layer);
  for (const [name, value] of Object.entries(raw)) {
    if (RESERVED.has(name)) continue;
    const kind = kinds.get(name);
    // OGC 17-069r4 answers a parameter the operation does not know with a 400, not silence.
    if (!kind) throw badParameter(name, 'ogc.unknown_parameter');
    parts.push(propertyEquals(name, value, kind, params));
  }
  if (query.filter !== undefined && query.filter.trim() !== '') {
    try {
      parts.push(`(${cql2ToSql(query.filter, kinds, params)})`);
    } catch (error) {
      if (error instanceof FilterError) throw filterProblem(error);
      throw error;
    }
  }
  return parts.join(' AND ');
}

/** Every schema property appears in every feature (null when unset), so readers see all fields from the first page. */
const schemaNulls = (layer: LayerRow) => schemaNullsOf(layer);

const featureJson = (row: ItemRow, links: string) =>
  `{"type":"Feature","id":${row.id},"geometry":${row.geometry ?? 'null'},"properties":${row.properties}${links}}`;

const linkJson = (href: string, rel: string, type: string) => JSON.stringify({ href, rel, type });

async function readRows(
  db: Queryable,
  layer: LayerRow,
  where: string,
  params: SqlParams,
  cursor: string,
  order: 'ASC' | 'DESC',
  limit: number,
  past?: { source: string; at: string },
): Promise<ItemRow[]> {
  const values = [...params.values, schemaNulls(layer), limit];
  const n = params.values.length;
  // In the past, the version is the one the feature had then.
  const version = past
    ? VERSION_SQL.replace(/\)$/, ` AND a.created_at <= ${past.at}::timestamptz)`)
    : VERSION_SQL;
  return db.query<ItemRow>(
    `SELECT ft.id, ST_AsGeoJSON(ft.geom, 9) AS geometry, ($${n + 1}::jsonb || ft.properties)::text AS properties,
       ${version} AS version
     FROM ${past?.source ?? 'features'} ft WHERE ${where}${cursor} ORDER BY ft.id ${order} LIMIT $${n + 2}::int`,
    values,
  );
}

async function countMatched(db: Queryable, where: string, params: SqlParams, source: string) {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${source} ft WHERE ${where}`,
    params.values,
  );
  return Number(row?.n ?? 0);
}

interface PageRow {
  matched: number | null;
  other_side: boolean;
  id: number | null;
  geometry: string | null;
  properties: string | null;
  /** How many rows the page picked before the answer budget cut it (withinAnswerBudget). */
  chosen: number | null;
}

/**
 * One page and what its links need, in one statement: the rows past the cursor, the count of
 * all matches when this page reports it, and whether any match lies on the cursor's other
 * side (a `prev` link after `after`, a `next` link after `before`). A match before the first
 * row past `after` can only be at or below `after` (the first row is the first match past
 * it), so that is one EXISTS on the index, asked together with the page instead of after it.
 * The page joins a one-row select, so an empty page still carries the count.
 */
async function readPage(
  db: Queryable,
  layer: LayerRow,
  where: string,
  params: SqlParams,
  {
    cursor,
    limit,
    count,
    source,
  }: {
    cursor: { side: 'after' | 'before'; id: number | undefined };
    limit: number;
    count: boolean;
    /** `features`, or the layer as it was (featuresSource). */
    source: string;
  },
): Promise<PageRow[]> {
  const after = cursor.side === 'after';
  const at = cursor.id === undefined ? undefined : params.add(cursor.id);
  const bound = at === undefined ? '' : ` AND ft.id ${after ? '>' : '<'} ${at}::bigint`;
  const otherSide =
    at === undefined
      ? 'false'
      : `EXISTS (SELECT 1 FROM ${source} ft WHERE ${where} AND ft.id ${after ? '<=' : '>='} ${at}::bigint)`;
  const matched = count ? `(SELECT count(*)::int FROM ${source} ft WHERE ${where})` : 'NULL::int';
  const nulls = params.add(schemaNulls(layer));
  const rows = params.add(limit);
  const order = after ? 'ASC' : 'DESC';
  return db.query<PageRow>(
    `SELECT s.matched, s.other_side, p.id, p.geometry, p.properties, p.chosen
     FROM (SELECT ${matched} AS matched, ${otherSide} AS other_side) s
     LEFT JOIN LATERAL (
       SELECT ft.id, ST_AsGeoJSON(ft.geom, 9) AS geometry, (${nulls}::jsonb || ft.properties)::text AS properties,
         page.chosen::int AS chosen
       FROM ${source} ft JOIN (${withinAnswerBudget(
         `SELECT ft.id FROM ${source} ft WHERE ${where}${bound} ORDER BY ft.id ${order} LIMIT ${rows}::int`,
         `ft.id ${order}`,
         source,
       )}) page ON page.id = ft.id
     ) p ON true
     ORDER BY p.id ${order}`,
    params.values,
  );
}

/** A page of items as the links and the collection need it: its features' text and bounds. */
interface PageAnswer {
  /** The features' GeoJSON, joined by commas, in id order. */
  features: string;
  shown: number;
  firstId: number | undefined;
  lastId: number | undefined;
  /** More matches lie past the page in its direction (a next link after, a prev link before). */
  more: boolean;
  /** A match lies on the cursor's other side. */
  otherSide: boolean;
  matched: number | null;
}

/** What readPage's rows (limit + 1 picked, in the page's direction) answer. */
function answerOf(page: PageRow[], limit: number, backwards: boolean): PageAnswer {
  const head = page[0];
  const found = page.filter((row): row is PageRow & { id: number } => row.id !== null);
  let rows: ItemRow[] = found
    .slice(0, limit)
    .map((row) => ({ id: row.id, geometry: row.geometry, properties: row.properties ?? '{}' }));
  if (backwards) rows = rows.reverse();
  return {
    features: rows.map((row) => featureJson(row, '')).join(','),
    shown: rows.length,
    firstId: rows[0]?.id,
    lastId: rows[rows.length - 1]?.id,
    // Rows the answer budget left out are more to read: the next link starts after the last one shown.
    more: found.length > limit || cutByBudget(found),
    otherSide: head?.other_side === true,
    matched: head?.matched ?? null,
  };
}

/**
 * The page of a request that is a box and nothing else, over a big point layer of now, from
 * the layer's point index alone (point-index.ts): it names every point in the box, so the
 * count, the page and whether any match lies behind the cursor are known here, and it keeps
 * each point's feature text and stored size as the database wrote them for this version, so
 * the page is cut at the answer budget as readPage cuts it and written without a statement.
 * Undefined when that does not apply (the caller asks the database).
 */
async function pageByPointIndex(
  db: Queryable,
  layer: LayerRow,
  query: ItemsQuery,
  raw: Record<string, unknown>,
  limit: number,
): Promise<PageAnswer | undefined> {
  if (query.asOf || query.bbox === undefined || query.datetime !== undefined) return undefined;
  if ((query.filter ?? '').trim() !== '' || Object.keys(raw).some((name) => !RESERVED.has(name)))
    return undefined;
  const boxes = bboxBoxes(query.bbox);
  const [box] = boxes;
  if (!box || boxes.length !== 1) return undefined;
  const grid = pointIndexes(db)?.get(layer);
  const inBox = grid?.search(...box, INDEXED_BOX_MAX);
  if (!grid || !inBox) return undefined;
  const backwards = query.before !== undefined;
  const cursor = backwards ? query.before : query.after;
  // limit + 1 points in the page's direction, as readPage picks them.
  const all = Array.from(inBox);
  const picked = backwards
    ? all
        .filter((index) => (grid.ids[index] as number) < (cursor ?? Infinity))
        .slice(-(limit + 1))
        .reverse()
    : all.filter((index) => cursor === undefined || (grid.ids[index] as number) > cursor).slice(0, limit + 1);
  const otherSide =
    cursor !== undefined &&
    all.some((index) =>
      backwards ? (grid.ids[index] as number) >= cursor : (grid.ids[index] as number) <= cursor,
    );
  const answer = { otherSide, matched: all.length };
  if (picked.length === 0)
    return { ...answer, features: '', shown: 0, firstId: undefined, lastId: undefined, more: false };
  const { features } = grid;
  if (!features) return undefined;
  // The answer budget as withinAnswerBudget cuts: a point is kept while the bytes before it
  // are under the budget (the first always).
  const budget = Math.trunc(featureLimits().answerBytes);
  let before = 0;
  const kept: number[] = [];
  for (const index of picked) {
    if (before >= budget) break;
    kept.push(index);
    before += features.sizes[index] as number;
  }
  const shown = kept.slice(0, limit).sort((x, y) => x - y);
  return {
    ...answer,
    features: shown.map((index) => ogcFeatureText(grid, index)).join(','),
    shown: shown.length,
    firstId: grid.ids[shown[0] as number],
    lastId: grid.ids[shown[shown.length - 1] as number],
    more: kept.length > limit || kept.length < picked.length,
  };
}

/**
 * One page of items as GeoJSON text, in id order. `next` carries the last id (`after`) and
 * `prev` the first (`before`): each page is an index range scan from its cursor (keyset, no
 * OFFSET), so reading a layer to its end costs the same per page at any depth. numberMatched
 * is counted on the first page (and for resultType=hits), not again on every following page.
 */
export async function itemsPage(
  db: Queryable,
  layer: LayerRow,
  query: ItemsQuery,
  raw: Record<string, unknown>,
  itemsUrl: string,
  search: string,
  /** The layer with every property (`layer` is as the caller sees it): a point index is of it. */
  full: LayerRow = layer,
): Promise<string> {
  const limit = Math.min(query.limit ?? DEFAULT_LIMIT, MAX_LIMIT);
  // Cursors beyond every id mean the same as the largest id (and stay within int).
  const cursor = (id: number | undefined) => (id === undefined ? undefined : Math.min(id, MAX_ID + 1));
  query = { ...query, after: cursor(query.after), before: cursor(query.before) };
  const params = new SqlParams();
  const where = itemsWhere(layer, query, raw, params);
  const filtered = params.values.length > 1;
  const source = query.asOf
    ? featuresSource(query.asOf, '$1', params.add(query.asOf.toISOString()))
    : 'features';
  const version = `${String(layer.version)}:${new Date(layer.created_at).getTime()}`;
  const total = async () =>
    query.asOf ? countAt(db, layer.id, query.asOf, version) : Number(layer.features_count);
  const first = query.after === undefined && query.before === undefined;
  const counts = first || query.resultType === 'hits';
  const stamp = new Date().toISOString();
  const incoming = new URLSearchParams(search);
  const url = (cursor?: [string, number]) => {
    const next = new URLSearchParams(incoming);
    next.delete('after');
    next.delete('before');
    next.set('limit', String(limit));
    if (cursor) next.set(cursor[0], String(cursor[1]));
    return `${itemsUrl}?${next.toString()}`;
  };
  const self = `${itemsUrl}${search ? `?${search}` : ''}`;
  const collectionUrl = itemsUrl.replace(/\/items$/, '');
  const links = [linkJson(self, 'self', GEOJSON), linkJson(collectionUrl, 'collection', JSON_TYPE)];
  if (query.resultType === 'hits') {
    const matched = filtered ? await countMatched(db, where, params, source) : await total();
    return `{"type":"FeatureCollection","numberMatched":${matched},"numberReturned":0,"timeStamp":"${stamp}","links":[${links.join(',')}],"features":[]}`;
  }

  const backwards = query.before !== undefined;
  const from = backwards
    ? { side: 'before' as const, id: query.before }
    : { side: 'after' as const, id: query.after };
  const page =
    (await pageByPointIndex(db, full, query, raw, limit)) ??
    answerOf(
      await readPage(db, layer, where, params, {
        cursor: from,
        limit: limit + 1,
        count: counts && filtered,
        source,
      }),
      limit,
      backwards,
    );
  // The other side only counts when this page has rows (an empty page links nowhere).
  const otherSide = page.shown > 0 && page.otherSide;
  const hasNext = backwards ? otherSide : page.more;
  const hasPrev = backwards ? page.more : otherSide;
  const matched = counts ? (filtered ? Number(page.matched ?? 0) : await total()) : undefined;
  if (hasNext && page.lastId !== undefined)
    links.push(linkJson(url(['after', page.lastId]), 'next', GEOJSON));
  if (hasPrev && page.firstId !== undefined)
    links.push(linkJson(url(['before', page.firstId]), 'prev', GEOJSON));
  const counted = matched === undefined ? '' : `"numberMatched":${matched},`;
  return `{"type":"FeatureCollection",${counted}"numberReturned":${page.shown},"timeStamp":"${stamp}","links":[${links.join(',')}],"features":[${page.features}]}`;
}

/** One feature of the layer as GeoJSON text with its ETag, or undefined. */
export async function itemJson(
  db: Queryable,
  layer: LayerRow,
  featureId: number,
  itemsUrl: string,
  asOf?: Date,
  hidden?: ReadonlySet<string>,
): Promise<{ json: string; etag: string } | undefined> {
  const params = new SqlParams();
  const where = `ft.layer_id = ${params.add(layer.id)}::int`;
  const at = asOf ? params.add(asOf.toISOString()) : undefined;
  const past = asOf && at ? { source: featuresSource(asOf, '$1', at), at } : undefined;
  const [row] = await readRows(
    db,
    layer,
    where,
    params,
    ` AND ft.id = ${params.add(featureId)}::int`,
    'ASC',
    1,
    past,
  );
  if (!row) return undefined;
  const links = `,"links":[${linkJson(`${itemsUrl}/${row.id}`, 'self', GEOJSON)},${linkJson(itemsUrl.replace(/\/items$/, ''), 'collection', JSON_TYPE)}]`;
  return {
    json: featureJson(row, links),
    etag: etagOf(Number(row.version ?? 1), row.geometry, row.properties, hidden),
  };
}
