import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  confirmTwoFactor,
  disableTwoFactor,
  forgetPassword,
  register,
  resetPassword,
  startTwoFactor,
} from '@generated/api/auth/auth';
import { STATES } from '../states';
import {
  createPact,
  guestHeaders,
  JSON_RESPONSE,
  messageLike,
  rejectionOf,
  signedInHeaders,
  userLike,
  validationLike,
} from './pact';

const { eachLike, equal, regex } = MatchersV3;
const pact = createPact();

const ADA = { email: 'ada@example.com', password: 's3cret-passw0rd' };

describe('auth: registration and password reset', () => {
  const newPerson = {
    name: 'New Person',
    email: 'new.person@example.com',
    password: 'long enough password',
    password_confirmation: 'long enough password',
  };

  it('register 201 returns the new account', () =>
    pact
      .addInteraction()
      .given(STATES.signedOut)
      .uponReceiving('a registration')
      .withRequest('POST', '/register', (b) => b.headers(guestHeaders).jsonBody(newPerson))
      .willRespondWith(201, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: { ...userLike({ name: newPerson.name, email: newPerson.email }), type: equal('user') },
        }),
      )
      .executeTest(async (server) => {
        const created = await register(newPerson, { baseURL: server.url, headers: guestHeaders });
        expect(created.data).toMatchObject({ email: newPerson.email, type: 'user' });
      }));

  it('register 422 when the email is taken', () =>
    pact
      .addInteraction()
      .given(STATES.accountExists, { email: newPerson.email, password: 'another password' })
      .uponReceiving('a registration with an email that is taken')
      .withRequest('POST', '/register', (b) => b.headers(guestHeaders).jsonBody(newPerson))
      .willRespondWith(422, (b) =>
        b.headers(JSON_RESPONSE).jsonBody(validationLike({ email: 'The email has already been taken.' })),
      )
      .executeTest(async (server) => {
        const failure = await rejectionOf(
          register(newPerson, { baseURL: server.url, headers: guestHeaders }),
        );
        expect(failure.status).toBe(422);
        expect(failure.data).toMatchObject({ errors: { email: [expect.any(String)] } });
      }));

  it('forgetPassword answers with a message', () =>
    pact
      .addInteraction()
      .given(STATES.accountExists, ADA)
      .uponReceiving('a password reset request')
      .withRequest('POST', '/api/forget-password', (b) =>
        b.headers(guestHeaders).jsonBody({ email: ADA.email }),
      )
      .willRespondWith(200, (b) =>
        b
          .headers(JSON_RESPONSE)
          .jsonBody(messageLike('We have emailed your password reset link! Please check your mail inbox.')),
      )
      .executeTest(async (server) => {
        const answer = await forgetPassword(
          { email: ADA.email },
          { baseURL: server.url, headers: guestHeaders },
        );
        expect(answer.message).not.toBe('');
      }));

  it('resetPassword with a mailed token', () => {
    const token = '3f6c1b2a9e8d7c6b5a4f3e2d1c0b9a8f';
    const body = {
      email: ADA.email,
      token,
      password: 'a brand new password',
      password_confirmation: 'a brand new password',
    };
    return pact
      .addInteraction()
      .given(STATES.resetTokenExists, { email: ADA.email, token })
      .uponReceiving('a password reset with a valid token')
      .withRequest('POST', '/api/reset-password', (b) => b.headers(guestHeaders).jsonBody(body))
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody(messageLike('Password successfully changed.')),
      )
      .executeTest(async (server) => {
        const answer = await resetPassword(body, { baseURL: server.url, headers: guestHeaders });
        expect(answer.message).not.toBe('');
      });
  });
});

describe('auth: two-factor setup', () => {
  const password = 's3cret-passw0rd';

  it('startTwoFactor returns a pending secret', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .uponReceiving('a request to start enabling two-factor')
      .withRequest('POST', '/api/user/two-factor', (b) => b.headers(signedInHeaders).jsonBody({}))
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: {
            secret: regex('^[A-Z2-7]+=*$', 'JBSWY3DPEHPK3PXP'),
            otpauth_url: regex(
              '^otpauth://totp/.+secret=.+',
              'otpauth://totp/Atlasboard:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Atlasboard',
            ),
          },
        }),
      )
      .executeTest(async (server) => {
        const setup = await startTwoFactor({}, { baseURL: server.url, headers: signedInHeaders });
        expect(setup.data.otpauth_url).toMatch(/^otpauth:\/\/totp\//);
      }));

  it('confirmTwoFactor returns eight recovery codes', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn, { password })
      .given(STATES.twoFactorPending, { secret: 'JBSWY3DPEHPK3PXP', password })
      .uponReceiving('a confirmation of two-factor with a current code')
      .withRequest('POST', '/api/user/two-factor/confirm', (b) =>
        b.headers(signedInHeaders).jsonBody({ code: '123456', password }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({ data: { recovery_codes: eachLike('a1b2c-d3e4f', 8) } }),
      )
      .executeTest(async (server) => {
        const codes = await confirmTwoFactor(
          { code: '123456', password },
          { baseURL: server.url, headers: signedInHeaders },
        );
        expect(codes.data.recovery_codes).toHaveLength(8);
      }));

  it('disableTwoFactor with a recovery code (204)', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn, { password })
      .given(STATES.twoFactorEnabled, { password, recovery_code: 'pact2-recov' })
      .uponReceiving('a request to turn two-factor off')
      .withRequest('POST', '/api/user/two-factor/disable', (b) =>
        b.headers(signedInHeaders).jsonBody({ code: 'pact2-recov', password }),
      )
      .willRespondWith(204)
      .executeTest(async (server) => {
        await expect(
          disableTwoFactor(
            { code: 'pact2-recov', password },
            { baseURL: server.url, headers: signedInHeaders },
          ),
        ).resolves.toBe('');
      }));
});
