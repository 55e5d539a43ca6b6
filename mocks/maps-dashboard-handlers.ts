import { HttpResponse, http } from 'msw';
import type {
  AggregateGroup,
  AggregateRequest,
  AggregationResource,
  Feature,
  FilterCondition,
  GroupKey,
  Widget,
  WidgetCreate,
  WidgetLayout,
  WidgetList,
  WidgetResource,
  WidgetUpdate,
} from '../generated/model';
import { aggregateLayerQueryParams } from '../generated/zod/dashboards/dashboards.zod';
import { widgetSettings } from '../shared/dashboards/widget-settings';
import { DEMO_LAYERS, DEMO_WIDGETS } from '../shared/demo/configuration';
import { featuresOfLayer } from './features-store';
import { inTime, timeProblem } from './features-time';
import { guardMap, idParam } from './maps-guards';
import { DEMO_MAP_ID, mapsDb, nowStamp } from './maps-store';
import { noContent, notFound, parseWith, readJson, validationFailed } from './responses';

type Position = number[];
const EARTH_M = 6_371_008.8;
const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle length of a line in metres (close to the server's spheroid length for a town). */
function lineLength(coordinates: Position[]): number {
  let metres = 0;
  for (let i = 1; i < coordinates.length; i += 1) {
    const [x0 = 0, y0 = 0] = coordinates[i - 1] ?? [];
    const [x1 = 0, y1 = 0] = coordinates[i] ?? [];
    const a =
      Math.sin(rad(y1 - y0) / 2) ** 2 +
      Math.cos(rad(y0)) * Math.cos(rad(y1)) * Math.sin(rad(x1 - x0) / 2) ** 2;
    metres += 2 * EARTH_M * Math.asin(Math.sqrt(a));
  }
  return metres;
}

/** Area of a ring in square metres, on a local flat projection (fine at town scale). */
function ringArea(ring: Position[]): number {
  const lat0 = rad(ring[0]?.[1] ?? 0);
  let twice = 0;
  for (let i = 1; i < ring.length; i += 1) {
    const [x0 = 0, y0 = 0] = ring[i - 1] ?? [];
    const [x1 = 0, y1 = 0] = ring[i] ?? [];
    twice += rad(x0) * Math.cos(lat0) * rad(y1) - rad(x1) * Math.cos(lat0) * rad(y0);
  }
  return (Math.abs(twice) / 2) * EARTH_M * EARTH_M;
}

function measure(feature: Feature, property: string): number | null {
  const geometry = feature.geometry as { type: string; coordinates: unknown } | null;
  if (property === '$length') {
    if (geometry?.type === 'LineString') return lineLength(geometry.coordinates as Position[]);
    if (geometry?.type === 'MultiLineString')
      return (geometry.coordinates as Position[][]).reduce((sum, line) => sum + lineLength(line), 0);
    return null;
  }
  if (property === '$area') {
    if (geometry?.type === 'Polygon') {
      const [outer = [], ...holes] = geometry.coordinates as Position[][];
      return ringArea(outer) - holes.reduce((sum, hole) => sum + ringArea(hole), 0);
    }
    return null;
  }
  const value = feature.properties[property];
  return typeof value === 'number' ? value : null;
}

function positions(value: unknown): Position[] {
  if (!Array.isArray(value)) return [];
  if (typeof value[0] === 'number') return [value as Position];
  return value.flatMap((item) => positions(item));
}

function inBox(feature: Feature, bbox: number[] | undefined): boolean {
  if (!bbox) return true;
  const [minX = -180, minY = -90, maxX = 180, maxY = 90] = bbox;
  const points = positions((feature.geometry as { coordinates?: unknown } | null)?.coordinates);
  return points.some(([x = 0, y = 0]) => x >= minX && x <= maxX && y >= minY && y <= maxY);
}

function meets(feature: Feature, condition: FilterCondition): boolean {
  const stored = feature.properties[condition.property];
  const text = stored === null || stored === undefined ? '' : String(stored);
  const value = condition.value;
  const greater = (limit: unknown) =>
    typeof limit === 'number' ? typeof stored === 'number' && stored >= limit : text >= String(limit);
  const less = (limit: unknown) =>
    typeof limit === 'number' ? typeof stored === 'number' && stored <= limit : text <= String(limit);
  switch (condition.operator) {
    case 'eq':
      return text === String(value);
    case 'neq':
      return text !== String(value);
    case 'in':
      return Array.isArray(value) && value.map(String).includes(text);
    case 'contains':
      return text.toLowerCase().includes(String(value).toLowerCase());
    case 'gte':
      return greater(value);
    case 'lte':
      return less(value);
    case 'between':
      return Array.isArray(value) && greater(value[0]) && less(value[1]);
  }
}

function bucketStart(date: string, interval: 'day' | 'week' | 'month' | 'year'): string | null {
  const at = new Date(date.length === 10 ? `${date}T00:00:00Z` : date);
  if (Number.isNaN(at.getTime())) return null;
  const y = at.getUTCFullYear();
  const m = at.getUTCMonth();
  const d = at.getUTCDate();
  const start =
    interval === 'year'
      ? Date.UTC(y, 0, 1)
      : interval === 'month'
        ? Date.UTC(y, m, 1)
        : interval === 'day'
          ? Date.UTC(y, m, d)
          : Date.UTC(y, m, d - ((at.getUTCDay() + 6) % 7));
  return new Date(start).toISOString().replace('.000Z', 'Z');
}

/** The aggregate operation over the mock town's features, as the server groups and measures them. */
export function aggregateFeatures(features: readonly Feature[], request: AggregateRequest) {
  const selected = features.filter(
    (feature) =>
      (request.filters ?? []).every((condition) => meets(feature, condition)) && inBox(feature, request.bbox),
  );
  const summary = (rows: readonly Feature[]) => ({
    count: rows.length,
    metrics: request.metrics.map((metric) => {
      if (metric.op === 'count') return rows.length;
      const values = rows.map((row) => measure(row, metric.property)).filter((v): v is number => v !== null);
      if (values.length === 0) return null;
      if (metric.op === 'sum') return values.reduce((a, b) => a + b, 0);
      if (metric.op === 'avg') return values.reduce((a, b) => a + b, 0) / values.length;
      return metric.op === 'min' ? Math.min(...values) : Math.max(...values);
    }),
  });
  const groupBy = request.group_by;
  if (groupBy === null)
    return { groups: [{ key: null, ...summary(selected) }], other: null, total: summary(selected) };
  let groups: AggregateGroup[];
  let rest: Feature[];
  if ('breaks' in groupBy) {
    const { breaks } = groupBy;
    const classOf = (feature: Feature) => {
      const value = measure(feature, groupBy.property);
      if (value === null) return -1;
      return breaks.findIndex((from, at) => {
        const to = breaks[at + 1];
        return (
          to !== undefined && value >= from && (value < to || (at === breaks.length - 2 && value === to))
        );
      });
    };
    groups = breaks.slice(1).map((to, at) => ({
      key: [breaks[at] ?? to, to] as GroupKey,
      ...summary(selected.filter((feature) => classOf(feature) === at)),
    }));
    rest = selected.filter((feature) => classOf(feature) < 0);
  } else {
    const keyOf = (feature: Feature): string | number | boolean | null => {
      const value = feature.properties[groupBy.property];
      if ('interval' in groupBy)
        return typeof value === 'string' ? bucketStart(value, groupBy.interval) : null;
      return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? value
        : null;
    };
    const byKey = new Map<string, { key: GroupKey; rows: Feature[] }>();
    for (const feature of selected) {
      const key = keyOf(feature);
      const entry = byKey.get(JSON.stringify(key)) ?? { key, rows: [] };
      entry.rows.push(feature);
      byKey.set(JSON.stringify(key), entry);
    }
    let entries = [...byKey.values()];
    if ('interval' in groupBy) {
      rest = entries.filter((entry) => entry.key === null).flatMap((entry) => entry.rows);
      entries = entries
        .filter((entry) => entry.key !== null)
        .sort((a, b) => String(a.key).localeCompare(String(b.key)));
    } else {
      entries.sort((a, b) => b.rows.length - a.rows.length || String(a.key).localeCompare(String(b.key)));
      const limit = request.limit ?? 20;
      rest = entries.slice(limit).flatMap((entry) => entry.rows);
      entries = entries.slice(0, limit);
    }
    groups = entries.map((entry) => ({ key: entry.key, ...summary(entry.rows) }));
  }
  return { groups, other: rest.length > 0 ? summary(rest) : null, total: summary(selected) };
}

/** A dashboard a water utility would recognise, on the mock town's layers. */
function demoWidgets(): Widget[] {
  const stamp = '2026-01-10T09:00:00Z';
  const base: Pick<Widget, 'map_id' | 'chart' | 'scope' | 'filters' | 'limit' | 'created_at' | 'updated_at'> =
    {
      map_id: DEMO_MAP_ID,
      chart: 'bar',
      scope: 'map',
      filters: [],
      limit: 8,
      created_at: stamp,
      updated_at: stamp,
    };
  const layerId = (name: string) =>
    mapsDb.layers.find((layer) => layer.map_id === DEMO_MAP_ID && layer.name === name)?.id ?? 0;
  /** A widget of the demo dashboard, on the mock town's layer of the same name; at `layout` if given. */
  const demoWidget = (title: string, layout?: WidgetLayout): Omit<Widget, 'id' | 'order'> => {
    const found = DEMO_WIDGETS.find((widget) => widget.title === title);
    if (!found) throw new Error(`The demo dashboard has no widget "${title}".`);
    const { layer, ...widget } = structuredClone(found);
    const name = DEMO_LAYERS.find((candidate) => candidate.key === layer)?.name ?? '';
    return { ...base, layer_id: layerId(name), ...widget, ...(layout ? { layout } : {}) };
  };
  // The demo dashboard's counters two to a row, three of its charts, and a histogram of its own.
  const rows: Omit<Widget, 'id' | 'order'>[] = [
    demoWidget('Network length (m)', { x: 0, y: 0, w: 6, h: 2 }),
    demoWidget('Hydrants in view', { x: 6, y: 0, w: 6, h: 2 }),
    demoWidget('Network length by material (m)'),
    demoWidget('Pipes installed per year'),
    demoWidget('Valves by type'),
    {
      ...base,
      layer_id: layerId('Pipes'),
      title: 'Pipes by diameter (mm)',
      kind: 'histogram',
      group_by: { property: 'diameter_mm', breaks: [0, 100, 150, 200, 300, 600] },
      metrics: [{ op: 'count' }],
      layout: { x: 6, y: 6, w: 6, h: 4 },
    },
  ];
  return rows.map((row, order) => ({ ...row, id: order + 1, order }));
}

/** The server's bounds of a widget's place: the 12 columns, 1000 rows, 12 rows high at most. */
function layoutProblemsOf(layout: WidgetLayout | undefined): Record<string, string[]> | null {
  if (!layout) return null;
  const problems: Record<string, string[]> = {};
  const bounds = { x: [0, 11], y: [0, 1000], w: [1, 12], h: [1, 12] } as const;
  for (const field of ['x', 'y', 'w', 'h'] as const) {
    const [low, high] = bounds[field];
    const value = layout[field];
    if (!Number.isInteger(value) || value < low || value > high)
      problems[`layout.${field}`] = [`The layout.${field} field must be between ${low} and ${high}.`];
  }
  if (!problems['layout.x'] && !problems['layout.w'] && layout.x + layout.w > 12)
    problems['layout.w'] = [`It is at most ${12 - layout.x} columns wide here: the grid has 12.`];
  return Object.keys(problems).length > 0 ? problems : null;
}

let widgets: Widget[] | null = null;
const stored = () => (widgets ??= demoWidgets());

/** Back to the demo dashboard (scenarios reset the mock state between tests). */
export function resetDashboardWidgets(): void {
  widgets = null;
}

export const mapsDashboardHandlers = [
  http.post('*/api/maps/:id/layers/:layerId/aggregate', async ({ request, params }) => {
    const guarded = guardMap(request, idParam(params, 'id'), false);
    if (guarded.response) return guarded.response;
    const layer = mapsDb.layers.find(
      (row) => row.id === idParam(params, 'layerId') && row.map_id === guarded.map.id,
    );
    if (!layer) return notFound();
    const query = parseWith(aggregateLayerQueryParams, Object.fromEntries(new URL(request.url).searchParams));
    if (!query.ok) return query.response;
    const body = (await readJson(request)) as AggregateRequest;
    const known = new Set((layer.properties ?? []).map((property) => property.name));
    const groupProperty = body.group_by?.property;
    if (groupProperty !== undefined && !groupProperty.startsWith('$') && !known.has(groupProperty))
      return validationFailed({ 'group_by.property': [`There is no property named ${groupProperty}.`] });
    const time = timeProblem(layer.id, body.datetime);
    if (time) return validationFailed({ datetime: [time] });
    // As it was at `as_of` (rebuilt from the mock's history, as the feature pages are), then the range.
    const inRange = featuresOfLayer(layer.id, query.data.as_of).filter((feature) =>
      inTime(feature, body.datetime),
    );
    const data = aggregateFeatures(inRange, body);
    return HttpResponse.json<AggregationResource>({ data });
  }),
  http.get('*/api/maps/:id/widgets', ({ request, params }) => {
    const guarded = guardMap(request, idParam(params, 'id'), false);
    if (guarded.response) return guarded.response;
    const data = stored()
      .filter((widget) => widget.map_id === guarded.map.id)
      .sort((a, b) => a.order - b.order);
    return HttpResponse.json<WidgetList>({ data });
  }),
  http.post('*/api/maps/:id/widgets', async ({ request, params }) => {
    const guarded = guardMap(request, idParam(params, 'id'), true);
    if (guarded.response) return guarded.response;
    const body = (await readJson(request)) as WidgetCreate;
    if (!body.title?.trim()) return validationFailed({ title: ['The title field is required.'] });
    const layoutProblems = layoutProblemsOf(body.layout);
    if (layoutProblems) return validationFailed(layoutProblems);
    const stamp = nowStamp();
    const widget: Widget = {
      id: stored().reduce((max, row) => Math.max(max, row.id), 0) + 1,
      map_id: guarded.map.id,
      ...widgetSettings(body),
      title: body.title,
      order: body.order ?? stored().length,
      // Below every other widget of the map, as the server puts a widget made without a place.
      layout: body.layout ?? {
        x: 0,
        y: Math.max(
          0,
          ...stored()
            .filter((row) => row.map_id === guarded.map.id)
            .map((row) => row.layout.y + row.layout.h),
        ),
        w: 6,
        h: 4,
      },
      created_at: stamp,
      updated_at: stamp,
    };
    stored().push(widget);
    return HttpResponse.json<WidgetResource>({ data: widget }, { status: 201 });
  }),
  http.put('*/api/maps/:id/widgets/:widgetId', async ({ request, params }) => {
    const guarded = guardMap(request, idParam(params, 'id'), true);
    if (guarded.response) return guarded.response;
    const at = stored().findIndex(
      (row) => row.id === idParam(params, 'widgetId') && row.map_id === guarded.map.id,
    );
    const current = stored()[at];
    if (!current) return notFound();
    const body = (await readJson(request)) as WidgetUpdate;
    const layoutProblems = layoutProblemsOf(body.layout);
    if (layoutProblems) return validationFailed(layoutProblems);
    const next: Widget = { ...current, ...body, updated_at: nowStamp() } as Widget;
    stored()[at] = next;
    return HttpResponse.json<WidgetResource>({ data: next });
  }),
  http.delete('*/api/maps/:id/widgets/:widgetId', ({ request, params }) => {
    const guarded = guardMap(request, idParam(params, 'id'), true);
    if (guarded.response) return guarded.response;
    const at = stored().findIndex(
      (row) => row.id === idParam(params, 'widgetId') && row.map_id === guarded.map.id,
    );
    if (at < 0) return notFound();
    stored().splice(at, 1);
    return noContent();
  }),
];
