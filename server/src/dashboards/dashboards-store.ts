import type { components } from '@generated/openapi-types.ts';
import { firstRow, returnedRow, type Queryable } from '../db/database.ts';

type Widget = components['schemas']['Widget'];

const WIDGET_COLUMNS = `w.id, w.map_id, w.layer_id, w.title, w.kind, w.chart, w.scope, w.group_by, w.metrics,
  w.filters, w."limit", w."order", w.layout_x, w.layout_y, w.layout_w, w.layout_h, w.created_at, w.updated_at`;

/** A row of dashboard_widgets: the widget with its place on the grid in four columns. */
export interface WidgetRow extends Omit<Widget, 'created_at' | 'updated_at' | 'layout'> {
  layout_x: number;
  layout_y: number;
  layout_w: number;
  layout_h: number;
  created_at: Date | string;
  updated_at: Date | string;
}

/** What a write stores; `order`, `x` and `y` null on a new widget mean after and below every other. */
export interface WidgetValues {
  layer_id: number;
  title: string;
  kind: Widget['kind'];
  chart: Widget['chart'];
  scope: Widget['scope'];
  group_by: Widget['group_by'];
  metrics: Widget['metrics'];
  filters: Widget['filters'];
  limit: number;
  order: number | null;
  layout: { x: number | null; y: number | null; w: number; h: number };
}

const params = (values: WidgetValues) => [
  values.layer_id,
  values.title,
  values.kind,
  values.chart,
  values.scope,
  JSON.stringify(values.group_by),
  JSON.stringify(values.metrics),
  JSON.stringify(values.filters),
  values.limit,
  values.order,
  values.layout.x,
  values.layout.y,
  values.layout.w,
  values.layout.h,
];

export function widgetRow(db: Queryable, mapId: number, widgetId: number) {
  return firstRow<WidgetRow>(
    db,
    `SELECT ${WIDGET_COLUMNS} FROM dashboard_widgets w WHERE w.id = $1 AND w.map_id = $2`,
    [widgetId, mapId],
  );
}

/** In their order. */
export function widgetsOfMap(db: Queryable, mapId: number): Promise<WidgetRow[]> {
  return db.query<WidgetRow>(
    `SELECT ${WIDGET_COLUMNS} FROM dashboard_widgets w WHERE w.map_id = $1 ORDER BY w."order", w.id`,
    [mapId],
  );
}

export function insertWidget(db: Queryable, mapId: number, values: WidgetValues) {
  return returnedRow<WidgetRow>(
    db,
    `INSERT INTO dashboard_widgets AS w (map_id, layer_id, title, kind, chart, scope, group_by, metrics, filters,
       "limit", "order", layout_x, layout_y, layout_w, layout_h)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9::jsonb, $10,
       coalesce($11, (SELECT coalesce(max("order") + 1, 0) FROM dashboard_widgets WHERE map_id = $1)),
       coalesce($12, 0),
       coalesce($13, (SELECT least(coalesce(max(layout_y + layout_h), 0), 1000) FROM dashboard_widgets WHERE map_id = $1)),
       $14, $15)
     RETURNING ${WIDGET_COLUMNS}`,
    [mapId, ...params(values)],
  );
}

/** The widget as stored now; undefined when it is gone. */
export function updateWidget(db: Queryable, id: number, values: WidgetValues) {
  return firstRow<WidgetRow>(
    db,
    `UPDATE dashboard_widgets AS w SET layer_id = $2, title = $3, kind = $4, chart = $5, scope = $6,
       group_by = $7::jsonb, metrics = $8::jsonb, filters = $9::jsonb, "limit" = $10, "order" = $11,
       layout_x = $12, layout_y = $13, layout_w = $14, layout_h = $15, updated_at = now()
     WHERE w.id = $1 RETURNING ${WIDGET_COLUMNS}`,
    [id, ...params(values)],
  );
}

/** False when the map has no such widget. */
export async function deleteWidget(db: Queryable, mapId: number, id: number): Promise<boolean> {
  const rows = await db.query('DELETE FROM dashboard_widgets WHERE id = $1 AND map_id = $2 RETURNING id', [
    id,
    mapId,
  ]);
  return rows.length > 0;
}
