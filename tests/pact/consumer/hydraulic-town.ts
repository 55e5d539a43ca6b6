import { STATES } from '../states';
import { PIPE_101, PIPE_102, PIPES, TOWN, VALVE_201, VALVES } from './map-examples';
import { stateOf } from './map-matchers';
import type { createPact } from './pact';

/**
 * The town of the hydraulics contracts: pipes 101 and 102 (150 mm cast iron, meeting at valve
 * 201) fed by reservoir 401 at the free end of pipe 101; hydrant 301 stands on pipe 101, hydrant
 * 303 (drawing 2 L/s) at the far end of 102. The answers' numbers are EPANET's: the contracts pin
 * their shape, the server tests their values.
 */
export const HYDRANTS = {
  map_id: TOWN.id,
  id: 12,
  name: 'Hydrants',
  geometry_type: 'Point',
  order: 2,
} as const;
export const SOURCES = {
  map_id: TOWN.id,
  id: 13,
  name: 'Sources',
  geometry_type: 'Point',
  order: 3,
} as const;
export const HYDRANT_301 = {
  layer_id: HYDRANTS.id,
  id: 301,
  geometry: { type: 'Point', coordinates: [-9.135, 38.725] },
  properties: {},
} as const;
export const HYDRANT_303 = {
  layer_id: HYDRANTS.id,
  id: 303,
  geometry: { type: 'Point', coordinates: [-9.12, 38.74] },
  properties: { demand_lps: 2 },
} as const;
export const RESERVOIR_401 = {
  layer_id: SOURCES.id,
  id: 401,
  geometry: { type: 'Point', coordinates: [-9.14, 38.72] },
  properties: { kind: 'reservoir', head_m: 60 },
} as const;
export const NETWORK_CONFIG = {
  pipe_layer_id: PIPES.id,
  valve_layer_ids: [VALVES.id],
  node_layer_ids: [HYDRANTS.id],
  tolerance_m: 1,
};
export const HYDRAULICS = { source_layer_id: SOURCES.id };
const CONFIGURED = { map_id: TOWN.id, ...NETWORK_CONFIG, hydraulics: HYDRAULICS };

export const NO_SOURCE = "This map's water network has no source (reservoir or tank).";

type Interaction = ReturnType<ReturnType<typeof createPact>['addInteraction']>;

/** The town with its network and sources layer; `fed` puts the reservoir on it. */
export function hydraulicTown(interaction: Interaction, fed: boolean) {
  const network = interaction
    .given(STATES.mapExists, stateOf(TOWN))
    .given(STATES.layerExists, stateOf(PIPES))
    .given(STATES.layerExists, stateOf(VALVES))
    .given(STATES.layerExists, stateOf(HYDRANTS))
    .given(STATES.layerExists, stateOf(SOURCES))
    .given(STATES.featureExists, stateOf(PIPE_101))
    .given(STATES.featureExists, stateOf(PIPE_102))
    .given(STATES.featureExists, stateOf(VALVE_201))
    .given(STATES.featureExists, stateOf(HYDRANT_301))
    .given(STATES.featureExists, stateOf(HYDRANT_303));
  const sourced = fed ? network.given(STATES.featureExists, stateOf(RESERVOIR_401)) : network;
  return sourced.given(STATES.waterNetworkConfigured, stateOf(CONFIGURED));
}
