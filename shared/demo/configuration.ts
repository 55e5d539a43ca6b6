import type { components } from '../../generated/openapi-types.ts';
import { MATERIALS, PIPE_STATUSES } from './pipes.ts';
import { HYDRANT_KINDS } from './hydrants.ts';
import { VALVE_TYPES } from './valves.ts';

const STREET_KINDS = ['avenue', 'main', 'street'] as const;

/** How the demo map presents the town: layers, their schemas and styles, searches and filters. */
type Schemas = components['schemas'];
export type DemoLayerKey = 'zones' | 'pipes' | 'valves' | 'hydrants' | 'streets' | 'services' | 'sources';
export type DemoCategoryKey = 'network' | 'zones' | 'base';

export interface DemoLayer {
  key: DemoLayerKey;
  category: DemoCategoryKey;
  name: string;
  geometry_type: 'Point' | 'LineString' | 'Polygon';
  /** Drawing order, 0 at the bottom (layers are written in list order, so their ids stay put). */
  order: number;
  /** Below this zoom the layer is not drawn (too dense to read); null for always. */
  min_zoom?: number | null;
  /** Unticked when the map opens; the user ticks it in the layer panel. */
  visible?: boolean;
  style: Schemas['LayerStyle'];
  properties: Schemas['LayerProperty'][];
  /** The date property OGC `datetime` filters on. */
  time_property?: string;
}

export const DEMO_MAP = {
  title: 'Demo town water network',
  description:
    'A generated town water network: pipes with material, diameter and install date (older towards the centre), ' +
    'valves at junctions and inside long pipes, hydrants on the mains, and four pressure zones. ' +
    'Two digitising errors are left in for the topology check: a dead-end pipe that stops 1 m short ' +
    'of its junction, and a valve 30 m away from any pipe. Delete this map and it does not come back.',
  zoom: 14,
  basemap: 'offline',
} as const;

/**
 * The demo map's water network: pipes, valves and hydrants, joined within half a metre, so the
 * planted pipe that stops 1 m short is reported as dangling rather than silently joined.
 */
export const DEMO_WATER_NETWORK_TOLERANCE_M = 0.5;

export const DEMO_CATEGORIES: { key: DemoCategoryKey; name: string }[] = [
  { key: 'network', name: 'Network' },
  { key: 'zones', name: 'Zones' },
  { key: 'base', name: 'Base' },
];

const ACRONYMS = new Set(['pe', 'pvc']);
const words = (value: string) =>
  ACRONYMS.has(value)
    ? value.toUpperCase()
    : value.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase());
const property = (
  name: string,
  label: string,
  type: Schemas['LayerProperty']['type'],
  required: boolean,
  options: readonly string[] | null = null,
  /** What the attribute forms guide with: bounds of a number, a default for new features. */
  guides: Pick<Schemas['LayerProperty'], 'min' | 'max' | 'pattern' | 'default'> = {},
): Schemas['LayerProperty'] => ({
  name,
  label,
  type,
  required,
  options: options ? [...options] : null,
  ...guides,
});

/** The water the hydraulic simulation needs: written after the streets, ids after theirs. */
const HYDRAULIC_LAYERS: DemoLayer[] = [
  {
    key: 'services',
    category: 'network',
    name: 'Service points',
    geometry_type: 'Point',
    order: 5,
    // About a thousand meters: a dot on every street at the demo's zoom, so from street level on.
    min_zoom: 16,
    // Off when the map opens: the meters sit on the pipes, and a tap on a pipe would pick the
    // meter beside it (points win over lines). The simulation reads them either way.
    visible: false,
    style: {
      stroke_color: '#ffffff',
      stroke_width: 0.5,
      fill_color: '#3182bd',
      point_radius: 2,
      label_property: null,
    },
    properties: [
      property('service_id', 'Service point', 'string', true),
      property('demand_lps', 'Demand (l/s)', 'number', true),
    ],
  },
  {
    key: 'sources',
    category: 'network',
    name: 'Sources',
    geometry_type: 'Point',
    order: 6,
    style: {
      stroke_color: '#08306b',
      stroke_width: 2,
      fill_color: '#6baed6',
      point_radius: 7,
      label_property: 'name',
    },
    properties: [
      property('source_id', 'Source', 'string', true),
      property('name', 'Name', 'string', true),
      property('kind', 'Kind', 'enum', true, ['reservoir', 'tank']),
      property('head_m', 'Head (m)', 'number', false),
      property('elevation_m', 'Elevation (m)', 'number', false),
      property('level_m', 'Water level (m)', 'number', false),
      property('diameter_m', 'Diameter (m)', 'number', false),
    ],
  },
];

/** Drawn bottom to top in this order. */
export const DEMO_LAYERS: DemoLayer[] = [
  {
    key: 'zones',
    category: 'zones',
    name: 'Pressure zones',
    geometry_type: 'Polygon',
    order: 0,
    style: {
      stroke_color: '#6a3d9a',
      stroke_width: 1.5,
      fill_color: '#c8b89a',
      point_radius: 0,
      label_property: 'name',
    },
    properties: [
      property('name', 'Zone', 'string', true),
      property('target_pressure_bar', 'Target pressure (bar)', 'number', true, null, { min: 0, max: 16 }),
    ],
  },
  {
    key: 'pipes',
    category: 'network',
    name: 'Pipes',
    geometry_type: 'LineString',
    order: 2,
    time_property: 'install_date',
    style: {
      stroke_color: '#969696',
      stroke_width: 2,
      fill_color: '#96969600',
      point_radius: 0,
      label_property: null,
      kind: 'categorized',
      property: 'material',
      categories: [
        { value: 'cast_iron', label: 'Cast iron', color: '#8c510a' },
        { value: 'ductile_iron', label: 'Ductile iron', color: '#2166ac' },
        { value: 'steel', label: 'Steel', color: '#4d4d4d' },
        { value: 'asbestos_cement', label: 'Asbestos cement', color: '#d95f02' },
        { value: 'pvc', label: 'PVC', color: '#1b9e77' },
        { value: 'pe', label: 'PE', color: '#7570b3' },
      ],
      // Widened by diameter: service streets thin, mains wider, avenue trunk mains widest.
      size: {
        property: 'diameter_mm',
        classes: [
          { min: 0, max: 110, label: '< 110 mm', stroke_width: 1.5 },
          { min: 110, max: 200, label: '110 – 199 mm', stroke_width: 2.25 },
          { min: 200, max: 300, label: '200 – 299 mm', stroke_width: 3.25 },
          { min: 300, max: 1000, label: '≥ 300 mm', stroke_width: 4.5 },
        ],
      },
    },
    properties: [
      property('name', 'Name', 'string', true),
      property('street', 'Street', 'string', true),
      property('material', 'Material', 'enum', true, MATERIALS),
      property('diameter_mm', 'Diameter (mm)', 'integer', true, null, { min: 20, max: 1200, default: 110 }),
      property('install_date', 'Install date', 'date', false),
      property('status', 'Status', 'enum', true, PIPE_STATUSES, { default: 'in_service' }),
      property('length_m', 'Length (m)', 'number', false, null, { min: 0 }),
      property('zone', 'Pressure zone', 'string', false),
    ],
  },
  {
    key: 'valves',
    category: 'network',
    name: 'Valves',
    geometry_type: 'Point',
    order: 3,
    // 905 valves are a dot at every junction at the demo's zoom: shown from street level on.
    min_zoom: 15,
    style: {
      stroke_color: '#ffffff',
      stroke_width: 1,
      fill_color: '#252525',
      point_radius: 3,
      label_property: null,
      kind: 'categorized',
      property: 'type',
      categories: [
        { value: 'gate', label: 'Gate', color: '#252525' },
        { value: 'butterfly', label: 'Butterfly', color: '#6a51a3', point_radius: 3.5 },
      ],
    },
    properties: [
      property('valve_id', 'Valve', 'string', true),
      property('type', 'Type', 'enum', true, VALVE_TYPES, { default: 'gate' }),
      property('diameter_mm', 'Diameter (mm)', 'integer', true, null, { min: 20, max: 1200, default: 110 }),
      property('is_open', 'Open', 'boolean', true, null, { default: true }),
    ],
  },
  {
    key: 'hydrants',
    category: 'network',
    name: 'Hydrants',
    geometry_type: 'Point',
    order: 4,
    style: {
      stroke_color: '#ffffff',
      stroke_width: 1,
      fill_color: '#e31a1c',
      point_radius: 2.5,
      label_property: null,
    },
    properties: [
      property('hydrant_id', 'Hydrant', 'string', true),
      property('kind', 'Kind', 'enum', true, HYDRANT_KINDS),
      property('flow_lps', 'Flow (l/s)', 'number', false, null, { min: 0 }),
    ],
  },
  {
    key: 'streets',
    category: 'base',
    name: 'Streets',
    geometry_type: 'LineString',
    order: 1,
    style: {
      stroke_color: '#ffffff',
      stroke_width: 3,
      fill_color: '#ffffff00',
      point_radius: 0,
      label_property: 'name',
      kind: 'categorized',
      property: 'kind',
      categories: [
        { value: 'avenue', label: 'Avenue', color: '#fff2c4', stroke_width: 11 },
        { value: 'main', label: 'Main street', color: '#ffffff', stroke_width: 8 },
        { value: 'street', label: 'Street', color: '#ffffff', stroke_width: 6 },
      ],
    },
    properties: [
      property('name', 'Name', 'string', true),
      property('kind', 'Kind', 'enum', true, STREET_KINDS),
    ],
  },
  ...HYDRAULIC_LAYERS,
];

export const DEMO_SEARCHES: {
  layer: DemoLayerKey;
  name: string;
  fields: string[];
  operator: Schemas['SearchOperator'];
}[] = [
  { layer: 'pipes', name: 'Pipes by street', fields: ['street'], operator: 'contains' },
  { layer: 'valves', name: 'Valves by type', fields: ['type'], operator: 'equals' },
  { layer: 'hydrants', name: 'Hydrants by number', fields: ['hydrant_id'], operator: 'starts_with' },
];

export const DEMO_MAIN_SEARCHES: {
  layer: DemoLayerKey;
  label: string;
  fields: string[];
  display_field: string;
}[] = [
  { layer: 'pipes', label: 'Pipes', fields: ['name', 'street'], display_field: 'name' },
  { layer: 'valves', label: 'Valves', fields: ['valve_id'], display_field: 'valve_id' },
  { layer: 'hydrants', label: 'Hydrants', fields: ['hydrant_id'], display_field: 'hydrant_id' },
];

const choices = (values: readonly string[]) => values.map((value) => ({ value, label: words(value) }));

/** One filter of every type the document knows. */
export const DEMO_FILTERS: {
  layer: DemoLayerKey;
  name: string;
  property: string;
  type: Schemas['FilterType'];
  options: Schemas['FilterOption'][] | null;
}[] = [
  { layer: 'pipes', name: 'Material', property: 'material', type: 'select', options: choices(MATERIALS) },
  {
    layer: 'pipes',
    name: 'Status',
    property: 'status',
    type: 'multiselect',
    options: choices(PIPE_STATUSES),
  },
  { layer: 'pipes', name: 'Diameter (mm)', property: 'diameter_mm', type: 'range', options: null },
  { layer: 'pipes', name: 'Install date', property: 'install_date', type: 'date_range', options: null },
  { layer: 'pipes', name: 'Street', property: 'street', type: 'text', options: null },
  { layer: 'valves', name: 'Open', property: 'is_open', type: 'boolean', options: null },
  { layer: 'valves', name: 'Valve type', property: 'type', type: 'select', options: choices(VALVE_TYPES) },
];

/**
 * The demo dashboard: what a water utility asks first (network length and its materials, the
 * age of the pipes, valves by type, hydrants and service points in view, length per pressure
 * zone, asbestos cement left in the ground).
 */
export const DEMO_WIDGETS: {
  layer: DemoLayerKey;
  title: string;
  kind: Schemas['WidgetKind'];
  chart?: Schemas['WidgetChart'];
  scope?: Schemas['WidgetScope'];
  group_by: Schemas['GroupBy'];
  metrics: Schemas['Metrics'];
  filters?: Schemas['FilterCondition'][];
  limit?: number;
  /** Its place on the full-window dashboard: the counters in a row, the charts two by two below. */
  layout: Schemas['WidgetLayout'];
}[] = [
  {
    layer: 'pipes',
    title: 'Network length (m)',
    kind: 'counter',
    group_by: null,
    metrics: [{ op: 'sum', property: '$length' }],
    layout: { x: 0, y: 0, w: 3, h: 2 },
  },
  {
    layer: 'hydrants',
    title: 'Hydrants in view',
    kind: 'counter',
    group_by: null,
    metrics: [{ op: 'count' }],
    layout: { x: 3, y: 0, w: 3, h: 2 },
  },
  {
    layer: 'services',
    title: 'Service points in view',
    kind: 'counter',
    group_by: null,
    metrics: [{ op: 'count' }],
    layout: { x: 6, y: 0, w: 3, h: 2 },
  },
  {
    layer: 'pipes',
    title: 'Network length by material (m)',
    kind: 'category',
    group_by: { property: 'material' },
    metrics: [{ op: 'sum', property: '$length' }],
    layout: { x: 0, y: 2, w: 6, h: 4 },
  },
  {
    layer: 'pipes',
    title: 'Pipes installed per year',
    kind: 'time',
    group_by: { property: 'install_date', interval: 'year' },
    metrics: [{ op: 'count' }],
    layout: { x: 6, y: 2, w: 6, h: 4 },
  },
  {
    layer: 'valves',
    title: 'Valves by type',
    kind: 'category',
    chart: 'pie',
    group_by: { property: 'type' },
    metrics: [{ op: 'count' }],
    layout: { x: 0, y: 6, w: 6, h: 4 },
  },
  {
    layer: 'pipes',
    title: 'Length per pressure zone (m)',
    kind: 'category',
    group_by: { property: 'zone' },
    metrics: [{ op: 'sum', property: '$length' }],
    layout: { x: 6, y: 6, w: 6, h: 4 },
  },
  {
    layer: 'pipes',
    title: 'Asbestos-cement pipe, whole network (m)',
    kind: 'counter',
    scope: 'layer',
    group_by: null,
    metrics: [{ op: 'sum', property: '$length' }],
    filters: [{ property: 'material', operator: 'eq', value: 'asbestos_cement' }],
    layout: { x: 9, y: 0, w: 3, h: 2 },
  },
];
