import type { components } from '@generated/openapi-types.ts';
import { hiddenPropertiesOf, layerAsSeen, layerReadable } from '../access/layer-view.ts';
import { aggregateCacheFor, aggregateKey } from '../dashboards/aggregate-cache.ts';
import { aggregateLayer, DEFAULT_GROUP_LIMIT } from '../dashboards/aggregate-sql.ts';
import { aggregateProblems, layerShape, type GroupBy } from '../dashboards/aggregate-spec.ts';
import type { Queryable } from '../db/database.ts';
import { parseMoment } from '../features/as-of.ts';
import { mapLayerForFeatures } from '../features/feature-access.ts';
import { invalid, notFound } from '../http/http-error.ts';
import { msg, type Problems } from '../i18n/messages.ts';
import { mapFor } from '../maps/access.ts';
import { LAYER_COLUMNS, type LayerRow } from '../maps/records.ts';
import { timePropertyOf } from '../ogc/ogc-items.ts';
import { typedHandlers } from '../openapi/typed-handlers.ts';

type Schemas = components['schemas'];
type Widget = Schemas['Widget'];
type WidgetCreate = Schemas['WidgetCreate'];

const WIDGET_COLUMNS = `w.id, w.map_id, w.layer_id, w.title, w.kind, w.chart, w.scope, w.group_by, w.metrics,
  w.filters, w."limit", w."order", w.layout_x, w.layout_y, w.layout_w, w.layout_h, w.created_at, w.updated_at`;

/** The grid of the full-window dashboard: 12 columns. */
const GRID_COLUMNS = 12;
/** Where a widget lands when it is made without a place: half the width, below every other. */
const NEW_WIDGET_SIZE = { w: 6, h: 4 };

interface WidgetRow extends Omit<Widget, 'created_at' | 'updated_at' | 'layout'> {
  layout_x: number;
  layout_y: number;
  layout_w: number;
  layout_h: number;
  created_at: Date | string;
  updated_at: Date | string;
}

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

async function vectorLayerOfMap(
  db: Queryable,
  mapId: number,
  layerId: number,
): Promise<LayerRow | undefined> {
  const rows = await db.query<LayerRow>(
    `SELECT ${LAYER_COLUMNS} FROM layers l WHERE l.id = $1 AND l.map_id = $2 AND l.import_job_id IS NULL`,
    [layerId, mapId],
  );
  const layer = rows[0];
  return layer?.type === 'vector' ? layer : undefined;
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
  const rows = await db.query<WidgetRow>(
    `SELECT ${WIDGET_COLUMNS} FROM dashboard_widgets w WHERE w.id = $1 AND w.map_id = $2`,
    [widgetId, mapId],
  );
  const row = rows[0];
  if (!row) throw notFound();
  return row;
}

/** Dashboards: aggregations of a layer (computed by the database) and a map's widgets. */
export const dashboardHandlers = typedHandlers({
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
    const rows = await db.query<WidgetRow>(
      `SELECT ${WIDGET_COLUMNS} FROM dashboard_widgets w WHERE w.map_id = $1 ORDER BY w."order", w.id`,
      [map.id],
    );
    const seen = rows.filter((row) => layerReadable(auth.ability, { id: row.layer_id, map_id: map.id }));
    return { status: 200, body: { data: seen.map(toWidget) } };
  },

  async createWidget({ services: { db }, auth, params, body }) {
    const map = await mapFor(db, auth, params.id, 'update');
    const problems = await widgetProblems(db, map.id, body);
    if (Object.keys(problems).length > 0) throw invalid(problems);
    const rows = await db.query<WidgetRow>(
      `INSERT INTO dashboard_widgets AS w (map_id, layer_id, title, kind, chart, scope, group_by, metrics, filters,
         "limit", "order", layout_x, layout_y, layout_w, layout_h)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9::jsonb, $10,
         coalesce($11, (SELECT coalesce(max("order") + 1, 0) FROM dashboard_widgets WHERE map_id = $1)),
         coalesce($12, 0),
         coalesce($13, (SELECT least(coalesce(max(layout_y + layout_h), 0), 1000) FROM dashboard_widgets WHERE map_id = $1)),
         $14, $15)
       RETURNING ${WIDGET_COLUMNS}`,
      [
        map.id,
        body.layer_id,
        body.title.trim() || body.title,
        body.kind,
        body.chart ?? 'bar',
        body.scope ?? 'map',
        JSON.stringify(body.group_by ?? null),
        JSON.stringify(body.metrics),
        JSON.stringify(body.filters ?? []),
        body.limit ?? DEFAULT_GROUP_LIMIT,
        body.order ?? null,
        body.layout?.x ?? null,
        body.layout?.y ?? null,
        body.layout?.w ?? NEW_WIDGET_SIZE.w,
        body.layout?.h ?? NEW_WIDGET_SIZE.h,
      ],
    );
    return { status: 201, body: { data: toWidget(rows[0] as WidgetRow) } };
  },

  async updateWidget({ services: { db }, auth, params, body }) {
    const map = await mapFor(db, auth, params.id, 'update');
    const current = await widgetOr404(db, map.id, params.widget_id);
    const next = { ...toWidget(current), ...body };
    const problems = await widgetProblems(db, map.id, next);
    if (Object.keys(problems).length > 0) throw invalid(problems);
    const rows = await db.query<WidgetRow>(
      `UPDATE dashboard_widgets AS w SET layer_id = $2, title = $3, kind = $4, chart = $5, scope = $6,
         group_by = $7::jsonb, metrics = $8::jsonb, filters = $9::jsonb, "limit" = $10, "order" = $11,
         layout_x = $12, layout_y = $13, layout_w = $14, layout_h = $15, updated_at = now()
       WHERE w.id = $1 RETURNING ${WIDGET_COLUMNS}`,
      [
        current.id,
        next.layer_id,
        next.title.trim() || next.title,
        next.kind,
        next.chart,
        next.scope,
        JSON.stringify(next.group_by ?? null),
        JSON.stringify(next.metrics),
        JSON.stringify(next.filters ?? []),
        next.limit,
        next.order,
        next.layout.x,
        next.layout.y,
        next.layout.w,
        next.layout.h,
      ],
    );
    const row = rows[0];
    if (!row) throw notFound();
    return { status: 200, body: { data: toWidget(row) } };
  },

  async deleteWidget({ services: { db }, auth, params }) {
    const map = await mapFor(db, auth, params.id, 'update');
    const rows = await db.query('DELETE FROM dashboard_widgets WHERE id = $1 AND map_id = $2 RETURNING id', [
      params.widget_id,
      map.id,
    ]);
    if (rows.length === 0) throw notFound();
    return { status: 204 };
  },
});
