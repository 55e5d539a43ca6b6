import { authHandlers } from './auth-handlers';
import { seedDatabase } from './db';
import { domainHandlers } from './domain-handlers';
import { generatedHandlers } from './generated-handlers';
import { overrideHandlers } from './override-handlers';
import { scenarioHandlers } from './scenarios';
import { usersHandlers } from './users-handlers';
import { userTokensHandlers } from './user-tokens-handlers';

// Seeding also fixes faker's seed and reference date, so the generated handlers'
// data is the same on every run too.
seedDatabase();

/**
 * One list for mock mode (src/main.tsx) and the Node test server (src/testing/server.ts).
 * The stateful scenario handlers come first, so they win over the generated faker ones.
 */
const answeringHandlers = [
  ...scenarioHandlers,
  ...authHandlers,
  ...usersHandlers,
  ...userTokensHandlers,
  ...domainHandlers(),
  ...generatedHandlers(),
];

/** Overrides (`overrides.ts`, mock mode's failure switches) come before everything else. */
export const handlers = [...overrideHandlers(answeringHandlers), ...answeringHandlers];
