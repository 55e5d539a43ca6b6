import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  getAbilities,
  getAuthProviders,
  getCurrentUser,
  login,
  loginTwoFactor,
  logout,
} from '@generated/api/auth/auth';
import { STATES } from '../states';
import {
  createPact,
  guestHeaders,
  JSON_RESPONSE,
  messageLike,
  rejectionOf,
  signedInHeaders,
  signedInWithoutXsrf,
  userLike,
  validationLike,
  XHR,
} from './pact';

const { eachLike, equal, like } = MatchersV3;
const pact = createPact();

const ADA = { email: 'ada@example.com', password: 's3cret-passw0rd' };
const TOM = { email: 'tom@example.com', password: 'tom-s3cret-pw', recovery_code: 'pact1-recov' };

describe('auth: sign-in', () => {
  it('login → home for an account without 2FA', () =>
    pact
      .addInteraction()
      .given(STATES.accountExists, { ...ADA, type: 'admin' })
      .uponReceiving('a sign-in with the right password')
      .withRequest('POST', '/login', (b) =>
        b.headers(guestHeaders).jsonBody({ email: ADA.email, password: ADA.password, remember: true }),
      )
      .willRespondWith(200, (b) => b.headers(JSON_RESPONSE).jsonBody({ next_step: equal('home') }))
      .executeTest(async (server) => {
        const result = await login(
          { email: ADA.email, password: ADA.password, remember: true },
          { baseURL: server.url, headers: guestHeaders },
        );
        expect(result.next_step).toBe('home');
      }));

  it('login → 2fa for an account with the second step on', () =>
    pact
      .addInteraction()
      .given(STATES.accountExists, { ...TOM, type: 'editor' })
      .uponReceiving('a sign-in of an account with two-factor enabled')
      .withRequest('POST', '/login', (b) =>
        b.headers(guestHeaders).jsonBody({ email: TOM.email, password: TOM.password, remember: false }),
      )
      .willRespondWith(200, (b) => b.headers(JSON_RESPONSE).jsonBody({ next_step: equal('2fa') }))
      .executeTest(async (server) => {
        const result = await login(
          { email: TOM.email, password: TOM.password, remember: false },
          { baseURL: server.url, headers: guestHeaders },
        );
        expect(result.next_step).toBe('2fa');
      }));

  it('login 422 with per-field errors for an invalid body', () =>
    pact
      .addInteraction()
      .given(STATES.signedOut)
      .uponReceiving('a sign-in with a malformed email')
      .withRequest('POST', '/login', (b) =>
        b.headers(guestHeaders).jsonBody({ email: 'not-an-email', password: 'x' }),
      )
      .willRespondWith(422, (b) =>
        b
          .headers(JSON_RESPONSE)
          .jsonBody(validationLike({ email: 'The email field must be a valid email address.' })),
      )
      .executeTest(async (server) => {
        const failure = await rejectionOf(
          login({ email: 'not-an-email', password: 'x' }, { baseURL: server.url, headers: guestHeaders }),
        );
        expect(failure.status).toBe(422);
        expect(failure.data).toMatchObject({ errors: { email: [expect.any(String)] } });
      }));

  it('login2fa with a recovery code signs in', () =>
    pact
      .addInteraction()
      .given(STATES.accountExists, { ...TOM, type: 'editor' })
      .uponReceiving('a second sign-in step with a recovery code')
      .withRequest('POST', '/login2fa', (b) =>
        b
          .headers(guestHeaders)
          .jsonBody({ email: TOM.email, password: TOM.password, remember: false, code: TOM.recovery_code }),
      )
      .willRespondWith(200, (b) => b.headers(JSON_RESPONSE).jsonBody({ next_step: equal('home') }))
      .executeTest(async (server) => {
        const result = await loginTwoFactor(
          { email: TOM.email, password: TOM.password, remember: false, code: TOM.recovery_code },
          { baseURL: server.url, headers: guestHeaders },
        );
        expect(result.next_step).toBe('home');
      }));

  it('logout ends the session (204)', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .uponReceiving('a sign-out')
      .withRequest('POST', '/logout', (b) => b.headers(signedInHeaders))
      .willRespondWith(204)
      .executeTest(async (server) => {
        await expect(logout({ baseURL: server.url, headers: signedInHeaders })).resolves.toBe('');
      }));

  it('419 when a state-changing call lacks the XSRF echo', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .uponReceiving('a sign-out without the X-XSRF-TOKEN header')
      .withRequest('POST', '/logout', (b) => b.headers(signedInWithoutXsrf))
      .willRespondWith(419, (b) => b.headers(JSON_RESPONSE).jsonBody(messageLike('CSRF token mismatch.')))
      .executeTest(async (server) => {
        expect(
          (await rejectionOf(logout({ baseURL: server.url, headers: signedInWithoutXsrf }))).status,
        ).toBe(419);
      }));
});

describe('auth: current user and abilities', () => {
  it('getCurrentUser 200 for a signed-in admin', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn, ADA)
      .uponReceiving('a request for the current user')
      .withRequest('GET', '/api/user', (b) => b.headers({ ...XHR, Cookie: signedInHeaders.Cookie }))
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          success: equal(true),
          data: { ...userLike({ email: ADA.email }), type: equal('admin') },
        }),
      )
      .executeTest(async (server) => {
        const current = await getCurrentUser({ baseURL: server.url, headers: signedInHeaders });
        expect(current).toMatchObject({ success: true, data: { email: ADA.email, type: 'admin' } });
      }));

  it('getCurrentUser 401 when signed out', () =>
    pact
      .addInteraction()
      .given(STATES.signedOut)
      .uponReceiving('a request for the current user without a session')
      .withRequest('GET', '/api/user', (b) => b.headers(XHR))
      .willRespondWith(401, (b) => b.headers(JSON_RESPONSE).jsonBody(messageLike('Unauthenticated.')))
      .executeTest(async (server) => {
        expect((await rejectionOf(getCurrentUser({ baseURL: server.url, headers: XHR }))).status).toBe(401);
      }));

  it('getAbilities gives the rule list', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .uponReceiving('a request for the abilities of an admin')
      .withRequest('GET', '/api/abilities', (b) => b.headers({ ...XHR, Cookie: signedInHeaders.Cookie }))
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody(eachLike({ action: like('manage'), subject: like('all') })),
      )
      .executeTest(async (server) => {
        const rules = await getAbilities({ baseURL: server.url, headers: signedInHeaders });
        expect(rules[0]).toEqual({ action: 'manage', subject: 'all' });
      }));

  it('getAuthProviders tells the sign-in screen its buttons and whether the password form is on', () =>
    pact
      .addInteraction()
      .given(STATES.signedOut)
      .uponReceiving('a request for the sign-in options')
      .withRequest('GET', '/api/auth/providers', (b) => b.headers(XHR))
      // The verified server has no identity provider configured, so the list may be empty;
      // the document and the mocks pin each entry's shape.
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({ providers: like([]), password_login: like(true) }),
      )
      .executeTest(async (server) => {
        const options = await getAuthProviders({ baseURL: server.url, headers: XHR });
        expect(typeof options.password_login).toBe('boolean');
        expect(Array.isArray(options.providers)).toBe(true);
      }));
});
