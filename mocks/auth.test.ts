import { isAxiosError } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  confirmTwoFactor,
  forgetPassword,
  getAbilities,
  getCurrentUser,
  login,
  loginTwoFactor,
  logout,
  register,
  resetPassword,
  startTwoFactor,
} from '../generated/api/auth/auth';
import { MOCK_ADMIN, MOCK_RESET_TOKEN, MOCK_TOTP_CODE, MOCK_TWO_FACTOR_USER, MOCK_USER } from './accounts';
import { DEMO_MAP_ID } from './maps-store';
import { applyScenario } from './scenarios';
import { forgetXsrfCookie } from './session';

/** The HTTP status a generated call rejected with (the mutator passes errors on). */
async function statusOf(call: Promise<unknown>): Promise<number | undefined> {
  try {
    await call;
  } catch (error) {
    if (isAxiosError(error)) return error.response?.status;
    throw error;
  }
  throw new Error('expected the call to be rejected');
}

async function errorsOf(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    if (isAxiosError(error)) return error.response?.data;
    throw error;
  }
  throw new Error('expected the call to be rejected');
}

const signInAs = (email: string, password: string) => login({ email, password, remember: false });

beforeEach(() => {
  // 401/419 send the browser to /login (docs/product.md#errors); jsdom cannot navigate, so record it instead.
  vi.stubGlobal('location', { ...window.location, pathname: '/', assign: vi.fn() });
  return () => vi.unstubAllGlobals();
});

describe('mock sign-in', () => {
  it('is signed out at first: the current user is a 401', async () => {
    expect(await statusOf(getCurrentUser())).toBe(401);
    expect(await statusOf(getAbilities())).toBe(401);
  });

  it('signs the documented admin in and reports them with admin abilities', async () => {
    await expect(signInAs(MOCK_ADMIN.email, MOCK_ADMIN.password)).resolves.toEqual({ next_step: 'home' });
    const current = await getCurrentUser();
    expect(current.success).toBe(true);
    expect(current.data).toMatchObject({ id: MOCK_ADMIN.id, email: MOCK_ADMIN.email, type: 'admin' });
    await expect(getAbilities()).resolves.toEqual([{ action: 'manage', subject: 'all' }]);
  });

  it('asks the 2FA account for a second step and signs it in with the documented code', async () => {
    const { email, password } = MOCK_TWO_FACTOR_USER;
    await expect(signInAs(email, password)).resolves.toEqual({ next_step: '2fa' });
    expect(await statusOf(getCurrentUser())).toBe(401);

    const wrong = await errorsOf(loginTwoFactor({ email, password, code: '000000' }));
    expect(wrong).toMatchObject({ errors: { code: [expect.any(String)] } });

    await expect(loginTwoFactor({ email, password, code: MOCK_TOTP_CODE })).resolves.toEqual({
      next_step: 'home',
    });
    expect((await getCurrentUser()).data.email).toBe(email);
    const rules = await getAbilities();
    // An editor edits features on the maps they reach, and only there (a per-map condition).
    expect(rules).toContainEqual({
      action: ['create', 'update', 'delete'],
      subject: 'Feature',
      conditions: { map_id: { $in: expect.arrayContaining([DEMO_MAP_ID]) } },
    });
    expect(rules).toContainEqual({ action: 'update', subject: 'User', fields: ['type'], inverted: true });
  });

  it('rejects a wrong password and an invalid body with per-field 422 errors', async () => {
    const wrong = await errorsOf(signInAs(MOCK_ADMIN.email, 'not the password'));
    expect(wrong).toEqual({
      message: 'These credentials do not match our records.',
      errors: { email: ['These credentials do not match our records.'] },
    });
    const invalid = await errorsOf(login({ email: 'not-an-email', password: '' }));
    expect(invalid).toMatchObject({
      errors: { email: [expect.any(String)], password: [expect.any(String)] },
    });
  });

  it('signs out: logout gives 204 and the current user is a 401 again', async () => {
    await signInAs(MOCK_USER.email, MOCK_USER.password);
    await expect(logout()).resolves.toBe('');
    expect(await statusOf(getCurrentUser())).toBe(401);
    expect(await statusOf(logout())).toBe(401);
  });

  it('answers 419 to a state-changing call without the XSRF echo', async () => {
    forgetXsrfCookie();
    expect(await statusOf(signInAs(MOCK_ADMIN.email, MOCK_ADMIN.password))).toBe(419);
    expect(window.location.assign).toHaveBeenCalledWith('/login');
  });
});

describe('mock registration and password reset', () => {
  it('registers an account (201) that can then sign in, and refuses the same email twice', async () => {
    const body = {
      name: 'New Person',
      email: 'new.person@example.com',
      password: 'long enough',
      password_confirmation: 'long enough',
    };
    const created = await register(body);
    expect(created.data).toMatchObject({ name: 'New Person', email: body.email, type: 'user' });
    expect(await errorsOf(register(body))).toMatchObject({
      errors: { email: ['The email has already been taken.'] },
    });
    await expect(signInAs(body.email, body.password)).resolves.toEqual({ next_step: 'home' });
    expect((await getCurrentUser()).data.id).toBe(created.data.id);
  });

  it('mails a link for any address and resets the password with the documented token', async () => {
    await expect(forgetPassword({ email: 'nobody@example.com' })).resolves.toHaveProperty('message');
    const bad = await errorsOf(
      resetPassword({
        email: MOCK_USER.email,
        token: 'x'.repeat(32),
        password: 'brand new pw',
        password_confirmation: 'brand new pw',
      }),
    );
    expect(bad).toMatchObject({ errors: { email: [expect.any(String)] } });
    await resetPassword({
      email: MOCK_USER.email,
      token: MOCK_RESET_TOKEN,
      password: 'brand new pw',
      password_confirmation: 'brand new pw',
    });
    expect(await statusOf(signInAs(MOCK_USER.email, MOCK_USER.password))).toBe(422);
    await expect(signInAs(MOCK_USER.email, 'brand new pw')).resolves.toEqual({ next_step: 'home' });
  });
});

describe('mock two-factor setup', () => {
  it('enables 2FA with the documented code, after which sign-in needs a second step', async () => {
    applyScenario('admin');
    const setup = await startTwoFactor();
    expect(setup.data.otpauth_url).toContain(encodeURIComponent(MOCK_ADMIN.email));
    const codes = await confirmTwoFactor({ code: MOCK_TOTP_CODE, password: MOCK_ADMIN.password });
    expect(codes.data.recovery_codes).toHaveLength(8);
    await logout();
    await expect(signInAs(MOCK_ADMIN.email, MOCK_ADMIN.password)).resolves.toEqual({ next_step: '2fa' });
    const recovery = codes.data.recovery_codes[0] ?? '';
    await expect(
      loginTwoFactor({ email: MOCK_ADMIN.email, password: MOCK_ADMIN.password, code: recovery }),
    ).resolves.toEqual({
      next_step: 'home',
    });
  });
});

describe('mock scenarios', () => {
  it('switches the signed-in user with applyScenario', async () => {
    applyScenario('user');
    expect((await getCurrentUser()).data.email).toBe(MOCK_USER.email);
    applyScenario('signed-out');
    expect(await statusOf(getCurrentUser())).toBe(401);
  });

  it('plays an expired session: 419 on a state-changing call, 401 on reads', async () => {
    applyScenario('session-expired');
    expect(await statusOf(logout())).toBe(419);
    // The read hands out a fresh guest token, as the real server does.
    expect(await statusOf(getCurrentUser())).toBe(401);
    expect(await statusOf(logout())).toBe(401);
  });

  it('switches scenarios over HTTP for the browser, and refuses unknown names', async () => {
    const url = new URL('/__mocks/scenario', 'http://localhost:3000');
    const post = (scenario: string) =>
      fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ scenario }),
      });
    expect((await post('admin')).status).toBe(200);
    expect((await getCurrentUser()).data.type).toBe('admin');
    const refused = await post('no-such-scenario');
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ errors: { scenario: [expect.any(String)] } });
  });
});
