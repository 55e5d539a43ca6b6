/**
 * The maps-domain rows the interactions' provider states create, with the ids the
 * interactions name. One place, so every file describes the same demo town.
 */
export const TOWN = { id: 1, title: 'Town water network', description: 'Pipes, valves and hydrants.' };
export const HARBOUR = { id: 2, title: 'Harbour', description: 'Quays and moorings.' };

export const NETWORK = { map_id: TOWN.id, id: 3, name: 'Network' };

export const PIPE_PROPERTIES = [
  {
    name: 'material',
    label: 'Material',
    type: 'enum',
    required: true,
    options: ['cast_iron', 'pvc', 'steel'],
  },
  { name: 'diameter_mm', label: 'Diameter (mm)', type: 'integer', required: false, options: null },
] as const;

export const VALVE_PROPERTIES = [
  { name: 'code', label: 'Code', type: 'string', required: true, options: null },
  { name: 'street', label: 'Street', type: 'string', required: false, options: null },
] as const;

export const PIPES = {
  map_id: TOWN.id,
  id: 10,
  name: 'Pipes',
  geometry_type: 'LineString',
  properties: PIPE_PROPERTIES,
} as const;

export const VALVES = {
  map_id: TOWN.id,
  id: 11,
  name: 'Valves',
  geometry_type: 'Point',
  order: 1,
  properties: VALVE_PROPERTIES,
} as const;

/** A layer of the other map: naming it under TOWN must give 404. */
export const QUAYS = { map_id: HARBOUR.id, id: 20, name: 'Quays', geometry_type: 'Point' } as const;

export const PIPE_101 = {
  layer_id: PIPES.id,
  id: 101,
  geometry: {
    type: 'LineString',
    coordinates: [
      [-9.14, 38.72],
      [-9.13, 38.73],
    ],
  },
  properties: { material: 'cast_iron', diameter_mm: 150 },
} as const;

export const PIPE_102 = {
  layer_id: PIPES.id,
  id: 102,
  geometry: {
    type: 'LineString',
    coordinates: [
      [-9.13, 38.73],
      [-9.12, 38.74],
    ],
  },
  properties: { material: 'pvc', diameter_mm: 110 },
} as const;

export const VALVE_201 = {
  layer_id: VALVES.id,
  id: 201,
  geometry: { type: 'Point', coordinates: [-9.13, 38.73] },
  properties: { code: 'V-001', street: 'Rua Augusta' },
} as const;

export const SEARCH = {
  map_id: TOWN.id,
  id: 5,
  layer_id: VALVES.id,
  name: 'Valves by street',
  fields: ['street'],
  operator: 'contains',
} as const;

export const MAIN_SEARCH = {
  map_id: TOWN.id,
  id: 6,
  layer_id: VALVES.id,
  label: 'Valves',
  fields: ['code', 'street'],
  display_field: 'code',
} as const;

export const FILTER = {
  map_id: TOWN.id,
  id: 8,
  layer_id: PIPES.id,
  name: 'Material',
  property: 'material',
  type: 'select',
  options: [
    { value: 'cast_iron', label: 'Cast iron' },
    { value: 'pvc', label: 'PVC' },
  ],
} as const;

export const OWN_BOOKMARK = { map_id: TOWN.id, id: 7, name: 'Old town', center: [-9.13, 38.71], zoom: 16 };
export const OTHERS_BOOKMARK = { map_id: TOWN.id, id: 9, name: 'Not yours', center: [-9.1, 38.7], zoom: 15 };

/** Pipes are parents of the valves on them (explicit link 101 → 201). */
export const PIPE_VALVE_RELATION = {
  id: 4,
  parent_layer_id: PIPES.id,
  child_layer_id: VALVES.id,
  rule: 'manual',
  links: [[PIPE_101.id, VALVE_201.id]],
} as const;

export const VALVE_PHOTO = {
  feature_id: VALVE_201.id,
  id: 31,
  name: 'valve-note.txt',
  mime_type: 'text/plain',
  content: 'Valve V-001 replaced in 2025.\n',
} as const;

/** A finished export of the signed-in user, its file on the server's disk. */
export const PIPES_EXPORT = {
  id: '0b5e2c1e-8a3f-4c1d-9f2a-7c6d5e4b3a21',
  user: 'signed-in',
  format: 'geojson',
  file: { name: 'pipes-2026-11-02.geojson', content: '{"type":"FeatureCollection","features":[]}\n' },
} as const;

/** An export a worker is still writing: what the client polls for its progress bar. */
export const RUNNING_EXPORT = {
  id: '5d6e7f80-9a1b-4c2d-8e3f-4a5b6c7d8e9f',
  user: 'signed-in',
  format: 'gpkg',
  status: 'running',
  progress: 0.4,
  file: { name: 'pipes-2026-11-02.gpkg' },
} as const;

/** A finished export that someone else asked for. */
export const OTHERS_EXPORT = {
  ...PIPES_EXPORT,
  id: 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f',
  user: 'another',
} as const;

/**
 * The hydraulic settings a network answers when none were set: the server's
 * defaults, spelled out so a change to them is a change to the contract.
 */
export const HYDRAULIC_DEFAULTS = {
  source_layer_id: null,
  service_layer_ids: [],
  elevation_property: 'elevation_m',
  demand_property: 'demand_lps',
  base_demand_lps: 0,
  source_kind_property: 'kind',
  head_property: 'head_m',
  tank_level_property: 'level_m',
  tank_diameter_property: 'diameter_m',
  diameter_property: 'diameter_mm',
  length_property: 'length_m',
  material_property: 'material',
  roughness_property: 'hw_c',
  roughness: [
    { material: 'cast_iron', c: 100 },
    { material: 'ductile_iron', c: 130 },
    { material: 'steel', c: 120 },
    { material: 'asbestos_cement', c: 140 },
    { material: 'pvc', c: 150 },
    { material: 'pe', c: 150 },
  ],
  default_roughness: 130,
  pipe_status_property: 'status',
  closed_pipe_values: ['abandoned', 'closed'],
  valve_open_property: 'is_open',
  valve_operable_property: 'operable',
  low_pressure_m: 20,
  fire_flow_residual_bar: 1.4,
};
