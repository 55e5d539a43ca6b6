import type { components } from '@generated/openapi-types.ts';
import { DEFAULT_GROUP_LIMIT, widgetSettings } from '@shared/dashboards/widget-settings.ts';
import { hiddenPropertiesOf, layerAsSeen, layerReadable } from '../access/layer-view.ts';
import { aggregateCacheFor, aggregateKey } from '../dashboards/aggregate-cache.ts';
import { aggregateLayer } from '../dashboards/aggregate-sql.ts';
import {
  deleteWidget,
  insertWidget,
  updateWidget,
  widgetRow,
  widgetsOfMap,
  type WidgetRow,
} from '../dashboards/dashboards-store.ts';
import { aggregateProblems, layerShape, type GroupBy } from '../dashboards/aggregate-spec.ts';
import { vectorLayerOfMap } from '../layers/layer-store.ts';
import type { Queryable } from '../db/database.ts';
import { parseMoment } from '../features/as-of.ts';
import { mapLayerForFeatures } from '../features/feature-access.ts';
import { invalid, notFound } from '../http/http-error.ts';
import { msg, type Problems } from '../i18n/messages.ts';
import { mapFor } from '../maps/access.ts';
import { timePropertyOf } from '../ogc/ogc-items.ts';
import { typedHandlers } from '../openapi/typed-handlers.ts';

type Schemas = components['schemas'];
type Widget = Schemas['Widget'];
type WidgetCreate = Schemas['WidgetCreate'];

/** The grid of the full-window dashboard: 12 columns. */
const GRID_COLUMNS = 12;
/** Where a widget lands when it is made without a place: half the width, below every other. */
const NEW_WIDGET_SIZE = { w: 6, h: 4 };

const toWidget = ({ layout_x, layout_y, layout_w, layout_h, ...row }: WidgetRow): Widget => ({
  ...row,
  layout: { x: layout_x, y: layout_y, w: layout_w, h: layout_h },
  created_at: new Date(row.created_at).toISOString(),
  updated_at: new Date(row.updated_at).toISOString(),
});

/** The one rule the schema cannot say: a widget ends within the grid's 12 columns. */
function layoutProblems(layout: Widget['layout'] | undefined): Problems {
  if (!layout || layout.x + layout.w <= GRID_COLUMNS) return {};
  return { 'layout.w': [msg('dashboards.layout_overflows', { columns: GRID_COLUMNS - layout.x })] };
}

/** Which grouping each kind of widget draws: a counter one number, a histogram classes… */
function groupFitsKind(kind: Widget['kind'], groupBy: GroupBy): boolean {
  switch (kind) {
    case 'counter':
      return groupBy === null;
    case 'category':
      return groupBy !== null && !('breaks' in groupBy) && !('interval' in groupBy);
    case 'histogram':
      return groupBy !== null && 'breaks' in groupBy;
    case 'time':
      return groupBy !== null && 'interval' in groupBy;
    case 'table':
      return true;
  }
}

/** A widget's layer on the map and its aggregation fitting that layer's schema and its kind. */
async function widgetProblems(db: Queryable, mapId: number, widget: WidgetCreate): Promise<Problems> {
  const layer = await vectorLayerOfMap(db, mapId, widget.layer_id);
  if (!layer) return { layer_id: [msg('features.layer_not_on_map')], ...layoutProblems(widget.layout) };
  const groupBy = widget.group_by ?? null;
  const problems = aggregateProblems(
    layerShape(layer, new Set()),
    { group_by: groupBy, metrics: widget.metrics, filters: widget.filters ?? [] },
    layer.id,
  );
  if (!problems['group_by.property'] && !groupFitsKind(widget.kind, groupBy))
    problems.group_by = [msg('dashboards.group_for_kind', { kind: widget.kind })];
  return { ...problems, ...layoutProblems(widget.layout) };
}

async function widgetOr404(db: Queryable, mapId: number, widgetId: number): Promise<WidgetRow> {
  const row = await widgetRow(db, mapId, widgetId);
  if (!row) throw notFound();
  return row;
}

/** Dashboards: aggregations of a layer (computed by the database) and a map's widgets. */
export const routeHandlers = typedHandlers({
  async aggregateLayer({ services: { db }, auth, params, query, body }) {
    const asOf = parseMoment(query.as_of, 'as_of');
    const { layer } = await mapLayerForFeatures(db, auth.ability, params.id, params.layer_id, 'read');
    if (layer.type !== 'vector') throw notFound();
    const hidden = hiddenPropertiesOf(auth.access, layer.id);
    const problems = aggregateProblems(layerShape(layer, hidden), body, layer.id);
    if (Object.keys(problems).length > 0) throw invalid(problems);
    // A time property hidden from the caller is no time to them: a range on it is a 422.
    const target = { id: layer.id, timeProperty: timePropertyOf(layerAsSeen(auth.access, layer)) };
    const whole = (body.filters ?? []).length === 0 && !body.bbox && body.datetime === undefined;
    // A moment's answer is kept by moment and by layer version: a moment after the last write
    // reads today's rows, which the next write changes.
    const question = [body.group_by, body.metrics, body.limit ?? DEFAULT_GROUP_LIMIT];
    const data = whole
      ? await aggregateCacheFor(db).get(
          aggregateKey(layer, asOf ? [...question, asOf.toISOString()] : question),
          () => aggregateLayer(db, target, body, asOf),
        )
      : await aggregateLayer(db, target, body, asOf);
    return { status: 200, body: { data } };
  },

  async listWidgets({ services: { db }, auth, params }) {
    const map = await mapFor(db, auth, params.id, 'read');
    const rows = await widgetsOfMap(db, map.id);
    const seen = rows.filter((row) => layerReadable(auth.ability, { id: row.layer_id, map_id: map.id }));
    return { status: 200, body: { data: seen.map(toWidget) } };
  },

  async createWidget({ services: { db }, auth, params, body }) {
    const map = await mapFor(db, auth, params.id, 'update');
    const problems = await widgetProblems(db, map.id, body);
    if (Object.keys(problems).length > 0) throw invalid(problems);
    const row = await insertWidget(db, map.id, {
      ...widgetSettings(body),
      title: body.title.trim() || body.title,
      order: body.order ?? null,
      layout: {
        x: body.layout?.x ?? null,
        y: body.layout?.y ?? null,
        w: body.layout?.w ?? NEW_WIDGET_SIZE.w,
        h: body.layout?.h ?? NEW_WIDGET_SIZE.h,
      },
    });
    return { status: 201, body: { data: toWidget(row) } };
  },

  async updateWidget({ services: { db }, auth, params, body }) {
    const map = await mapFor(db, auth, params.id, 'update');
    const current = await widgetOr404(db, map.id, params.widget_id);
    const next = { ...toWidget(current), ...body };
    const problems = await widgetProblems(db, map.id, next);
    if (Object.keys(problems).length > 0) throw invalid(problems);
    const row = await updateWidget(db, current.id, {
      ...widgetSettings(next),
      title: next.title.trim() || next.title,
      order: next.order,
      layout: next.layout,
    });
    if (!row) throw notFound();
    return { status: 200, body: { data: toWidget(row) } };
  },

  async deleteWidget({ services: { db }, auth, params }) {
    const map = await mapFor(db, auth, params.id, 'update');
    if (!(await deleteWidget(db, map.id, params.widget_id))) throw notFound();
    return { status: 204 };
  },
});
