import { resolve, type Params, type StateContext } from './state-context.ts';
import type { StateDefinition } from './state-definition.ts';

const layers = (context: StateContext, params: Params, key: string): number[] =>
  ((params[key] ?? []) as unknown[]).map((id) => resolve(context, 'layer', id));

/** Hydraulic settings name layers by contract id (`source_layer_id`); stored with the real ones. */
function hydraulics(context: StateContext, params: Params): Record<string, unknown> {
  const settings = { ...((params.hydraulics ?? {}) as Record<string, unknown>) };
  for (const [key, value] of Object.entries(settings)) {
    if (key.endsWith('layer_id') && value !== null && value !== undefined)
      settings[key] = resolve(context, 'layer', value);
    else if (key.endsWith('layer_ids') && Array.isArray(value))
      settings[key] = value.map((id) => resolve(context, 'layer', id));
  }
  return settings;
}

export const WATER_NETWORK_STATES: StateDefinition[] = [
  {
    key: 'waterNetworkConfigured',
    name: 'a water network is configured',
    creates: 'The water network configuration of the map: which layers are pipes, valves and nodes.',
    params: {
      map_id: 'Contract id of the map.',
      pipe_layer_id: 'Contract id of the pipe layer.',
      valve_layer_ids: 'Contract ids of the valve layers.',
      node_layer_ids: 'Contract ids of the node layers.',
      'tolerance_m?': 'Snapping tolerance in metres (default 1).',
      'hydraulics?':
        'Hydraulic settings merged over the defaults; layers in them (`source_layer_id`) by contract id.',
    },
    returns: {},
    setup: async (context, params) => {
      await context.db.query(
        `INSERT INTO water_networks (map_id, pipe_layer_id, valve_layer_ids, node_layer_ids, tolerance_m, hydraulics)
         VALUES ($1, $2, $3::int[], $4::int[], $5, $6::jsonb)`,
        [
          resolve(context, 'map', params.map_id),
          resolve(context, 'layer', params.pipe_layer_id),
          layers(context, params, 'valve_layer_ids'),
          layers(context, params, 'node_layer_ids'),
          Number(params.tolerance_m ?? 1),
          JSON.stringify(hydraulics(context, params)),
        ],
      );
    },
  },
];
