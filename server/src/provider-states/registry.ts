import { ACCESS_STATES } from './access-states.ts';
import { ACCOUNT_STATES } from './account-states.ts';
import { FEATURE_HISTORY_STATES } from './feature-history-states.ts';
import { JOB_STATES } from './job-states.ts';
import { MAP_STATES } from './map-states.ts';
import type { StateDefinition } from './state-definition.ts';
import { TOKEN_STATES } from './token-states.ts';
import { WATER_NETWORK_STATES } from './water-network-states.ts';

/**
 * Every provider state the pacts in contracts/ use, in the order docs/contract/states.md lists
 * them. A new group of states is a file of its own exporting a StateDefinition[], added here.
 */
export const STATE_GROUPS: ReadonlyArray<{ title: string; states: StateDefinition[] }> = [
  { title: 'Accounts and sessions', states: ACCOUNT_STATES },
  { title: 'Maps, layers and what they hold', states: MAP_STATES },
  { title: 'Feature history', states: FEATURE_HISTORY_STATES },
  { title: 'Imports and exports', states: JOB_STATES },
  { title: 'Personal access tokens', states: TOKEN_STATES },
  { title: 'Water network', states: WATER_NETWORK_STATES },
  { title: 'Groups and access per map', states: ACCESS_STATES },
];

export const PROVIDER_STATES: readonly StateDefinition[] = STATE_GROUPS.flatMap((group) => group.states);
