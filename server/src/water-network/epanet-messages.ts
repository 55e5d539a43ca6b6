import type { RunResult } from './epanet-run.ts';
import type { FireFlowAnswer } from './fire-flow-search.ts';
import type { HydraulicModel } from './hydraulic-model.ts';

/**
 * What the HTTP thread asks of the EPANET worker. `key` names one model (one state of a map's
 * layers and settings); the model itself travels only when the worker does not hold it yet, and
 * `evict` lists models the worker may close (the HTTP thread decides, so both sides agree).
 */
export type ToEpanet =
  | { id: number; task: 'warm' }
  | { id: number; task: 'run'; key: number; model?: HydraulicModel; evict: number[] }
  | {
      id: number;
      task: 'fire-flow';
      key: number;
      model?: HydraulicModel;
      evict: number[];
      nodeId: string;
      residualM: number;
    };

export type FromEpanet =
  | { id: number; ok: true; run?: RunResult; fireFlow?: FireFlowAnswer }
  /** `unsolvable`: EPANET refused the model (the caller answers 422); otherwise our fault. */
  | { id: number; ok: false; unsolvable: boolean; message: string };

/**
 * EPANET could not solve the model (singular matrix and the like): the caller answers 422. Thrown
 * in the worker and, from an `unsolvable` reply, again in the HTTP thread.
 */
export class EpanetFailure extends Error {}
