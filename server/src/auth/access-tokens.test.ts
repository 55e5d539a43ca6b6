import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertFeature, insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import type { TestClient } from '../../test-support/test-client.ts';
import type { UserType } from '../users/user-record.ts';
import { MAX_ATTEMPTS, MAX_IP_FAILURES } from './throttle.ts';
import { sha256 } from './tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => t.database.reset());

interface NewToken {
  id: number;
  name: string;
  abilities: string[];
  expires_at: string | null;
  created_at: string;
  token: string;
}

async function makeToken(
  client: TestClient,
  abilities: string[],
  extra: Record<string, unknown> = {},
): Promise<NewToken> {
  const response = await client.post('/api/user/tokens', { name: 'script', abilities, ...extra });
  expect(response.status).toBe(201);
  return response.json<{ data: NewToken }>().data;
}

async function tokenOf(type: UserType, abilities: string[]) {
  const { client, user } = await t.signedIn(type);
  return { client, user, created: await makeToken(client, abilities) };
}

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
const basic = (email: string, token: string) => ({
  headers: { authorization: `Basic ${Buffer.from(`${email}:${token}`).toString('base64')}` },
});

async function pointLayer() {
  const map = await insertMap(t.database.db);
  const layer = await insertLayer(t.database.db, map.id, { properties: [{ name: 'code' }] });
  await insertFeature(
    t.database.db,
    layer.id,
    { type: 'Point', coordinates: [-9.14, 38.72] },
    { code: 'V-1' },
  );
  return { map, layer };
}

describe('personal access tokens: making, listing, revoking', () => {
  it('shows the token once, stores only its SHA-256, and lists it without the secret', async () => {
    const { client, user } = await t.signedIn('user');
    const created = await makeToken(client, ['read'], { expires_at: '2099-01-01T00:00:00Z' });
    expect(created.token).toMatch(/^atb_pat_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      name: 'script',
      abilities: ['read'],
      expires_at: '2099-01-01T00:00:00.000Z',
    });
    const stored = await t.database.db.query<{ token_hash: string; user_id: number }>(
      'SELECT token_hash, user_id FROM personal_access_tokens',
    );
    expect(stored).toEqual([{ token_hash: sha256(created.token), user_id: user.id }]);
    const list = await client.get('/api/user/tokens');
    expect(list.status).toBe(200);
    expect(list.json()).toEqual({
      data: [
        {
          id: created.id,
          name: 'script',
          abilities: ['read'],
          expires_at: created.expires_at,
          last_used_at: null,
          created_at: created.created_at,
        },
      ],
    });
    expect(list.text).not.toContain(created.token);
    // A write token is always stored as read + write.
    expect((await makeToken(client, ['write'])).abilities).toEqual(['read', 'write']);
  });

  it('refuses an expiry in the past, and another account’s token is 404 to revoke', async () => {
    const { client } = await t.signedIn('user');
    const past = await client.post('/api/user/tokens', {
      name: 'old',
      abilities: ['read'],
      expires_at: '2001-01-01T00:00:00Z',
    });
    expect(past.status).toBe(422);
    expect(past.json()).toMatchObject({ errors: { expires_at: [expect.stringMatching(/after now/)] } });
    const other = await tokenOf('user', ['read']);
    expect((await client.delete(`/api/user/tokens/${other.created.id}`)).status).toBe(404);
    expect((await t.client().get('/api/user', bearer(other.created.token))).status).toBe(200);
  });

  it('a token cannot make or revoke tokens, even a write token', async () => {
    const { created } = await tokenOf('admin', ['read', 'write']);
    const caller = t.client();
    const make = await caller.post(
      '/api/user/tokens',
      { name: 'more', abilities: ['read'] },
      bearer(created.token),
    );
    expect(make.status).toBe(403);
    expect((await caller.delete(`/api/user/tokens/${created.id}`, bearer(created.token))).status).toBe(403);
    expect((await caller.get('/api/user/tokens', bearer(created.token))).status).toBe(200);
  });
});

describe('personal access tokens: signing requests', () => {
  it('Bearer and Basic email:token act as the user, with no cookie and no XSRF echo', async () => {
    const { user, created } = await tokenOf('editor', ['read', 'write']);
    const { map, layer } = await pointLayer();
    for (const auth of [bearer(created.token), basic(user.email.toUpperCase(), created.token)]) {
      const caller = t.client();
      const me = await caller.get('/api/user', auth);
      expect(me.json()).toMatchObject({ data: { id: user.id, email: user.email } });
      expect(me.headers['set-cookie']).toBeUndefined();
      const features = await caller.get(`/api/maps/${map.id}/layers/${layer.id}/features`, auth);
      expect(features.status).toBe(200);
      expect(features.json<{ data: unknown[] }>().data).toHaveLength(1);
      const bookmark = await caller.post(
        `/api/maps/${map.id}/bookmarks`,
        { name: 'From a script', center: [-9.14, 38.72], zoom: 14, rotation: 0, visible_layer_ids: [] },
        auth,
      );
      expect(bookmark.status).toBe(201);
    }
    const used = await t.database.db.query<{ last_used_at: Date | null }>(
      'SELECT last_used_at FROM personal_access_tokens',
    );
    expect(used[0]?.last_used_at).not.toBeNull();
  });

  it('a read token gets 403 on every write, and its CASL rules can no longer create', async () => {
    const { created } = await tokenOf('admin', ['read']);
    const { map } = await pointLayer();
    const caller = t.client();
    const auth = bearer(created.token);
    expect((await caller.get(`/api/maps/${map.id}`, auth)).status).toBe(200);
    expect((await caller.post('/api/maps', { title: 'New' }, auth)).status).toBe(403);
    expect((await caller.delete(`/api/maps/${map.id}`, auth)).status).toBe(403);
    expect(
      (
        await caller.post(
          `/api/maps/${map.id}/bookmarks`,
          { name: 'x', center: [0, 0], zoom: 3, rotation: 0, visible_layer_ids: [] },
          auth,
        )
      ).status,
    ).toBe(403);
    const rules = (await caller.get('/api/abilities', auth)).json<
      { action: string[]; inverted?: boolean }[]
    >();
    expect(rules).toContainEqual(
      expect.objectContaining({ action: ['create', 'update', 'delete'], subject: 'all', inverted: true }),
    );
  });

  it('a read token may read through POST (filters, the search box, dashboard counts, exports) and an admin’s may read imports and deleted features', async () => {
    const { created } = await tokenOf('admin', ['read']);
    const { map, layer } = await pointLayer();
    await t.database.db.query(
      `INSERT INTO main_searches (map_id, layer_id, label, fields, display_field) VALUES ($1, $2, 'Codes', '["code"]', 'code')`,
      [map.id, layer.id],
    );
    const caller = t.client();
    const auth = bearer(created.token);
    const filtered = await caller.post(
      `/api/maps/${map.id}/filter-features`,
      {
        layers_filter: [
          { layer_id: layer.id, filters: [{ property: 'code', operator: 'eq', value: 'V-1' }] },
        ],
      },
      auth,
    );
    expect(filtered.status, filtered.text).toBe(200);
    const found = await caller.post(
      `/api/maps/${map.id}/main-search/features`,
      { search_value: 'V-', layer_id: layer.id },
      auth,
    );
    expect(found.status, found.text).toBe(200);
    const counted = await caller.post(
      `/api/maps/${map.id}/layers/${layer.id}/aggregate`,
      { group_by: { property: 'code' }, metrics: [{ op: 'count' }] },
      auth,
    );
    expect(counted.status, counted.text).toBe(200);
    const exported = await caller.post(
      `/api/maps/${map.id}/export-features`,
      { format: 'geojson', layer_id: layer.id },
      auth,
    );
    expect(exported.status).toBeLessThan(300);
    const deleted = await caller.get(`/api/maps/${map.id}/layers/${layer.id}/deleted-features`, auth);
    expect(deleted.status).toBe(200);
    const [job] = await t.database.db.query<{ id: string }>(
      `INSERT INTO jobs (id, kind, user_id, status, payload)
       VALUES (gen_random_uuid(), 'import', NULL, 'queued', '{"file_name": "town.geojson"}') RETURNING id`,
    );
    expect((await caller.get(`/api/imports/${job?.id}`, auth)).status).toBe(200);
    // What changes data stays closed to it, whatever its method.
    const created2 = await caller.post(
      `/api/maps/${map.id}/layers/${layer.id}/features`,
      { type: 'Feature', geometry: { type: 'Point', coordinates: [0, 0] }, properties: {} },
      auth,
    );
    expect(created2.status).toBe(403);
  });

  it('a write token never goes beyond its user’s role', async () => {
    const { created } = await tokenOf('user', ['read', 'write']);
    const response = await t.client().post('/api/maps', { title: 'Not mine to make' }, bearer(created.token));
    expect(response.status).toBe(403);
  });

  it('a revoked or expired token is 401 on the next request, with a Bearer challenge', async () => {
    const { client, created } = await tokenOf('user', ['read']);
    const caller = t.client();
    expect((await caller.get('/api/user', bearer(created.token))).status).toBe(200);
    expect((await client.delete(`/api/user/tokens/${created.id}`)).status).toBe(204);
    const revoked = await caller.get('/api/user', bearer(created.token));
    expect(revoked.status).toBe(401);
    expect(revoked.headers['www-authenticate']).toBe('Bearer realm="atlasboard"');

    const second = await makeToken(client, ['read']);
    expect((await caller.get('/api/user', bearer(second.token))).status).toBe(200);
    // Another instance (or time) moved the clock past the expiry: nothing cached holds it.
    await t.database.db.query("UPDATE personal_access_tokens SET expires_at = now() - interval '1 second'");
    expect((await caller.get('/api/user', bearer(second.token))).status).toBe(401);
  });

  it('a wrong token is 401 even on routes guests may call; Basic with another email is 401', async () => {
    const { created } = await tokenOf('user', ['read']);
    const other = await t.createUser();
    const caller = t.client();
    expect((await caller.get('/api/abilities', bearer('atb_pat_nope'))).status).toBe(401);
    expect((await caller.get('/api/user', basic(other.email, created.token))).status).toBe(401);
    expect((await caller.get('/api/user', { headers: { authorization: 'Digest abc' } })).status).toBe(401);
  });

  it('the cookie path is unchanged: a session write without the XSRF echo is still 419', async () => {
    const { client } = await t.signedIn('user');
    const response = await client.post(
      '/api/user/tokens',
      { name: 'x', abilities: ['read'] },
      { noXsrf: true },
    );
    expect(response.status).toBe(419);
  });

  it('Basic credentials are refused on writes from another site’s page', async () => {
    const { user, created } = await tokenOf('editor', ['read', 'write']);
    const { map } = await pointLayer();
    const auth = basic(user.email, created.token);
    const response = await t
      .client()
      .post(
        `/api/maps/${map.id}/bookmarks`,
        { name: 'x', center: [0, 0], zoom: 3, rotation: 0, visible_layer_ids: [] },
        { headers: { ...auth.headers, 'sec-fetch-site': 'cross-site' } },
      );
    expect(response.status).toBe(403);
  });
});

describe('personal access tokens: throttling failed sign-ins like passwords', () => {
  it(`after ${MAX_IP_FAILURES} wrong tokens from one IP, even the right one waits (429)`, async () => {
    const { created } = await tokenOf('user', ['read']);
    const caller = t.client();
    for (let attempt = 0; attempt < MAX_IP_FAILURES; attempt += 1)
      expect((await caller.get('/api/user', bearer(`atb_pat_wrong${attempt}`))).status).toBe(401);
    // 429 is documented once, on the token security schemes, not on every operation.
    const blocked = await caller.get('/api/user', { ...bearer(created.token), unchecked: true });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it(`after ${MAX_ATTEMPTS} wrong Basic tokens for one email, that email waits (429)`, async () => {
    const { user, created } = await tokenOf('user', ['read']);
    const caller = t.client();
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1)
      expect((await caller.get('/api/user', basic(user.email, `atb_pat_wrong${attempt}`))).status).toBe(401);
    const blocked = await caller.get('/api/user', { ...basic(user.email, created.token), unchecked: true });
    expect(blocked.status).toBe(429);
    // Bearer is not tied to that email, and the IP is still under its own limit.
    expect((await caller.get('/api/user', bearer(created.token))).status).toBe(200);
  });
});
