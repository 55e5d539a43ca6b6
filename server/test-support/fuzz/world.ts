import type { Queryable } from '../../src/db/database.ts';
import {
  insertCategory,
  insertFeature,
  insertLayer,
  insertMap,
  type LayerPropertyFixture,
} from '../map-fixtures.ts';

/**
 * One map with everything its operations can name: point, line and polygon layers with an
 * attribute schema and features, a remote layer, categories, a saved search, a main search,
 * a filter, a relation with a link, a water network, and a second map to transfer layers to.
 * The fuzzer makes a fresh one for every operation, so deletes and moves of one operation
 * leave the next one a whole world.
 */
export interface World {
  mapId: number;
  otherMapId: number;
  categoryIds: number[];
  /** Points (valves), lines (pipes), polygons, then a remote xyz layer. */
  layerIds: { point: number; line: number; polygon: number; xyz: number };
  featureIds: { point: number[]; line: number[]; polygon: number[] };
  propertyNames: string[];
  searchId: number;
  mainSearchId: number;
  filterId: number;
}

export const WORLD_PROPERTIES: LayerPropertyFixture[] = [
  { name: 'name', type: 'string' },
  { name: 'diameter_mm', type: 'number' },
  { name: 'count', type: 'integer' },
  { name: 'active', type: 'boolean' },
  { name: 'installed', type: 'date' },
  { name: 'material', type: 'enum', options: ['pvc', 'cast_iron'] },
  { name: 'link', type: 'url' },
];

const attributes = (i: number) => ({
  name: `Thing ${i}`,
  diameter_mm: 100 + i * 12.5,
  count: i,
  active: i % 2 === 0,
  installed: `2020-0${(i % 9) + 1}-15`,
  material: i % 2 === 0 ? 'pvc' : 'cast_iron',
  link: `https://example.com/${i}`,
});

// Around Lisbon, inside one z14 tile and its neighbours.
const at = (i: number): [number, number] => [-9.14 + i * 0.001, 38.72 + (i % 3) * 0.001];

export async function createWorld(db: Queryable): Promise<World> {
  const map = await insertMap(db, { title: 'Fuzz town', zoom: 14, center: at(0) });
  const other = await insertMap(db, { title: 'Fuzz elsewhere' });
  const root = await insertCategory(db, map.id, { name: 'Network' });
  const child = await insertCategory(db, map.id, { name: 'Valves', parent_id: root.id });
  const properties = WORLD_PROPERTIES;
  const point = await insertLayer(db, map.id, {
    name: 'Valves',
    geometry_type: 'Point',
    properties,
    category_id: child.id,
  });
  const line = await insertLayer(db, map.id, {
    name: 'Pipes',
    geometry_type: 'LineString',
    properties,
    order: 1,
  });
  const polygon = await insertLayer(db, map.id, {
    name: 'Zones',
    geometry_type: 'Polygon',
    properties,
    order: 2,
  });
  const xyz = await insertLayer(db, map.id, { name: 'Imagery', type: 'xyz', order: 3 });
  const featureIds: World['featureIds'] = { point: [], line: [], polygon: [] };
  for (let i = 0; i < 6; i += 1) {
    // Valves sit on the pipe ends, so the network has something to isolate and trace.
    featureIds.point.push(
      (await insertFeature(db, point.id, { type: 'Point', coordinates: at(i) }, attributes(i))).id,
    );
  }
  for (let i = 0; i < 5; i += 1) {
    const geometry = { type: 'LineString', coordinates: [at(i), at(i + 1)] };
    featureIds.line.push((await insertFeature(db, line.id, geometry, attributes(i))).id);
  }
  for (let i = 0; i < 2; i += 1) {
    const [x, y] = at(i * 3);
    const ring = [
      [x, y],
      [x + 0.002, y],
      [x + 0.002, y + 0.002],
      [x, y + 0.002],
      [x, y],
    ];
    featureIds.polygon.push(
      (await insertFeature(db, polygon.id, { type: 'Polygon', coordinates: [ring] }, attributes(i))).id,
    );
  }
  const [search] = await db.query<{ id: number }>(
    `INSERT INTO searches (map_id, layer_id, name, fields, operator) VALUES ($1, $2, 'By name', '["name","material"]', 'contains') RETURNING id`,
    [map.id, point.id],
  );
  const [mainSearch] = await db.query<{ id: number }>(
    `INSERT INTO main_searches (map_id, layer_id, label, fields, display_field) VALUES ($1, $2, 'Valves', '["name"]', 'name') RETURNING id`,
    [map.id, point.id],
  );
  const [filter] = await db.query<{ id: number }>(
    `INSERT INTO filters (map_id, layer_id, name, property, type, options)
     VALUES ($1, $2, 'Material', 'material', 'select', '[{"value":"pvc","label":"PVC"}]') RETURNING id`,
    [map.id, point.id],
  );
  const [relation] = await db.query<{ id: number }>(
    `INSERT INTO layer_relations (parent_layer_id, child_layer_id, rule) VALUES ($1, $2, 'manual') RETURNING id`,
    [line.id, point.id],
  );
  await db.query(
    `INSERT INTO layer_relations (parent_layer_id, child_layer_id, rule, tolerance_m) VALUES ($1, $2, 'spatial', 5)`,
    [polygon.id, point.id],
  );
  await db.query(
    `INSERT INTO feature_links (relation_id, parent_feature_id, child_feature_id) VALUES ($1, $2, $3)`,
    [relation?.id, featureIds.line[0], featureIds.point[0]],
  );
  await db.query(
    `INSERT INTO water_networks (map_id, pipe_layer_id, valve_layer_ids, node_layer_ids, tolerance_m) VALUES ($1, $2, $3, '{}', 1)`,
    [map.id, line.id, [point.id]],
  );
  return {
    mapId: map.id,
    otherMapId: other.id,
    categoryIds: [root.id, child.id],
    layerIds: { point: point.id, line: line.id, polygon: polygon.id, xyz: xyz.id },
    featureIds,
    propertyNames: properties.map((property) => property.name),
    searchId: search?.id ?? 0,
    mainSearchId: mainSearch?.id ?? 0,
    filterId: filter?.id ?? 0,
  };
}
