import { describe, expect, it } from 'vitest';
import { login, verifyEmail } from '@generated/api/auth/auth';
import { STATES } from '../states';
import { createPact, guestHeaders, JSON_RESPONSE, messageLike, rejectionOf, validationLike } from './pact';

const pact = createPact();

const NEWCOMER = {
  email: 'newcomer@example.com',
  password: 'long enough password',
  token: '9b1f0c3e7d2a4c6e8f0a1b2c3d4e5f60',
};

describe('auth: address confirmation after registration', () => {
  it('verifyEmail confirms the address with the mailed token', () =>
    pact
      .addInteraction()
      .given(STATES.unconfirmedRegistration, NEWCOMER)
      .uponReceiving('an address confirmation with the mailed token')
      .withRequest('POST', '/api/verify-email', (b) =>
        b.headers(guestHeaders).jsonBody({ email: NEWCOMER.email, token: NEWCOMER.token }),
      )
      .willRespondWith(200, (b) =>
        b
          .headers(JSON_RESPONSE)
          .jsonBody(messageLike('Your email address is confirmed. You can sign in now.')),
      )
      .executeTest(async (server) => {
        const answer = await verifyEmail(
          { email: NEWCOMER.email, token: NEWCOMER.token },
          { baseURL: server.url, headers: guestHeaders },
        );
        expect(answer.message).not.toBe('');
      }));

  it('verifyEmail 422 for a token that does not match', () =>
    pact
      .addInteraction()
      .given(STATES.unconfirmedRegistration, NEWCOMER)
      .uponReceiving('an address confirmation with a wrong token')
      .withRequest('POST', '/api/verify-email', (b) =>
        b.headers(guestHeaders).jsonBody({ email: NEWCOMER.email, token: 'not-the-mailed-token' }),
      )
      .willRespondWith(422, (b) =>
        b
          .headers(JSON_RESPONSE)
          .jsonBody(validationLike({ token: 'This confirmation link is invalid or has expired.' })),
      )
      .executeTest(async (server) => {
        const failure = await rejectionOf(
          verifyEmail(
            { email: NEWCOMER.email, token: 'not-the-mailed-token' },
            { baseURL: server.url, headers: guestHeaders },
          ),
        );
        expect(failure.status).toBe(422);
        expect(failure.data).toMatchObject({ errors: { token: [expect.any(String)] } });
      }));

  it('login 403 before the address is confirmed', () =>
    pact
      .addInteraction()
      .given(STATES.unconfirmedRegistration, NEWCOMER)
      .uponReceiving('a sign-in with the right password before the address is confirmed')
      .withRequest('POST', '/login', (b) =>
        b
          .headers(guestHeaders)
          .jsonBody({ email: NEWCOMER.email, password: NEWCOMER.password, remember: false }),
      )
      .willRespondWith(403, (b) =>
        b
          .headers(JSON_RESPONSE)
          .jsonBody(
            messageLike(
              'Confirm your email address first: follow the link we mailed you when you registered.',
            ),
          ),
      )
      .executeTest(async (server) => {
        const failure = await rejectionOf(
          login(
            { email: NEWCOMER.email, password: NEWCOMER.password, remember: false },
            { baseURL: server.url, headers: guestHeaders },
          ),
        );
        expect(failure.status).toBe(403);
      }));
});
