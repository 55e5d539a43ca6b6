import type { components } from '@generated/openapi-types.ts';
import { invalid } from '../domain-errors.ts';
import { HttpError } from '../http/http-error.ts';
import { msg, type Problems } from '../i18n/messages.ts';
import { parseDatetime, type TimeSpan } from '../ogc/ogc-datetime.ts';
import { likePattern } from './feature-rows.ts';

type LayerFilter = components['schemas']['LayerFilter'];
type FilterCondition = components['schemas']['FilterCondition'];
type Scalar = components['schemas']['FilterScalar'];

/** Collects SQL parameters and answers their `$n` placeholders. */
export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Refuses values whose shape does not fit the operator (a list for `in`, two for `between`). */
function shapeProblem(condition: FilterCondition) {
  const list = Array.isArray(condition.value);
  if (condition.operator === 'in') return list ? undefined : msg('features.filter_list');
  if (condition.operator === 'between')
    return list && (condition.value as Scalar[]).length === 2 ? undefined : msg('features.filter_pair');
  return list ? msg('features.filter_single') : undefined;
}

/** A comparison of the stored value with `value`: numerically for numbers, else as text (ISO dates sort as text). */
function compare(property: string, operatorSql: '>=' | '<=', value: Scalar, params: SqlParams): string {
  if (typeof value === 'number')
    return `(jsonb_typeof(ft.properties -> ${property}) = 'number'
      AND (ft.properties ->> ${property})::numeric ${operatorSql} ${params.add(value)}::numeric)`;
  return `(ft.properties ->> ${property}) ${operatorSql} ${params.add(String(value))}`;
}

function conditionSql(condition: FilterCondition, params: SqlParams): string {
  const property = `${params.add(condition.property)}::text`;
  const value = condition.value;
  const equals = (scalar: Scalar) =>
    `(ft.properties -> ${property} = ${params.add(JSON.stringify(scalar))}::jsonb
      OR ft.properties ->> ${property} = ${params.add(String(scalar))})`;
  switch (condition.operator) {
    case 'eq':
      return equals(value as Scalar);
    case 'neq':
      return `coalesce(${equals(value as Scalar)}, false) = false`;
    case 'in':
      return `(ft.properties ->> ${property}) = ANY(${params.add((value as Scalar[]).map(String))}::text[])`;
    case 'contains':
      return `(ft.properties ->> ${property}) ILIKE ${params.add(likePattern(String(value)))}`;
    case 'gte':
      return compare(property, '>=', value as Scalar, params);
    case 'lte':
      return compare(property, '<=', value as Scalar, params);
    case 'between': {
      const [low, high] = value as [Scalar, Scalar];
      return `(${compare(property, '>=', low, params)} AND ${compare(property, '<=', high, params)})`;
    }
  }
}

/** The properties of a layer the caller may not see (none by default). */
export type HiddenProperties = (layerId: number) => ReadonlySet<string>;
const NOTHING_HIDDEN: HiddenProperties = () => new Set();

/** A layer's time property (a `date` property of its schema), or undefined: the layer has no time. */
export type TimeProperties = (layerId: number) => string | undefined;
const NO_TIME: TimeProperties = () => undefined;

/** An OGC `datetime` read as a span, or undefined when it does not read. */
function readSpan(text: string): TimeSpan | undefined {
  try {
    return parseDatetime(text);
  } catch (error) {
    if (error instanceof HttpError) return undefined;
    throw error;
  }
}

/** What is wrong with a time range on a layer: no time property there, or a value that does not read. */
export function timeRangeProblem(timeProperty: string | undefined, text: string) {
  if (!timeProperty) return msg('dashboards.no_time_property');
  return readSpan(text) ? undefined : msg('dashboards.bad_datetime');
}

/**
 * Features (`ft`) whose time meets an OGC `datetime` (an instant, a date's whole day, `a/b`,
 * open ends): the one time condition of filters, the table, exports and dashboards. As OGC
 * asks, a feature without a time matches any range. A range that cannot apply is a 422 on
 * `field`.
 */
export function timeRangeSql(
  timeProperty: string | undefined,
  text: string,
  params: SqlParams,
  field = 'datetime',
): string {
  const problem = timeRangeProblem(timeProperty, text);
  const span = readSpan(text);
  if (problem || !span || !timeProperty)
    throw invalid({ [field]: [problem ?? msg('dashboards.bad_datetime')] });
  const bound = (at: number | undefined) =>
    at === undefined ? 'NULL::timestamptz' : `${params.add(new Date(at).toISOString())}::timestamptz`;
  const time = `feature_time_span(ft.properties ->> ${params.add(timeProperty)}::text)`;
  return `(${time} IS NULL OR ${time} && tstzrange(${bound(span.start)}, ${bound(span.end)}, '${span.endOpen ? '[)' : '[]'}'))`;
}

/**
 * Per entry: a layer not on the map (or not readable by the caller), a condition on a property
 * hidden from the caller (refused as a property the layer does not have: filtering on it would
 * tell its values), or a value whose shape does not fit its operator.
 */
export function layersFilterProblems(
  layersFilter: readonly LayerFilter[],
  mapLayerIds: ReadonlySet<number>,
  hiddenOf: HiddenProperties = NOTHING_HIDDEN,
  timeOf: TimeProperties = NO_TIME,
): Problems {
  const problems: Problems = {};
  layersFilter.forEach((entry, index) => {
    if (!mapLayerIds.has(entry.layer_id))
      problems[`layers_filter.${index}.layer_id`] = [msg('features.layer_not_on_map')];
    const timeProblem =
      entry.datetime === undefined ? undefined : timeRangeProblem(timeOf(entry.layer_id), entry.datetime);
    if (timeProblem) problems[`layers_filter.${index}.datetime`] = [timeProblem];
    const hidden = hiddenOf(entry.layer_id);
    entry.filters.forEach((condition, at) => {
      if (hidden.has(condition.property)) {
        problems[`layers_filter.${index}.filters.${at}.property`] = [
          msg('features.unknown_property', { name: condition.property }),
        ];
        return;
      }
      const problem = shapeProblem(condition);
      if (problem) problems[`layers_filter.${index}.filters.${at}.value`] = [problem];
    });
  });
  return problems;
}

/**
 * One entry's conditions, bbox and time range over `features ft` (all must hold), or `TRUE`
 * with none. `timeProperty` is the entry's layer's time property, for its `datetime`.
 */
export function layerConditionsSql(
  entry: LayerFilter,
  params: SqlParams,
  timeProperty?: string,
  /** The ids inside the entry's bbox, when the layer's point index picked them (point-index.ts). */
  boxIds?: readonly number[],
): string {
  const parts = entry.filters.map((condition) => conditionSql(condition, params));
  if (entry.bbox && boxIds) parts.push(`ft.id = ANY(${params.add(boxIds)}::int[])`);
  else if (entry.bbox) {
    const [minLon, minLat, maxLon, maxLat] = entry.bbox.map((value) => params.add(value));
    parts.push(`ST_Intersects(ft.geom, ST_MakeEnvelope(${minLon}, ${minLat}, ${maxLon}, ${maxLat}, 4326))`);
  }
  if (entry.datetime !== undefined) parts.push(timeRangeSql(timeProperty, entry.datetime, params));
  return parts.length === 0 ? 'TRUE' : parts.map((part) => `(${part})`).join(' AND ');
}

/**
 * The WHERE clause of a `layers_filter`: a feature matches when it lies on one of the named
 * layers and meets all of that layer's conditions (and its bbox). `mapLayerIds` are the
 * layers of the map the caller may read; any other layer id is a 422 naming its entry.
 */
export function layersFilterSql(
  layersFilter: readonly LayerFilter[],
  mapLayerIds: ReadonlySet<number>,
  params: SqlParams,
  hiddenOf: HiddenProperties = NOTHING_HIDDEN,
  timeOf: TimeProperties = NO_TIME,
  /** The ids in each entry's bbox (by its place in `layersFilter`), where a point index picked them. */
  boxIdsOf: (index: number) => readonly number[] | undefined = () => undefined,
): string {
  const problems = layersFilterProblems(layersFilter, mapLayerIds, hiddenOf, timeOf);
  if (Object.keys(problems).length > 0) throw invalid(problems);
  const clauses = layersFilter.map(
    (entry, index) =>
      `(ft.layer_id = ${params.add(entry.layer_id)} AND ${layerConditionsSql(entry, params, timeOf(entry.layer_id), boxIdsOf(index))})`,
  );
  return clauses.join(' OR ');
}
