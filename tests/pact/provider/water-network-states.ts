import type { Database } from '../../../server/src/db/database.ts';
import { STATES } from '../states.ts';

type Params = Record<string, unknown>;

const ids = (params: Params, key: string): number[] => ((params[key] ?? []) as unknown[]).map(Number);

/** The water network provider state: the configuration row of migrations 009 and 018, as the params give it. */
export function createWaterNetworkStateHandlers(
  db: Database,
): Record<string, (params: Params) => Promise<void>> {
  return {
    [STATES.waterNetworkConfigured]: async (params) => {
      await db.query(
        `INSERT INTO water_networks (map_id, pipe_layer_id, valve_layer_ids, node_layer_ids, tolerance_m, hydraulics)
         VALUES ($1, $2, $3::int[], $4::int[], $5, $6::jsonb)`,
        [
          Number(params.map_id),
          Number(params.pipe_layer_id),
          ids(params, 'valve_layer_ids'),
          ids(params, 'node_layer_ids'),
          Number(params.tolerance_m ?? 1),
          // Hydraulic settings of migration 018, merged over the defaults when read.
          JSON.stringify(params.hydraulics ?? {}),
        ],
      );
    },
  };
}
