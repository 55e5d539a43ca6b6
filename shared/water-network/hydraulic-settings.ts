import type { components } from '../../generated/openapi-types.ts';

export type HydraulicSettings = components['schemas']['WaterNetworkHydraulics'];
export type HydraulicSettingsInput = components['schemas']['WaterNetworkHydraulicsInput'];

/**
 * Hazen-Williams C of new pipes by material, from the usual design tables (old cast iron is
 * rougher than its new value, but a table of new values is what a utility starts from).
 */
export const DEFAULT_ROUGHNESS: HydraulicSettings['roughness'] = [
  { material: 'cast_iron', c: 100 },
  { material: 'ductile_iron', c: 130 },
  { material: 'steel', c: 120 },
  { material: 'asbestos_cement', c: 140 },
  { material: 'pvc', c: 150 },
  { material: 'pe', c: 150 },
];

export const DEFAULT_HYDRAULICS: HydraulicSettings = {
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
  roughness: DEFAULT_ROUGHNESS,
  default_roughness: 130,
  pipe_status_property: 'status',
  closed_pipe_values: ['abandoned', 'closed'],
  valve_open_property: 'is_open',
  valve_operable_property: 'operable',
  low_pressure_m: 20,
  fire_flow_residual_bar: 1.4,
};

/** The stored object over the defaults: keys it lacks (or older rows) take the default. */
export function settingsOf(stored: unknown): HydraulicSettings {
  const given = (stored && typeof stored === 'object' ? stored : {}) as Partial<HydraulicSettings>;
  const merged = { ...DEFAULT_HYDRAULICS };
  for (const key of Object.keys(DEFAULT_HYDRAULICS) as (keyof HydraulicSettings)[])
    if (given[key] !== undefined) Object.assign(merged, { [key]: given[key] });
  return merged;
}
