import * as client from 'openid-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { accessChanged, insertMap } from '../../test-support/map-fixtures.ts';
import {
  signInAtProvider,
  startTestProvider,
  type ProviderAccount,
  type TestProvider,
} from '../../test-support/oidc-test-provider.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import type { TestClient } from '../../test-support/test-client.ts';
import { useProviderFetch } from './oidc.ts';

const APP_URL = 'http://atlasboard.test';
const ACCOUNTS: ProviderAccount[] = [
  {
    sub: 'alice',
    email: 'alice@corp.example',
    email_verified: true,
    name: 'Alice Admin',
    groups: ['gis-admins', 'surveyors'],
  },
  {
    sub: 'erin',
    email: 'erin@corp.example',
    email_verified: true,
    name: 'Erin Editor',
    groups: ['gis-editors'],
  },
  { sub: 'bob', email: 'bob@corp.example', email_verified: true, name: 'Bob Provider', groups: [] },
  { sub: 'carol', email: 'carol@corp.example', email_verified: false, name: 'Carol', groups: [] },
  { sub: 'nomail', name: 'No Mail', groups: [] },
];

let provider: TestProvider;
let t: TestApp;

function oidcEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    APP_URL,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_LABEL: 'Corp ID',
    OIDC_ADMIN_GROUPS: 'gis-admins',
    OIDC_EDITOR_GROUPS: 'gis-editors',
    OIDC_LINK_EMAIL: 'verified',
    ...extra,
  };
}

beforeAll(async () => {
  provider = await startTestProvider({
    appUrl: APP_URL,
    accounts: ACCOUNTS,
    otherClients: [{ clientId: 'someone-else', clientSecret: 'someone-else-secret' }],
  });
  t = await startTestApp(oidcEnv());
}, 300_000);
afterAll(async () => {
  await t.close();
  await provider.close();
});
beforeEach(async () => {
  await t.database.reset();
  useProviderFetch(t.config.oidc!, plainFetch);
});

/** The button: our login route, which answers with the provider's URL and a sign-in cookie. */
async function pressButton(browser: TestClient): Promise<string> {
  const response = await browser.get('/auth/oidc/login', { unchecked: true });
  expect(response.status).toBe(302);
  const location = String(response.headers.location);
  expect(location.startsWith(`${provider.issuer}/`)).toBe(true);
  return location;
}

/** Back at our callback with what the provider sent. */
async function arrive(browser: TestClient, callback: URL) {
  expect(callback.origin).toBe(APP_URL);
  return browser.get(`${callback.pathname}${callback.search}`, { unchecked: true });
}

/** The whole flow in one browser; the answer of our callback. */
async function signInAs(browser: TestClient, login: string) {
  const callback = await signInAtProvider(await pressButton(browser), login);
  return arrive(browser, callback);
}

function ssoError(response: { status: number; headers: Record<string, unknown> }): string | null {
  expect(response.status).toBe(303);
  return new URL(String(response.headers.location), APP_URL).searchParams.get('sso_error');
}

async function signedInEmail(browser: TestClient): Promise<string | undefined> {
  const me = await browser.get('/api/user');
  return me.status === 200 ? me.json<{ data: { email: string } }>().data.email : undefined;
}

async function groupsOf(email: string): Promise<{ name: string; from_provider: boolean }[]> {
  return t.database.db.query(
    `SELECT g.name, g.from_provider FROM groups g JOIN group_members gm ON gm.group_id = g.id
     JOIN users u ON u.id = gm.user_id WHERE u.email = $1 ORDER BY g.name`,
    [email],
  );
}

describe('single sign-on with a real OpenID Connect provider', () => {
  it('tells the sign-in screen about the button and the password form', async () => {
    const answer = await t.client().get('/api/auth/providers');
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({
      providers: [{ id: 'oidc', label: 'Corp ID', login_url: '/auth/oidc/login' }],
      password_login: true,
    });
  });

  it('sends the browser to the provider with PKCE, state, nonce and the redirect URI from APP_URL', async () => {
    const browser = t.client();
    const response = await browser.get('/auth/oidc/login', {
      unchecked: true,
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    const url = new URL(String(response.headers.location));
    expect(url.searchParams.get('redirect_uri')).toBe(`${APP_URL}/auth/oidc/callback`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toBeTruthy();
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    const cookie = ([] as string[]).concat(response.headers['set-cookie'] as string[]).join('\n');
    expect(cookie).toMatch(/atlasboard_oidc=[\w-]+; Max-Age=600; Path=\/auth\/oidc; HttpOnly; SameSite=Lax/);
  });

  it('creates the account on first sign-in, with its provider groups, and an admin group makes an admin', async () => {
    const browser = t.client();
    const done = await signInAs(browser, 'alice');
    expect(done.status).toBe(303);
    expect(done.headers.location).toBe('/');
    const me = await browser.get('/api/user');
    expect(me.json()).toMatchObject({
      data: { email: 'alice@corp.example', name: 'Alice Admin', type: 'admin' },
    });
    expect(await groupsOf('alice@corp.example')).toEqual([
      { name: 'gis-admins', from_provider: true },
      { name: 'surveyors', from_provider: true },
    ]);
    const editor = t.client();
    await signInAs(editor, 'erin');
    expect((await editor.get('/api/user')).json()).toMatchObject({ data: { type: 'editor' } });
  });

  it('follows the provider at each sign-in: name, email, type and provider groups; local groups stay', async () => {
    const first = t.client();
    await signInAs(first, 'alice');
    const { db } = t.database;
    const [local] = await db.query<{ id: number }>(
      `INSERT INTO groups (name) VALUES ('field crew') RETURNING id`,
    );
    await db.query(
      `INSERT INTO group_members (group_id, user_id) SELECT $1, id FROM users WHERE email = $2`,
      [local?.id, 'alice@corp.example'],
    );
    // A map granted to a provider group is read by its members.
    const map = await insertMap(db, { title: 'Surveys' });
    await db.query(`UPDATE maps SET visibility = 'private' WHERE id = $1`, [map.id]);
    await db.query(
      `INSERT INTO map_grants (map_id, group_id, role) SELECT $1, id, 'viewer' FROM groups WHERE name = 'surveyors'`,
      [map.id],
    );
    await accessChanged(db);
    provider.accounts.set('alice', {
      ...ACCOUNTS[0]!,
      email: 'alice.new@corp.example',
      name: 'Alice Renamed',
      groups: ['surveyors', 'planners'],
    });
    try {
      const second = t.client();
      await signInAs(second, 'alice');
      const me = await second.get('/api/user');
      expect(me.json()).toMatchObject({
        data: { email: 'alice.new@corp.example', name: 'Alice Renamed', type: 'user' },
      });
      expect(await groupsOf('alice.new@corp.example')).toEqual([
        { name: 'field crew', from_provider: false },
        { name: 'planners', from_provider: true },
        { name: 'surveyors', from_provider: true },
      ]);
      expect((await second.get(`/api/maps/${map.id}`)).status).toBe(200);
      const count = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
      expect(count[0]?.n).toBe(1);
      provider.accounts.set('alice', { ...ACCOUNTS[0]!, groups: ['gis-admins'] });
      const third = t.client();
      await signInAs(third, 'alice');
      expect((await third.get(`/api/maps/${map.id}`)).status).toBe(200); // admins read every map
      provider.accounts.set('alice', { ...ACCOUNTS[0]!, groups: [] });
      const fourth = t.client();
      await signInAs(fourth, 'alice');
      expect((await fourth.get(`/api/maps/${map.id}`)).status).toBe(404);
    } finally {
      provider.accounts.set('alice', ACCOUNTS[0]!);
    }
  });

  it('links an existing password account only when the provider verified the address, and skips our TOTP step', async () => {
    const bob = await t.createUser({ email: 'bob@corp.example', name: 'Bob Local' });
    await t.database.db.query(`UPDATE users SET two_factor_secret = 'JBSWY3DPEHPK3PXP' WHERE id = $1`, [
      bob.id,
    ]);
    const browser = t.client();
    const done = await signInAs(browser, 'bob');
    expect(done.headers.location).toBe('/');
    expect((await browser.get('/api/user')).json()).toMatchObject({
      data: { id: bob.id, name: 'Bob Provider' },
    });

    await t.createUser({ email: 'carol@corp.example' });
    const other = t.client();
    expect(ssoError(await signInAs(other, 'carol'))).toBe('email_unverified');
    expect(await signedInEmail(other)).toBeUndefined();
  });

  it('needs an address for a new account', async () => {
    expect(ssoError(await signInAs(t.client(), 'nomail'))).toBe('email_missing');
  });

  it('refuses a wrong state, a callback without its sign-in cookie, and a replayed answer', async () => {
    const browser = t.client();
    const callback = await signInAtProvider(await pressButton(browser), 'alice');
    const forged = new URL(callback);
    forged.searchParams.set('state', 'not-the-state');
    expect(ssoError(await arrive(browser, forged))).toBe('state');
    expect(await signedInEmail(browser)).toBeUndefined();

    // Another browser holds no sign-in under way: an answer meant for someone else is refused.
    const victim = t.client();
    const elsewhere = t.client();
    const stolen = await signInAtProvider(await pressButton(elsewhere), 'alice');
    expect(ssoError(await arrive(victim, stolen))).toBe('state');
    expect(await signedInEmail(victim)).toBeUndefined();

    // The real answer works once; the same answer again is refused, as is the code under a fresh state.
    const once = t.client();
    const answer = await signInAtProvider(await pressButton(once), 'alice');
    expect((await arrive(once, answer)).headers.location).toBe('/');
    const again = t.client();
    await pressButton(again);
    expect(ssoError(await arrive(again, answer))).toBe('state');
    const replay = t.client();
    const freshUrl = new URL(await pressButton(replay));
    const replayed = new URL(answer);
    replayed.searchParams.set('state', freshUrl.searchParams.get('state')!);
    expect(ssoError(await arrive(replay, replayed))).toBe('code');
    expect(await signedInEmail(replay)).toBeUndefined();
  });

  it('refuses an expired code', async () => {
    const browser = t.client();
    const callback = await signInAtProvider(await pressButton(browser), 'alice');
    // The provider's code lives 60 s; two minutes later it is refused at the token endpoint.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 120_000 });
    try {
      expect(ssoError(await arrive(browser, callback))).toBe('code');
    } finally {
      vi.useRealTimers();
    }
    expect(await signedInEmail(browser)).toBeUndefined();
  });

  it('refuses an ID token meant for another client or made by another issuer', async () => {
    const foreignAudience = await idTokenFor(provider, 'someone-else', 'someone-else-secret');
    const elsewhere = await startTestProvider({ appUrl: APP_URL, accounts: ACCOUNTS });
    try {
      const foreignIssuer = await idTokenFor(elsewhere, elsewhere.clientId, elsewhere.clientSecret);
      for (const idToken of [foreignAudience, foreignIssuer]) {
        useProviderFetch(t.config.oidc!, swapIdToken(idToken));
        const browser = t.client();
        expect(ssoError(await signInAs(browser, 'alice'))).toBe('token');
        expect(await signedInEmail(browser)).toBeUndefined();
      }
    } finally {
      await elsewhere.close();
    }
  });

  it('shows the provider refusing the sign-in', async () => {
    const browser = t.client();
    const denied = new URL(`${APP_URL}/auth/oidc/callback`);
    const start = new URL(await pressButton(browser));
    denied.searchParams.set('error', 'access_denied');
    denied.searchParams.set('state', start.searchParams.get('state')!);
    denied.searchParams.set('iss', provider.issuer);
    expect(ssoError(await arrive(browser, denied))).toBe('denied');
  });

  it('demands the configured acr', async () => {
    const strict = await startTestApp(oidcEnv({ OIDC_ACR_VALUES: 'urn:example:mfa' }));
    try {
      const browser = strict.client();
      const start = String((await browser.get('/auth/oidc/login', { unchecked: true })).headers.location);
      expect(new URL(start).searchParams.get('acr_values')).toBe('urn:example:mfa');
      const callback = await signInAtProvider(start, 'alice');
      const answer = await browser.get(`${callback.pathname}${callback.search}`, { unchecked: true });
      expect(ssoError(answer)).toBe('acr');
      expect((await browser.get('/api/user')).status).toBe(401);
    } finally {
      await strict.close();
    }
  }, 300_000);

  it('says the provider is down, with no session', async () => {
    const browser = t.client();
    const callback = await signInAtProvider(await pressButton(browser), 'alice');
    useProviderFetch(t.config.oidc!, () => Promise.reject(new TypeError('fetch failed')));
    expect(ssoError(await arrive(browser, callback))).toBe('unavailable');
    expect(await signedInEmail(browser)).toBeUndefined();
  });

  it('signs out at the provider too (RP-initiated logout); a password session just ends', async () => {
    const browser = t.client();
    await signInAs(browser, 'alice');
    const out = await browser.post('/logout');
    expect(out.status).toBe(200);
    const target = new URL(out.json<{ redirect_to: string }>().redirect_to);
    expect(`${target.origin}${target.pathname}`).toBe(`${provider.issuer}/session/end`);
    expect(target.searchParams.get('post_logout_redirect_uri')).toBe(`${APP_URL}/login`);
    expect(target.searchParams.get('id_token_hint')).toBeTruthy();
    expect((await browser.get('/api/user')).status).toBe(401);
    const { client: local } = await t.signedIn('user');
    expect((await local.post('/logout')).status).toBe(204);
  });

  it('keeps personal access tokens working for a provider account', async () => {
    const browser = t.client();
    await signInAs(browser, 'erin');
    const made = await browser.post('/api/user/tokens', { name: 'QGIS', abilities: ['read'] });
    expect(made.status).toBe(201);
    const token = made.json<{ data: { token: string } }>().data.token;
    const me = await t.client().get('/api/user', { headers: { authorization: `Bearer ${token}` } });
    expect(me.json()).toMatchObject({ data: { email: 'erin@corp.example', type: 'editor' } });
  });
});

describe('OIDC_LINK_EMAIL=never and PASSWORD_LOGIN=off', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await startTestApp(
      oidcEnv({ OIDC_LINK_EMAIL: 'never', PASSWORD_LOGIN: 'off', ADMIN_EMAIL: 'root@corp.example' }),
    );
  }, 300_000);
  afterAll(async () => strict.close());

  it('never links by email: an address a password account holds is refused', async () => {
    await strict.createUser({ email: 'bob@corp.example' });
    const browser = strict.client();
    const start = await browser.get('/auth/oidc/login', { unchecked: true });
    const callback = await signInAtProvider(String(start.headers.location), 'bob');
    const answer = await browser.get(`${callback.pathname}${callback.search}`, { unchecked: true });
    expect(ssoError(answer)).toBe('email_taken');
    expect((await browser.get('/api/user')).status).toBe(401);
  });

  it('refuses password sign-in except for the first admin (ADMIN_EMAIL), who keeps it for recovery', async () => {
    expect((await strict.client().get('/api/auth/providers')).json()).toMatchObject({
      password_login: false,
    });
    const person = await strict.createUser();
    const refused = await strict.client().login(person.email, person.password);
    expect(refused.status).toBe(403);
    expect(refused.json<{ message: string }>().message).toMatch(/single sign-on/);
    const admin = await strict.createUser({ email: 'root@corp.example', type: 'admin' });
    expect((await strict.client().login(admin.email, admin.password)).status).toBe(200);
  });
});

/** An ID token the given provider made for the given client (a separate, honest code flow). */
async function idTokenFor(at: TestProvider, clientId: string, secret: string): Promise<string> {
  const configuration = await client.discovery(new URL(at.issuer), clientId, secret, undefined, {
    execute: [client.allowInsecureRequests],
  });
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: `${APP_URL}/auth/oidc/callback`,
    scope: 'openid',
    state,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  const callback = await signInAtProvider(url.href, 'alice');
  const tokens = await client.authorizationCodeGrant(configuration, callback, {
    pkceCodeVerifier: verifier,
    expectedState: state,
  });
  return tokens.id_token!;
}

/** openid-client's fetch options are what fetch takes; its types just spell the body differently. */
const plainFetch: client.CustomFetch = (url, options) => fetch(url, options as RequestInit);

/** Stands between the app and the token endpoint and hands over another ID token. */
function swapIdToken(idToken: string): client.CustomFetch {
  return async (url, options) => {
    const response = await plainFetch(url, options);
    if (!new URL(url).pathname.endsWith('/token')) return response;
    const body = (await response.json()) as Record<string, unknown>;
    return new Response(JSON.stringify({ ...body, id_token: idToken }), {
      status: response.status,
      headers: { 'content-type': 'application/json' },
    });
  };
}
