import { insertFeaturesSql } from '../features/features-store.ts';
import type { Database, Queryable } from '../db/database.ts';
import {
  DEMO_CATEGORIES,
  DEMO_FILTERS,
  DEMO_LAYERS,
  DEMO_MAIN_SEARCHES,
  DEMO_MAP,
  DEMO_SEARCHES,
  DEMO_WATER_NETWORK_TOLERANCE_M,
  DEMO_WIDGETS,
  type DemoCategoryKey,
  type DemoLayerKey,
} from '@shared/demo/configuration.ts';
import { generateTown, type TownFeature } from '@shared/demo/town.ts';
import { DEMO_FEATURE_ORDER, townFeaturesOf } from '@shared/demo/town-rows.ts';

export interface SeededDemoTown {
  mapId: number;
  layerIds: Record<DemoLayerKey, number>;
  /** Feature ids of the two planted digitising errors. */
  planted: { pipeId: number; valveId: number };
}

/**
 * Writes all features of a layer in one statement: the rows travel as one JSON array and
 * keep its order, so ids follow the generator's order and the stats triggers fire once.
 */
async function insertFeatures(
  tx: Queryable,
  layerId: number,
  userId: number,
  features: TownFeature[],
): Promise<number> {
  const rows = await tx.query<{ first: number }>(
    `WITH inserted AS (${insertFeaturesSql(
      {
        layer: '$1',
        geom: "ST_SetSRID(ST_GeomFromGeoJSON(item -> 'geometry'), 4326)",
        properties: "item -> 'properties'",
        user: '$2',
      },
      'jsonb_array_elements($3::jsonb) WITH ORDINALITY AS rows (item, position) ORDER BY position',
      'id',
    )})
     SELECT min(id)::int AS first FROM inserted`,
    [layerId, userId, JSON.stringify(features)],
  );
  return rows[0]?.first ?? 0;
}

const firstId = async (tx: Queryable, sql: string, params: unknown[]) =>
  ((await tx.query<{ id: number }>(sql, params))[0] as { id: number }).id;

/** The demo map: runs once, on an empty database (see seed.ts), all of it or nothing. */
export async function seedDemoTown(db: Database, adminId: number): Promise<SeededDemoTown> {
  const town = generateTown();
  return db.transaction(async (tx) => {
    const mapId = await firstId(
      tx,
      `INSERT INTO maps (title, description, center, zoom, basemap, created_by)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [
        DEMO_MAP.title,
        DEMO_MAP.description,
        JSON.stringify(town.center),
        DEMO_MAP.zoom,
        DEMO_MAP.basemap,
        adminId,
      ],
    );
    const categoryIds = {} as Record<DemoCategoryKey, number>;
    for (const [order, category] of DEMO_CATEGORIES.entries())
      categoryIds[category.key] = await firstId(
        tx,
        `INSERT INTO categories (map_id, name, "order") VALUES ($1, $2, $3) RETURNING id`,
        [mapId, category.name, order],
      );
    const layerIds = {} as Record<DemoLayerKey, number>;
    for (const layer of DEMO_LAYERS)
      layerIds[layer.key] = await firstId(
        tx,
        `INSERT INTO layers (map_id, category_id, name, type, geometry_type, style, "order", properties, min_zoom, visible,
           time_property)
         VALUES ($1, $2, $3, 'vector', $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
        [
          mapId,
          categoryIds[layer.category],
          layer.name,
          layer.geometry_type,
          JSON.stringify(layer.style),
          layer.order,
          JSON.stringify(layer.properties),
          layer.min_zoom ?? null,
          layer.visible ?? true,
          layer.time_property ?? null,
        ],
      );
    // In DEMO_FEATURE_ORDER: on a fresh database pipes get ids 1…n, and so on (see generateTown).
    const firstIds = {} as Record<DemoLayerKey, number>;
    for (const key of DEMO_FEATURE_ORDER)
      firstIds[key] = await insertFeatures(tx, layerIds[key], adminId, townFeaturesOf(town, key));
    await tx.query(
      `INSERT INTO water_networks (map_id, pipe_layer_id, valve_layer_ids, node_layer_ids, tolerance_m, hydraulics)
       VALUES ($1, $2, $3::int[], $4::int[], $5, $6::jsonb)`,
      [
        mapId,
        layerIds.pipes,
        [layerIds.valves],
        [layerIds.hydrants, layerIds.services],
        DEMO_WATER_NETWORK_TOLERANCE_M,
        JSON.stringify({ source_layer_id: layerIds.sources, service_layer_ids: [layerIds.services] }),
      ],
    );
    for (const [order, search] of DEMO_SEARCHES.entries())
      await tx.query(
        `INSERT INTO searches (map_id, layer_id, name, fields, operator, "order") VALUES ($1, $2, $3, $4, $5, $6)`,
        [mapId, layerIds[search.layer], search.name, JSON.stringify(search.fields), search.operator, order],
      );
    for (const [order, search] of DEMO_MAIN_SEARCHES.entries())
      await tx.query(
        `INSERT INTO main_searches (map_id, layer_id, label, fields, display_field, "order")
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          mapId,
          layerIds[search.layer],
          search.label,
          JSON.stringify(search.fields),
          search.display_field,
          order,
        ],
      );
    for (const [order, filter] of DEMO_FILTERS.entries())
      await tx.query(
        `INSERT INTO filters (map_id, layer_id, name, property, type, options, "order")
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          mapId,
          layerIds[filter.layer],
          filter.name,
          filter.property,
          filter.type,
          filter.options === null ? null : JSON.stringify(filter.options),
          order,
        ],
      );
    for (const [order, widget] of DEMO_WIDGETS.entries())
      await tx.query(
        `INSERT INTO dashboard_widgets (map_id, layer_id, title, kind, chart, scope, group_by, metrics, filters, "order",
           layout_x, layout_y, layout_w, layout_h)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9::jsonb, $10, $11, $12, $13, $14)`,
        [
          mapId,
          layerIds[widget.layer],
          widget.title,
          widget.kind,
          widget.chart ?? 'bar',
          widget.scope ?? 'map',
          JSON.stringify(widget.group_by),
          JSON.stringify(widget.metrics),
          JSON.stringify(widget.filters ?? []),
          order,
          widget.layout.x,
          widget.layout.y,
          widget.layout.w,
          widget.layout.h,
        ],
      );
    return {
      mapId,
      layerIds,
      planted: {
        pipeId: firstIds.pipes + town.planted.pipe,
        valveId: firstIds.valves + town.planted.valve,
      },
    };
  });
}
