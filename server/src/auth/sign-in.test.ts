import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accessChanged } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { currentTotpCode } from './totp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => t.database.reset());

async function countRows(table: string): Promise<number> {
  return (await t.database.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]?.n ?? 0;
}

describe('cookies and sessions', () => {
  it('sets a readable XSRF-TOKEN cookie on API answers and an HttpOnly Lax session cookie at sign-in', async () => {
    const user = await t.createUser();
    const client = t.client();
    const first = await client.get('/api/user');
    expect(first.status).toBe(401);
    expect(String(first.headers['set-cookie'])).toMatch(/XSRF-TOKEN=[\w-]+; Path=\/; SameSite=Lax/);
    expect(String(first.headers['set-cookie'])).not.toMatch(/HttpOnly/);
    const login = await client.login(user.email, user.password);
    expect(login.json()).toEqual({ next_step: 'home' });
    const setCookie = ([] as string[]).concat(login.headers['set-cookie'] as string[]);
    const session = setCookie.find((cookie) => cookie.startsWith('atlasboard_session='));
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(session).not.toMatch(/Secure/);
    const me = await client.get('/api/user');
    expect(me.json()).toMatchObject({
      success: true,
      data: { id: user.id, email: user.email, type: 'user' },
    });
    expect(me.text).not.toMatch(/password|secret/);
  });

  it('marks cookies Secure behind HTTPS', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { 'x-forwarded-proto': 'https' },
    });
    // trustProxy is off by default, so a forwarded header alone does not make cookies Secure.
    expect(String(response.headers['set-cookie'])).not.toMatch(/Secure/);
    const trusting = await startTrusting();
    const secure = await trusting.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(String(secure.headers['set-cookie'])).toMatch(/Secure/);
    await trusting.close();
  });

  it('keeps the session cookie for 30 days only with "remember me"', async () => {
    const user = await t.createUser();
    const client = t.client();
    await client.prime();
    const sessionCookie = (response: { headers: Record<string, unknown> }) =>
      ([] as string[])
        .concat(response.headers['set-cookie'] as string[])
        .find((c) => c.startsWith('atlasboard_session='));
    expect(
      sessionCookie(await client.post('/login', { email: user.email, password: user.password })),
    ).not.toMatch(/Max-Age/);
    expect(
      sessionCookie(
        await client.post('/login', { email: user.email, password: user.password, remember: true }),
      ),
    ).toMatch(/Max-Age=2592000/);
  });

  it('starts a new session id at every sign-in and destroys it at logout', async () => {
    const user = await t.createUser();
    const client = t.client();
    await client.login(user.email, user.password);
    const firstSession = client.cookies.get('atlasboard_session');
    await client.login(user.email, user.password);
    const secondSession = client.cookies.get('atlasboard_session');
    expect(secondSession).toBeDefined();
    expect(secondSession).not.toBe(firstSession);
    expect(await countRows('sessions')).toBe(1);
    const stale = t.client();
    stale.cookies.set('atlasboard_session', firstSession ?? '');
    expect((await stale.get('/api/user')).status).toBe(401);
    expect(stale.cookies.has('atlasboard_session')).toBe(false);

    expect((await client.post('/logout')).status).toBe(204);
    expect(await countRows('sessions')).toBe(0);
    expect((await client.get('/api/user')).status).toBe(401);
    const replay = t.client();
    replay.cookies.set('atlasboard_session', secondSession ?? '');
    expect((await replay.get('/api/user')).status).toBe(401);
  });

  it('answers 419 when the XSRF header is missing or does not match the session', async () => {
    const user = await t.createUser();
    const client = t.client();
    await client.prime();
    expect(
      (await client.post('/login', { email: user.email, password: user.password }, { noXsrf: true })).status,
    ).toBe(419);
    await client.login(user.email, user.password);
    const wrong = await client.post('/logout', undefined, {
      headers: { 'x-xsrf-token': 'not-the-session-token-at-all' },
    });
    expect(wrong.status).toBe(419);
    expect(wrong.json()).toEqual({ message: 'CSRF token mismatch.' });
    expect((await client.get('/api/user')).status).toBe(200);
  });

  it('rejects a wrong password with a per-field error and never says which part was wrong', async () => {
    const user = await t.createUser();
    const client = t.client();
    const wrongPassword = await client.login(user.email, 'not the password');
    const unknownEmail = await client.login('nobody@example.com', 'not the password');
    expect(wrongPassword.status).toBe(422);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json()).toMatchObject({
      errors: { email: ['These credentials do not match our records.'] },
    });
    expect(await countRows('sessions')).toBe(0);
  });

  it('returns the CASL rules of the role from /api/abilities', async () => {
    const admin = await t.signedIn('admin');
    expect((await admin.client.get('/api/abilities')).json()).toEqual([{ action: 'manage', subject: 'all' }]);
    const user = await t.signedIn('user');
    const rules = (await user.client.get('/api/abilities')).json<unknown[]>();
    expect(rules).toContainEqual({
      action: ['read', 'update'],
      subject: 'User',
      conditions: { id: user.user.id },
    });
    expect(rules).toContainEqual({ action: 'update', subject: 'User', fields: ['type'], inverted: true });
    expect(rules).not.toContainEqual(
      expect.objectContaining({ subject: 'Feature', action: ['create', 'update'] }),
    );
    // Rights on features are held per map: an editor edits the maps every account reads.
    const map = (
      await t.database.db.query<{ id: number }>(`INSERT INTO maps (title) VALUES ('Town') RETURNING id`)
    )[0];
    await accessChanged(t.database.db);
    const editor = await t.signedIn('editor');
    expect((await editor.client.get('/api/abilities')).json()).toContainEqual({
      action: ['create', 'update', 'delete'],
      subject: 'Feature',
      conditions: { map_id: { $in: [map?.id] } },
    });
    // A guest reads only public maps, and this one is for accounts: no rules at all.
    const guest = await t.client().get('/api/abilities');
    expect(guest.status).toBe(200);
    expect(guest.json()).toEqual([]);
  });
});

describe('throttling', () => {
  it('gives 429 with Retry-After after 5 failed sign-ins per minute for an email and IP', async () => {
    const user = await t.createUser();
    const client = t.client();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await client.login(user.email, 'wrong password')).status).toBe(422);
    }
    const blocked = await client.login(user.email, user.password);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another email from the same IP is not affected.
    const other = await t.createUser();
    expect((await client.login(other.email, other.password)).status).toBe(200);
  });
});

describe('two-factor sign-in', () => {
  async function enableTwoFactor() {
    const { client, user } = await t.signedIn('user');
    const setup = await client.post('/api/user/two-factor');
    expect(setup.status).toBe(200);
    const { secret, otpauth_url } = setup.json<{ data: { secret: string; otpauth_url: string } }>().data;
    expect(otpauth_url).toContain(`secret=${secret}`);
    const wrongPassword = await client.post('/api/user/two-factor/confirm', {
      code: currentTotpCode(secret),
      password: 'nope',
    });
    expect(wrongPassword.status).toBe(422);
    expect((await client.get('/api/user')).json()).toMatchObject({ data: { two_factor_enabled: false } });
    // Kept: the same code must not work again (a fresh currentTotpCode could fall in the next step).
    const confirmCode = currentTotpCode(secret);
    const confirm = await client.post('/api/user/two-factor/confirm', {
      code: confirmCode,
      password: user.password,
    });
    expect(confirm.status).toBe(200);
    const codes = confirm.json<{ data: { recovery_codes: string[] } }>().data.recovery_codes;
    expect(new Set(codes).size).toBe(8);
    expect((await client.get('/api/user')).json()).toMatchObject({ data: { two_factor_enabled: true } });
    const stored = await t.database.db.query<{ code_hash: string }>('SELECT code_hash FROM recovery_codes');
    expect(stored.map((row) => row.code_hash)).not.toContain(codes[0]);
    return { user, secret, codes, client, confirmCode };
  }

  it('asks for the second step, accepts a TOTP code once, and accepts each recovery code once', async () => {
    const { user, secret, codes, confirmCode } = await enableTwoFactor();
    const client = t.client();
    expect((await client.login(user.email, user.password)).json()).toEqual({ next_step: '2fa' });
    expect(client.cookies.has('atlasboard_session')).toBe(false);

    const body = { email: user.email, password: user.password, remember: false };
    // The code used to confirm 2FA has been spent already.
    const reused = await client.post('/login2fa', { ...body, code: confirmCode });
    expect(reused.status).toBe(422);
    expect(reused.json()).toMatchObject({ errors: { code: expect.any(Array) } });

    const next = currentTotpCode(secret, Date.now() + 30_000);
    expect((await client.post('/login2fa', { ...body, code: next })).json()).toEqual({ next_step: 'home' });
    expect((await client.get('/api/user')).status).toBe(200);
    expect(
      (
        await t.client().post(
          '/login2fa',
          { ...body, code: next },
          {
            headers: {
              'x-xsrf-token': 'guest-token-123456789',
              cookie: 'XSRF-TOKEN=guest-token-123456789',
            },
          },
        )
      ).status,
    ).toBe(422);

    const recovery = codes[0] ?? '';
    const viaRecovery = t.client();
    await viaRecovery.prime();
    expect((await viaRecovery.post('/login2fa', { ...body, code: recovery })).status).toBe(200);
    const again = t.client();
    await again.prime();
    expect((await again.post('/login2fa', { ...body, code: recovery })).status).toBe(422);
    expect((await again.post('/login2fa', { ...body, password: 'wrong', code: codes[1] ?? '' })).status).toBe(
      422,
    );
    // A wrong password must not burn the recovery code.
    expect((await again.post('/login2fa', { ...body, code: codes[1] ?? '' })).status).toBe(200);
  });

  it('throttles second-step guesses and can be turned off with password and code', async () => {
    const { user, secret, client } = await enableTwoFactor();
    const guest = t.client();
    await guest.prime();
    const body = { email: user.email, password: user.password, code: '000000' };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1)
      statuses.push((await guest.post('/login2fa', body)).status);
    expect(statuses).toEqual([...Array<number>(10).fill(422), 429]);

    const disable = await client.post('/api/user/two-factor/disable', {
      code: currentTotpCode(secret, Date.now() + 30_000),
      password: user.password,
    });
    expect(disable.status).toBe(204);
    expect(await countRows('recovery_codes')).toBe(0);
    expect((await client.get('/api/user')).json()).toMatchObject({ data: { two_factor_enabled: false } });
  });
});

async function startTrusting() {
  const { startTestApp: start } = await import('../../test-support/test-app.ts');
  return start({ TRUST_PROXY: '1' });
}
