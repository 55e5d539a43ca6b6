import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { PROVIDER_STATES } from './registry.ts';
import type { StateContext } from './state-context.ts';

export const PROVIDER_STATES_PATH = '/_pact/provider-states';

const BY_NAME = new Map(PROVIDER_STATES.map((state) => [state.name, state]));

interface StateChange {
  state?: unknown;
  params?: unknown;
  action?: unknown;
}

/**
 * The state-change endpoint the Pact verifier calls before (`setup`) and after (`teardown`)
 * each interaction: `{state, params, action}` → 200 and the values the interaction injects
 * (docs/contract/README.md). The states of one interaction are set up in order and share a
 * context (who is signed in, the ids made so far); the first setup after a teardown starts the
 * next interaction's. Mounted only in the test mode (PACT_PROVIDER_STATES=1, see config.ts).
 */
export function installProviderStates(
  app: FastifyInstance,
  options: { db: Database; dataDir: string },
): void {
  let context: StateContext | undefined;
  let tornDown = true;
  app.post(PROVIDER_STATES_PATH, async (request, reply) => {
    const body = (request.body ?? {}) as StateChange;
    const action = body.action ?? 'setup';
    if (action === 'teardown') {
      // Nothing is undone: each state makes fresh rows, so a throwaway database holds them.
      tornDown = true;
      return reply.code(200).send({});
    }
    if (action !== 'setup') return reply.code(400).send({ message: `unknown action "${String(action)}"` });
    if (tornDown || context === undefined) {
      context = { db: options.db, dataDir: options.dataDir, values: {}, signedInUserId: undefined };
      tornDown = false;
    }
    const definition = typeof body.state === 'string' ? BY_NAME.get(body.state) : undefined;
    if (definition === undefined)
      return reply.code(400).send({ message: `unknown provider state "${String(body.state)}"` });
    const params = (typeof body.params === 'object' && body.params !== null ? body.params : {}) as Record<
      string,
      unknown
    >;
    try {
      await definition.setup(context, params);
    } catch (error) {
      request.log.warn({ err: error, state: definition.name }, 'provider state setup failed');
      return reply.code(500).send({ message: error instanceof Error ? error.message : String(error) });
    }
    return reply.code(200).send(context.values);
  });
}
