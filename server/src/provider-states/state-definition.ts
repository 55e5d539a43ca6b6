import type { Params, StateContext } from './state-context.ts';

/**
 * One provider state as a backend must implement it. `params` and `returns` document the
 * contract (docs/contract/states.md is generated from them); `setup` is the reference server's
 * implementation.
 */
export interface StateDefinition {
  /** The exact name the pact's `providerStates[].name` carries. */
  name: string;
  /** Key in the consumer's STATES table. */
  key: string;
  /** What must exist after setup. */
  creates: string;
  /** Each param the interactions pass, and what it means. */
  params: Record<string, string>;
  /** The values setup answers (besides the ones of earlier states), and what they are. */
  returns: Record<string, string>;
  setup: (context: StateContext, params: Params) => Promise<void>;
}
