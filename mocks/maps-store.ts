import { HYDRANT_STYLE, PIPE_STYLE, VALVE_STYLE } from './demo-styles';
import type {
  Bookmark,
  Category,
  Filter,
  Layer,
  LayerRelation,
  LayerStyle,
  MainSearch,
  Map as MapRecord,
  Search,
} from '../generated/model';
import { MOCK_ADMIN } from './accounts';
import { MOCK_REFERENCE_DATE } from './db';
import {
  DEMO_TOWN_LAYERS,
  demoTownCategories,
  demoTownFilters,
  demoTownMainSearches,
  demoTownMap,
  demoTownSearches,
} from './demo-town';
import { featuresOfLayer } from './features-store';
import { pipeProperties, townProperty, valveProperties, zoneProperties } from './features-town-layers';
import { mockTownKind } from './town';

/**
 * The mock "server's" maps-domain tables: map 1 is the town (town.ts: the server's demo town in
 * mock mode, a small hand-made one in the unit tests, with fixed ids: categories 1–2, layers
 * 1–4), map 2 "Empty map". Plain arrays: reseeded by applyScenario, so every test starts from
 * the same town.
 */
export const mapsDb = {
  maps: [] as MapRecord[],
  layers: [] as Layer[],
  categories: [] as Category[],
  searches: [] as Search[],
  mainSearches: [] as MainSearch[],
  filters: [] as Filter[],
  bookmarks: [] as Bookmark[],
  relations: [] as LayerRelation[],
};

export const DEMO_MAP_ID = 1;
export const EMPTY_MAP_ID = 2;

const STAMP = MOCK_REFERENCE_DATE;

const DEFAULT_STYLE: LayerStyle = {
  stroke_color: '#1d4ed8',
  stroke_width: 2,
  fill_color: '#93c5fd66',
  point_radius: 5,
  label_property: null,
};

function demoLayer(
  fields: Pick<Layer, 'id' | 'name' | 'geometry_type' | 'category_id' | 'order'> & Partial<Layer>,
): Layer {
  return {
    map_id: DEMO_MAP_ID,
    type: 'vector',
    source: null,
    style: DEFAULT_STYLE,
    visible: true,
    opacity: 1,
    min_zoom: null,
    max_zoom: null,
    properties: [],
    features_count: 0,
    extent: null,
    created_at: STAMP,
    updated_at: STAMP,
    ...fields,
  };
}

const EMPTY_MAP: MapRecord = {
  id: EMPTY_MAP_ID,
  title: 'Empty map',
  description: null,
  center: [0, 20],
  zoom: 2,
  rotation: 0,
  basemap: 'offline',
  created_by: MOCK_ADMIN.id,
  layers_count: 0,
  created_at: '2026-10-30T08:00:00Z',
  updated_at: '2026-10-30T08:00:00Z',
};

/**
 * A layer whose `features_count` is read from the feature store whenever it is read, as the
 * server's count follows its features (a write, e.g. a copy's spread, fixes a value).
 */
function countingFeatures(layer: Layer): Layer {
  const counted = { ...layer };
  Object.defineProperty(counted, 'features_count', {
    enumerable: true,
    configurable: true,
    get: () => featuresOfLayer(layer.id).length,
    set: (value: number) =>
      Object.defineProperty(counted, 'features_count', { value, writable: true, enumerable: true }),
  });
  return counted;
}

/** The server's demo town (demo-town.ts); nothing here runs its generator (counts read on demand). */
function seedDemoTown(): void {
  mapsDb.maps = [demoTownMap(), { ...EMPTY_MAP }];
  mapsDb.categories = demoTownCategories();
  mapsDb.layers = DEMO_TOWN_LAYERS.map(countingFeatures);
  mapsDb.searches = demoTownSearches();
  mapsDb.mainSearches = demoTownMainSearches();
  mapsDb.filters = demoTownFilters();
  mapsDb.bookmarks = [];
  mapsDb.relations = [];
}

export function seedMaps(): void {
  if (mockTownKind() === 'demo') return seedDemoTown();
  mapsDb.maps = [
    {
      id: DEMO_MAP_ID,
      title: 'Demo town',
      description: 'A small town water network: pipes, valves, hydrants and pressure zones.',
      center: [-9.14, 38.72],
      zoom: 14,
      rotation: 0,
      basemap: 'offline',
      created_by: MOCK_ADMIN.id,
      layers_count: 4,
      created_at: STAMP,
      updated_at: STAMP,
    },
    { ...EMPTY_MAP },
  ];
  mapsDb.categories = [
    { id: 1, map_id: DEMO_MAP_ID, name: 'Network', parent_id: null, order: 0 },
    { id: 2, map_id: DEMO_MAP_ID, name: 'Zones', parent_id: null, order: 1 },
  ];
  mapsDb.layers = [
    demoLayer({
      id: 1,
      name: 'Pipes',
      geometry_type: 'LineString',
      category_id: 1,
      order: 3,
      style: PIPE_STYLE,
      // The town's pipes were laid between 1960 and 2020 (features-town.ts).
      time_property: 'install_date',
      time_extent: ['1960-01-15T00:00:00Z', '2020-09-15T23:59:59Z'],
      properties: pipeProperties('Installed on'),
    }),
    demoLayer({
      id: 2,
      name: 'Valves',
      geometry_type: 'Point',
      category_id: 1,
      order: 2,
      style: VALVE_STYLE,
      properties: valveProperties(),
    }),
    demoLayer({
      id: 3,
      name: 'Hydrants',
      geometry_type: 'Point',
      category_id: 1,
      order: 1,
      style: HYDRANT_STYLE,
      properties: [
        townProperty('hydrant_id', 'Hydrant id', 'string'),
        townProperty('flow_lps', 'Flow (l/s)', 'number'),
      ],
    }),
    demoLayer({
      id: 4,
      name: 'Pressure zones',
      geometry_type: 'Polygon',
      category_id: 2,
      order: 0,
      style: { ...DEFAULT_STYLE, stroke_color: '#15803d', fill_color: '#22c55e33', label_property: 'zone' },
      properties: zoneProperties(),
    }),
  ];
  mapsDb.searches = [
    {
      id: 1,
      map_id: DEMO_MAP_ID,
      layer_id: 1,
      name: 'Pipes by name',
      fields: ['name'],
      operator: 'contains',
      order: 0,
    },
  ];
  mapsDb.mainSearches = [
    {
      id: 1,
      map_id: DEMO_MAP_ID,
      layer_id: 3,
      label: 'Hydrants',
      fields: ['hydrant_id'],
      display_field: 'hydrant_id',
      order: 0,
    },
  ];
  mapsDb.bookmarks = [];
  mapsDb.relations = [];
  mapsDb.filters = [
    {
      id: 1,
      map_id: DEMO_MAP_ID,
      layer_id: 1,
      name: 'Material',
      property: 'material',
      type: 'multiselect',
      options: ['cast_iron', 'ductile_iron', 'pvc', 'pe', 'steel'].map((value) => ({ value, label: value })),
      order: 0,
    },
  ];
}

seedMaps();

export function nextId(rows: readonly { id: number }[]): number {
  return rows.reduce((max, row) => Math.max(max, row.id), 0) + 1;
}

export function nowStamp(): string {
  return `${new Date().toISOString().slice(0, 19)}Z`;
}

export function findMap(id: number): MapRecord | undefined {
  return mapsDb.maps.find((map) => map.id === id);
}

export function mapLayers(mapId: number): Layer[] {
  return mapsDb.layers.filter((layer) => layer.map_id === mapId).sort((a, b) => a.order - b.order);
}

/** Keeps `layers_count` true after layers come and go, as the server's query does. */
export function touchLayerCount(mapId: number): void {
  const map = findMap(mapId);
  if (map) map.layers_count = mapsDb.layers.filter((layer) => layer.map_id === mapId).length;
}

export { DEFAULT_STYLE };
