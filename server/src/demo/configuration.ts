import type { components } from '../../../generated/openapi-types.ts';
import { MATERIALS, PIPE_STATUSES } from './pipes.ts';
import { HYDRANT_KINDS } from './hydrants.ts';
import { VALVE_TYPES } from './valves.ts';

/** How the demo map presents the town: layers, their schemas and styles, searches and filters. */
type Schemas = components['schemas'];
export type DemoLayerKey = 'zones' | 'pipes' | 'valves' | 'hydrants';
export type DemoCategoryKey = 'network' | 'zones';

export interface DemoLayer {
  key: DemoLayerKey;
  category: DemoCategoryKey;
  name: string;
  geometry_type: 'Point' | 'LineString' | 'Polygon';
  style: Schemas['LayerStyle'];
  properties: Schemas['LayerProperty'][];
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
): Schemas['LayerProperty'] => ({ name, label, type, required, options: options ? [...options] : null });

/** Drawn bottom to top in this order. */
export const DEMO_LAYERS: DemoLayer[] = [
  {
    key: 'zones',
    category: 'zones',
    name: 'Pressure zones',
    geometry_type: 'Polygon',
    style: {
      stroke_color: '#6a3d9a',
      stroke_width: 1.5,
      fill_color: '#cab2d633',
      point_radius: 0,
      label_property: 'name',
    },
    properties: [
      property('name', 'Zone', 'string', true),
      property('target_pressure_bar', 'Target pressure (bar)', 'number', true),
    ],
  },
  {
    key: 'pipes',
    category: 'network',
    name: 'Pipes',
    geometry_type: 'LineString',
    style: {
      stroke_color: '#1f78b4',
      stroke_width: 2.5,
      fill_color: '#1f78b400',
      point_radius: 0,
      label_property: null,
    },
    properties: [
      property('name', 'Name', 'string', true),
      property('street', 'Street', 'string', true),
      property('material', 'Material', 'enum', true, MATERIALS),
      property('diameter_mm', 'Diameter (mm)', 'integer', true),
      property('install_date', 'Install date', 'date', false),
      property('status', 'Status', 'enum', true, PIPE_STATUSES),
      property('length_m', 'Length (m)', 'number', false),
      property('zone', 'Pressure zone', 'string', false),
    ],
  },
  {
    key: 'valves',
    category: 'network',
    name: 'Valves',
    geometry_type: 'Point',
    style: {
      stroke_color: '#ffffff',
      stroke_width: 1,
      fill_color: '#252525',
      point_radius: 3.5,
      label_property: null,
    },
    properties: [
      property('valve_id', 'Valve', 'string', true),
      property('type', 'Type', 'enum', true, VALVE_TYPES),
      property('diameter_mm', 'Diameter (mm)', 'integer', true),
      property('is_open', 'Open', 'boolean', true),
    ],
  },
  {
    key: 'hydrants',
    category: 'network',
    name: 'Hydrants',
    geometry_type: 'Point',
    style: {
      stroke_color: '#ffffff',
      stroke_width: 1.5,
      fill_color: '#e31a1c',
      point_radius: 5,
      label_property: null,
    },
    properties: [
      property('hydrant_id', 'Hydrant', 'string', true),
      property('kind', 'Kind', 'enum', true, HYDRANT_KINDS),
      property('flow_lps', 'Flow (l/s)', 'number', false),
    ],
  },
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
