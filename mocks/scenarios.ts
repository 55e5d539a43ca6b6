import { HttpResponse, http } from 'msw';
import { MOCK_ADMIN, MOCK_USER } from './accounts';
import { seedDatabase } from './db';
import { seedMaps } from './maps-store';
import { seedFeatureMocks } from './features-store';
import { seedWaterNetworks } from './water-network-store';
import { seedAccess } from './maps-access-store';
import { expireSession, signIn, signOut } from './session';
import { resetUserTokens } from './user-tokens-handlers';
import { resetDashboardWidgets } from './maps-dashboard-handlers';
import { overrideStore } from './override-handlers';

/**
 * Named starting points for the mock "server". Tests call applyScenario() directly;
 * in the browser, `POST /__mocks/scenario {"scenario": "admin"}` does the same.
 */
export const SCENARIOS = {
  /** Seeded users, nobody signed in. The default. */
  'signed-out': () => signOut(),
  /** Signed in as the mock admin (admin@example.com). */
  admin: () => signIn(MOCK_ADMIN.id),
  /** Signed in as a plain user (user@example.com): admin calls give 403. */
  user: () => signIn(MOCK_USER.id),
  /** A session that has ended: state-changing calls give 419 until a read (401) hands out a fresh token. */
  'session-expired': () => expireSession(),
} as const;

export type ScenarioName = keyof typeof SCENARIOS;

export function isScenarioName(name: unknown): name is ScenarioName {
  return typeof name === 'string' && Object.hasOwn(SCENARIOS, name);
}

/** Reseeds the tables (same data every time) and sets the session of the scenario. */
export function applyScenario(name: ScenarioName): void {
  seedDatabase();
  seedMaps();
  seedFeatureMocks();
  seedWaterNetworks();
  seedAccess();
  resetUserTokens();
  resetDashboardWidgets();
  SCENARIOS[name]();
}

export function resetMocks(): void {
  overrideStore.clear();
  applyScenario('signed-out');
}

export const scenarioHandlers = [
  http.post('*/__mocks/scenario', async ({ request }) => {
    const body: unknown = await request.json().catch(() => undefined);
    const scenario =
      typeof body === 'object' && body !== null ? (body as { scenario?: unknown }).scenario : undefined;
    if (!isScenarioName(scenario)) {
      return HttpResponse.json(
        {
          message: 'Unknown scenario.',
          errors: { scenario: [`Use one of: ${Object.keys(SCENARIOS).join(', ')}.`] },
        },
        { status: 422 },
      );
    }
    applyScenario(scenario);
    return HttpResponse.json({ scenario });
  }),
];
