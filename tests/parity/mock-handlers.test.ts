import { setupServer } from 'msw/node';
import { afterAll, beforeAll } from 'vitest';
import { MOCK_ADMIN } from '../../mocks/accounts';
import { clearMockCookie, readMockCookie } from '../../mocks/cookies';
import { handlers } from '../../mocks/handlers';
import { applyScenario } from '../../mocks/scenarios';
import { SESSION_COOKIE, XSRF_COOKIE } from '../../mocks/session';
import { parityClient, type CookieJar } from './parity-client';
import { describeParity } from './parity-scenarios';

/** Driver (a): mock mode's own handler list, on a base URL nothing else answers. */
const BASE_URL = 'http://mock-mode.parity.invalid';
const server = setupServer(...handlers);

/**
 * Mock mode's browser: service-worker answers cannot set cookies, so the mock keeps them itself
 * (document.cookie in a page, memory here) and the client reads XSRF-TOKEN from there, as axios
 * reads it from document.cookie.
 */
const mockJar: CookieJar = {
  header: () => undefined,
  get: (name) => readMockCookie(name),
  store: () => undefined,
};

beforeAll(() => {
  // Every call must be answered by a handler: a request MSW lets through is a failure.
  server.listen({ onUnhandledRequest: 'error' });
  // The data mock mode boots with (mocks/README.md "Scenarios": every scenario reseeds it).
  applyScenario('signed-out');
});

afterAll(() => {
  server.close();
});

describeParity('mock mode (MSW handlers)', () => ({
  admin: { email: MOCK_ADMIN.email, password: MOCK_ADMIN.password },
  client() {
    // A fresh browser: no session, no token yet.
    clearMockCookie(SESSION_COOKIE);
    clearMockCookie(XSRF_COOKIE);
    return parityClient(BASE_URL, mockJar);
  },
}));
