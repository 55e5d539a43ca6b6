import type { components } from '@generated/openapi-types.ts';
import { DEFAULT_GROUP_LIMIT } from '@shared/dashboards/widget-settings.ts';
import type { Queryable } from '../db/database.ts';
import { featuresSource } from '../features/as-of.ts';
import { layerConditionsSql, SqlParams, timeRangeSql } from '../features/feature-filters.ts';
import type { AggregateRequest, GroupBy } from './aggregate-spec.ts';

type Aggregation = components['schemas']['Aggregation'];
type Total = components['schemas']['AggregateTotal'];
type Key = components['schemas']['GroupKey'];

/** Date buckets listed at most (about 14 years of days); later ones are counted in `other`. */
export const MAX_BUCKETS = 5000;

/** The stored value of a measured property as float8 (null when it is no number). */
function valueSql(property: string, params: SqlParams): string {
  if (property === '$length') return 'ST_Length(ft.geom::geography)';
  if (property === '$area') return 'ST_Area(ft.geom::geography)';
  const name = `${params.add(property)}::text`;
  return `CASE WHEN jsonb_typeof(ft.properties -> ${name}) = 'number' THEN (ft.properties ->> ${name})::float8 END`;
}

interface Grouping {
  key: string;
  /** Order of the groups before the cut: most features first for values, else by key. */
  order: string;
  /** Whether a ranked group (`rn`) is listed rather than counted in `other`. */
  listed: string;
}

function groupingSql(groupBy: GroupBy, limit: number, params: SqlParams): Grouping {
  if (groupBy === null) return { key: '0', order: 'k', listed: 'TRUE' };
  if ('breaks' in groupBy) {
    const value = valueSql(groupBy.property, params);
    const classes = groupBy.breaks.length - 1;
    const last = params.add(groupBy.breaks[classes]);
    const breaks = params.add(groupBy.breaks);
    // width_bucket: 0 below the first break, i in [b(i-1), b(i)), n at or above the last; the
    // last class is closed, so a value equal to the last break belongs to it.
    const key = `CASE WHEN (${value}) IS NULL THEN NULL WHEN (${value}) = ${last}::float8 THEN ${classes}
      ELSE width_bucket((${value}), ${breaks}::float8[]) END`;
    return { key, order: 'k', listed: `(k BETWEEN 1 AND ${classes})` };
  }
  if ('interval' in groupBy) {
    const unit = params.add(groupBy.interval);
    const start = `lower(feature_time_span(ft.properties ->> ${params.add(groupBy.property)}::text))`;
    const key = `to_char(date_trunc(${unit}::text, ${start} AT TIME ZONE 'UTC'), 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
    return { key, order: 'k', listed: `(k IS NOT NULL AND rn <= ${MAX_BUCKETS})` };
  }
  const key = `ft.properties -> ${params.add(groupBy.property)}::text`;
  return { key, order: 'n DESC, k NULLS LAST', listed: `(rn <= ${params.add(limit)}::int)` };
}

/** Features whose time meets `datetime` (as OGC: features without a time match any). */
function datetimeSql(timeProperty: string | undefined, text: string, params: SqlParams): string {
  return timeRangeSql(timeProperty, text, params);
}

/** Partial sums of one group, as the statement returns them. */
interface Row {
  key: unknown;
  listed: boolean;
  n: number;
  [part: string]: unknown;
}

interface Parts {
  n: number;
  s: (number | null)[];
  c: number[];
  lo: (number | null)[];
  hi: (number | null)[];
}

const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
const least = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
const most = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));

function partsOf(row: Row, metrics: number): Parts {
  const parts: Parts = { n: Number(row.n), s: [], c: [], lo: [], hi: [] };
  for (let i = 0; i < metrics; i += 1) {
    parts.s.push(num(row[`s${i}`]));
    parts.c.push(Number(row[`c${i}`] ?? 0));
    parts.lo.push(num(row[`lo${i}`]));
    parts.hi.push(num(row[`hi${i}`]));
  }
  return parts;
}

function combine(all: readonly Parts[], metrics: number): Parts {
  const out: Parts = {
    n: 0,
    s: Array<number | null>(metrics).fill(null),
    c: Array<number>(metrics).fill(0),
    lo: Array<number | null>(metrics).fill(null),
    hi: Array<number | null>(metrics).fill(null),
  };
  for (const parts of all) {
    out.n += parts.n;
    for (let i = 0; i < metrics; i += 1) {
      const sum = parts.s[i] ?? null;
      if (sum !== null) out.s[i] = (out.s[i] ?? 0) + sum;
      out.c[i] = (out.c[i] ?? 0) + (parts.c[i] ?? 0);
      out.lo[i] = least(out.lo[i] ?? null, parts.lo[i] ?? null);
      out.hi[i] = most(out.hi[i] ?? null, parts.hi[i] ?? null);
    }
  }
  return out;
}

function metricValues(parts: Parts, metrics: AggregateRequest['metrics']): (number | null)[] {
  return metrics.map((metric, i) => {
    const count = parts.c[i] ?? 0;
    switch (metric.op) {
      case 'count':
        return parts.n;
      case 'sum':
        return count > 0 ? (parts.s[i] ?? null) : null;
      case 'avg':
        return count > 0 ? (parts.s[i] ?? 0) / count : null;
      case 'min':
        return parts.lo[i] ?? null;
      case 'max':
        return parts.hi[i] ?? null;
    }
  });
}

const totalOf = (parts: Parts, metrics: AggregateRequest['metrics']): Total => ({
  count: parts.n,
  metrics: metricValues(parts, metrics),
});

/**
 * One statement groups the layer's selected features and sums each group's parts (count, and
 * per metric the sum, count, least and greatest of its values); the top groups are listed and
 * the rest folded into one row for `other`, so at most `limit + 1` rows leave the database
 * whatever the number of distinct values. Averages, `other` and the total are combined here
 * from those parts, exactly (an average of averages would not be). With `asOf` the features
 * are those of that moment, rebuilt from their history as the feature pages read them.
 */
export async function aggregateLayer(
  db: Queryable,
  layer: { id: number; timeProperty: string | undefined },
  request: AggregateRequest,
  asOf?: Date,
): Promise<Aggregation> {
  const params = new SqlParams();
  const layerParam = params.add(layer.id);
  const source = featuresSource(asOf, layerParam, asOf ? params.add(asOf.toISOString()) : '');
  const grouping = groupingSql(request.group_by, request.limit ?? DEFAULT_GROUP_LIMIT, params);
  const values = request.metrics.map((metric) =>
    metric.op === 'count' ? 'NULL::float8' : valueSql(metric.property, params),
  );
  const conditions = layerConditionsSql(
    { layer_id: layer.id, filters: request.filters ?? [], ...(request.bbox ? { bbox: request.bbox } : {}) },
    params,
  );
  const time =
    request.datetime === undefined ? 'TRUE' : datetimeSql(layer.timeProperty, request.datetime, params);
  const columns = values.map((value, i) => `, ${value} AS v${i}`).join('');
  const sums = values
    .map(
      (_, i) =>
        `, sum(v${i})::float8 AS s${i}, count(v${i})::int AS c${i}, min(v${i})::float8 AS lo${i}, max(v${i})::float8 AS hi${i}`,
    )
    .join('');
  const folded = values
    .map(
      (_, i) =>
        `, sum(s${i})::float8 AS s${i}, sum(c${i})::int AS c${i}, min(lo${i}) AS lo${i}, max(hi${i}) AS hi${i}`,
    )
    .join('');
  const rows = await db.query<Row>(
    `WITH b AS (
       SELECT ${grouping.key} AS k${columns}
         FROM ${source} ft
        WHERE ft.layer_id = ${layerParam} AND (${conditions}) AND ${time}
     ), g AS (
       SELECT k, count(*)::int AS n${sums} FROM b GROUP BY k
     ), r AS (
       SELECT g.*, row_number() OVER (ORDER BY ${grouping.order}) AS rn FROM g
     )
     SELECT CASE WHEN ${grouping.listed} THEN k END AS key, ${grouping.listed} AS listed,
            sum(n)::int AS n${folded}
       FROM r
      GROUP BY 1, 2
      ORDER BY 2 DESC, min(rn)`,
    params.values,
  );
  const metrics = request.metrics.length;
  const all = rows.map((row) => ({ row, parts: partsOf(row, metrics) }));
  const listed = all.filter((entry) => entry.row.listed);
  const rest = all.filter((entry) => !entry.row.listed);
  const total = combine(
    all.map((entry) => entry.parts),
    metrics,
  );
  const other =
    rest.length > 0
      ? combine(
          rest.map((entry) => entry.parts),
          metrics,
        )
      : undefined;
  const groupBy = request.group_by;
  const groups =
    groupBy !== null && 'breaks' in groupBy
      ? classGroups(groupBy.breaks, listed, request.metrics)
      : listed.map((entry) => ({
          key: (groupBy === null ? null : (entry.row.key as Key)) ?? null,
          count: entry.parts.n,
          metrics: metricValues(entry.parts, request.metrics),
        }));
  return {
    groups,
    other: other && other.n > 0 ? totalOf(other, request.metrics) : null,
    total: totalOf(total, request.metrics),
  };
}

/** Every class in order, the empty ones with a count of 0, keyed `[from, to]`. */
function classGroups(
  breaks: readonly number[],
  listed: readonly { row: Row; parts: Parts }[],
  metrics: AggregateRequest['metrics'],
) {
  const byClass = new Map(listed.map((entry) => [Number(entry.row.key), entry.parts]));
  return breaks.slice(1).map((to, at) => {
    const parts = byClass.get(at + 1) ?? combine([], metrics.length);
    return { key: [breaks[at] ?? to, to] as Key, count: parts.n, metrics: metricValues(parts, metrics) };
  });
}
