import type {
  Category,
  Feature,
  Filter,
  Layer,
  MainSearch,
  Map as MapRecord,
  Search,
  WaterNetworkConfig,
} from '../generated/model';
import {
  DEMO_CATEGORIES,
  DEMO_FILTERS,
  DEMO_LAYERS,
  DEMO_MAIN_SEARCHES,
  DEMO_MAP,
  DEMO_SEARCHES,
  DEMO_WATER_NETWORK_TOLERANCE_M,
  type DemoLayerKey,
} from '../shared/demo/configuration';
import { generateTown, type DemoTown } from '../shared/demo/town';
import { DEMO_FEATURE_ORDER, townFeaturesOf } from '../shared/demo/town-rows';
import { DEFAULT_HYDRAULICS } from '../shared/water-network/hydraulic-settings';

/*
 * Mock mode's demo town, built from the server's own generator and demo configuration
 * (server/src/demo: pure modules), with the ids a freshly seeded server gives it: map 1,
 * categories and layers numbered in the configuration's order, features in the seed's write
 * order. The generator takes about half a second, so nothing runs it until a handler first
 * needs a feature, the map's centre or a layer's count.
 */

export const DEMO_TOWN_MAP_ID = 1;
const STAMP = '2026-10-01T08:00:00Z';
const ADMIN_ID = 1;

let generated: DemoTown | undefined;
/** The generator's output, made once (the generator is a pure function of its seed). */
export function demoTown(): DemoTown {
  generated ??= generateTown();
  return generated;
}

/** The layer ids a fresh server gives the demo layers: 1… in the configuration's order. */
export const DEMO_TOWN_LAYER_IDS = Object.fromEntries(
  DEMO_LAYERS.map((layer, index) => [layer.key, index + 1]),
) as Record<DemoLayerKey, number>;
const categoryId = (key: string) => DEMO_CATEGORIES.findIndex((category) => category.key === key) + 1;

let features: Feature[] | undefined;
/** Every feature of the town, ids 1… in the seed's write order (pipes first). */
export function demoTownFeatures(): Feature[] {
  if (!features) {
    const town = demoTown();
    const rows: Feature[] = [];
    for (const key of DEMO_FEATURE_ORDER)
      for (const row of townFeaturesOf(town, key))
        rows.push({
          type: 'Feature',
          id: rows.length + 1,
          layer_id: DEMO_TOWN_LAYER_IDS[key],
          geometry: row.geometry,
          properties: row.properties,
          created_by: ADMIN_ID,
          updated_by: ADMIN_ID,
          created_at: STAMP,
          updated_at: STAMP,
          files: [],
        });
    features = rows;
  }
  return features;
}

/**
 * Gives `target[key]` a value computed on first read (then an ordinary property, which a later
 * write replaces). Enumerable, so spreads and JSON see it like any other field.
 */
export function lazyField<T extends object, K extends keyof T>(target: T, key: K, compute: () => T[K]): T {
  const settle = (value: T[K]) =>
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  Object.defineProperty(target, key, {
    enumerable: true,
    configurable: true,
    get: () => {
      const value = compute();
      settle(value);
      return value;
    },
    set: (value: T[K]) => settle(value),
  });
  return target;
}

/** The demo layers as the server lists them (counts filled in on first read by the caller). */
export const DEMO_TOWN_LAYERS: readonly Layer[] = DEMO_LAYERS.map((layer) => ({
  id: DEMO_TOWN_LAYER_IDS[layer.key],
  map_id: DEMO_TOWN_MAP_ID,
  category_id: categoryId(layer.category),
  name: layer.name,
  type: 'vector',
  geometry_type: layer.geometry_type,
  source: null,
  style: layer.style,
  visible: layer.visible ?? true,
  opacity: 1,
  min_zoom: layer.min_zoom ?? null,
  max_zoom: null,
  order: layer.order,
  properties: layer.properties,
  features_count: 0,
  extent: null,
  time_property: layer.time_property ?? null,
  created_at: STAMP,
  updated_at: STAMP,
}));

/** Map 1 as the seed writes it (its centre comes from the generator, on first read). */
export function demoTownMap(): MapRecord {
  return lazyField(
    {
      id: DEMO_TOWN_MAP_ID,
      title: DEMO_MAP.title,
      description: DEMO_MAP.description,
      center: [0, 0],
      zoom: DEMO_MAP.zoom,
      rotation: 0,
      basemap: DEMO_MAP.basemap,
      created_by: ADMIN_ID,
      layers_count: DEMO_LAYERS.length,
      created_at: STAMP,
      updated_at: STAMP,
    },
    'center',
    () => demoTown().center,
  );
}

/**
 * The configuration's rows of a part of map 1 as a fresh server numbers them: ids 1… and
 * `order` 0… in the configuration's order.
 */
function numbered<Config, Part>(
  rows: readonly Config[],
  part: (row: Config) => Part,
): Array<{ id: number; map_id: number } & Part & { order: number }> {
  return rows.map((row, order) => ({ id: order + 1, map_id: DEMO_TOWN_MAP_ID, ...part(row), order }));
}

export function demoTownCategories(): Category[] {
  return numbered(DEMO_CATEGORIES, (category) => ({ name: category.name, parent_id: null }));
}

/**
 * As `numbered`, for the parts the configuration puts on a layer by its key: each row a copy
 * of the configuration's, with the layer's id for the key.
 */
function numberedOnLayers<Config extends { layer: DemoLayerKey }>(rows: readonly Config[]) {
  return numbered(rows, ({ layer, ...part }) => ({
    layer_id: DEMO_TOWN_LAYER_IDS[layer],
    ...structuredClone(part),
  }));
}

export const demoTownSearches = (): Search[] => numberedOnLayers(DEMO_SEARCHES);
export const demoTownMainSearches = (): MainSearch[] => numberedOnLayers(DEMO_MAIN_SEARCHES);
export const demoTownFilters = (): Filter[] => numberedOnLayers(DEMO_FILTERS);

/** The water network the seed configures: pipes, valves, hydrants and service points, sources. */
export function demoTownWaterNetwork(): WaterNetworkConfig {
  return {
    pipe_layer_id: DEMO_TOWN_LAYER_IDS.pipes,
    valve_layer_ids: [DEMO_TOWN_LAYER_IDS.valves],
    node_layer_ids: [DEMO_TOWN_LAYER_IDS.hydrants, DEMO_TOWN_LAYER_IDS.services],
    tolerance_m: DEMO_WATER_NETWORK_TOLERANCE_M,
    hydraulics: {
      ...DEFAULT_HYDRAULICS,
      source_layer_id: DEMO_TOWN_LAYER_IDS.sources,
      service_layer_ids: [DEMO_TOWN_LAYER_IDS.services],
    },
  };
}
