import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { insertUser } from '../users/users-store.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ EMBED_ORIGINS: 'https://utility.example.org https://*.example.net' });
});
afterAll(async () => t.close());
beforeEach(async () => t.database.reset());

interface Group {
  id: number;
  name: string;
  members_count: number;
  members?: { id: number }[];
}

interface Access {
  visibility: string;
  grants: { user_id: number | null; group_id: number | null; role: string; name: string }[];
  layer_rules: { layer_id: number; access: string; hidden_properties: string[] }[];
}

async function privateMap(title = 'Private') {
  const { db } = t.database;
  const map = await insertMap(db, { title });
  await db.query(`UPDATE maps SET visibility = 'private' WHERE id = $1`, [map.id]);
  const layer = await insertLayer(db, map.id, { properties: [{ name: 'owner_note' }, { name: 'dn' }] });
  return { mapId: map.id, layerId: layer.id };
}

describe('groups', () => {
  it('an admin makes, renames, fills and deletes a group; members see it in their profile', async () => {
    const { client: admin } = await t.signedIn('admin');
    const { client: member, user } = await t.signedIn('user');
    const made = await admin.post('/api/groups', { name: 'Field crew', description: 'Pipes' });
    expect(made.status).toBe(201);
    const group = made.json<{ data: Group }>().data;
    expect(group).toMatchObject({ name: 'Field crew', members_count: 0, members: [] });
    expect((await admin.post('/api/groups', { name: 'FIELD CREW' })).json()).toMatchObject({
      errors: { name: ['A group with this name already exists.'] },
    });
    const filled = await admin.put(`/api/groups/${group.id}/members`, { user_ids: [user.id] });
    expect(filled.json<{ data: Group }>().data).toMatchObject({
      members_count: 1,
      members: [{ id: user.id }],
    });
    expect((await member.get('/api/user')).json()).toMatchObject({
      data: { groups: [{ id: group.id, name: 'Field crew' }] },
    });
    expect((await admin.get(`/api/users/${user.id}`)).json()).toMatchObject({
      data: { groups: [{ id: group.id, name: 'Field crew' }] },
    });
    const unknown = await admin.put(`/api/groups/${group.id}/members`, { user_ids: [user.id, 999999] });
    expect(unknown.status).toBe(422);
    expect(unknown.json()).toMatchObject({ errors: { 'user_ids.1': ['No such user.'] } });
    const huge = await admin.put(`/api/groups/${group.id}/members`, { user_ids: [2 ** 40] });
    expect(huge.json()).toMatchObject({ errors: { 'user_ids.0': ['No such user.'] } });
    const renamed = await admin.put(`/api/groups/${group.id}`, { name: 'Crew', description: null });
    expect(renamed.json()).toMatchObject({ data: { name: 'Crew', description: null, members_count: 1 } });
    const list = (await admin.get('/api/groups')).json<{ data: Group[] }>().data;
    expect(list.map((entry) => entry.name)).toEqual(['Crew']);
    expect((await admin.delete(`/api/groups/${group.id}`)).status).toBe(204);
    expect((await admin.get(`/api/groups/${group.id}`)).status).toBe(404);
    expect((await member.get('/api/user')).json()).toMatchObject({ data: { groups: [] } });
  });

  it('is for admins only', async () => {
    const { client } = await t.signedIn('editor');
    expect((await client.get('/api/groups')).status).toBe(403);
    expect((await client.post('/api/groups', { name: 'Mine' })).status).toBe(403);
    const guest = t.client();
    await guest.prime();
    expect((await guest.get('/api/groups')).status).toBe(401);
  });
});

describe('a map’s access', () => {
  it('a new map is private to its maker, who manages it', async () => {
    const { client: admin, user: maker } = await t.signedIn('admin');
    const made = await admin.post('/api/maps', { title: 'Fresh' });
    const id = made.json<{ data: { id: number } }>().data.id;
    const access = (await admin.get(`/api/maps/${id}/access`)).json<{ data: Access }>().data;
    expect(access.visibility).toBe('private');
    expect(access.grants).toEqual([{ user_id: maker.id, group_id: null, role: 'manager', name: maker.name }]);
    const { client: other } = await t.signedIn('editor');
    expect((await other.get(`/api/maps/${id}`)).status).toBe(404);
  });

  it('a manager who is no admin sets visibility, grants and layer rules, each change logged; the next request obeys', async () => {
    const place = await privateMap();
    const { client: manager, user: managerUser } = await t.signedIn('user');
    const { client: viewer, user: viewerUser } = await t.signedIn('user');
    const { client: admin } = await t.signedIn('admin');
    await admin.put(`/api/maps/${place.mapId}/access`, {
      grants: [{ user_id: managerUser.id, role: 'manager' }],
    });
    expect((await viewer.get(`/api/maps/${place.mapId}`)).status).toBe(404);
    const changed = await manager.put(`/api/maps/${place.mapId}/access`, {
      grants: [
        { user_id: managerUser.id, role: 'manager' },
        { user_id: viewerUser.id, role: 'viewer' },
      ],
      layer_rules: [
        { layer_id: place.layerId, access: 'read', hidden_properties: ['owner_note'] },
        { layer_id: place.layerId, user_id: viewerUser.id, access: 'edit' },
      ],
    });
    expect(changed.status).toBe(200);
    expect(changed.json<{ data: Access }>().data.grants).toHaveLength(2);
    // Each rule names its person (or no one, for everyone on the map), for managers who may not list accounts.
    expect(
      changed.json<{ data: { layer_rules: { user_id: number | null; name: string | null }[] } }>().data
        .layer_rules,
    ).toEqual([
      expect.objectContaining({ user_id: null, name: null }),
      expect.objectContaining({ user_id: viewerUser.id, name: viewerUser.name }),
    ]);
    expect((await viewer.get(`/api/maps/${place.mapId}`)).status).toBe(200);
    const layer = await viewer.get(`/api/maps/${place.mapId}/layers/${place.layerId}`);
    expect(layer.text).not.toContain('owner_note');
    // A viewer reads the map but not its access; an outsider does not learn it exists.
    expect((await viewer.get(`/api/maps/${place.mapId}/access`)).status).toBe(403);
    const { client: outsider } = await t.signedIn('editor');
    expect((await outsider.get(`/api/maps/${place.mapId}/access`)).status).toBe(404);
    expect((await outsider.put(`/api/maps/${place.mapId}/access`, { visibility: 'public' })).status).toBe(
      404,
    );

    const log = (await manager.get(`/api/maps/${place.mapId}/access/log`)).json<{
      data: { user_id: number; action: string; before: Access; after: Access }[];
    }>().data;
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({ user_id: managerUser.id, action: 'access.update' });
    expect(log[0]?.before.grants).toHaveLength(1);
    expect(log[0]?.after.grants).toHaveLength(2);
    expect(log[0]?.after.layer_rules).toMatchObject([
      { layer_id: place.layerId, access: 'read' },
      { layer_id: place.layerId, access: 'edit' },
    ]);
    expect(log[0]?.before).not.toHaveProperty('visibility');

    await manager.put(`/api/maps/${place.mapId}/access`, {
      grants: [{ user_id: managerUser.id, role: 'manager' }],
    });
    expect((await viewer.get(`/api/maps/${place.mapId}`)).status).toBe(404);
  });

  it('names each bad entry (422) and changes nothing', async () => {
    const place = await privateMap();
    const elsewhere = await privateMap('Elsewhere');
    const { client: admin, user } = await t.signedIn('admin');
    const answer = await admin.put(`/api/maps/${place.mapId}/access`, {
      visibility: 'public',
      grants: [
        { role: 'viewer' },
        { user_id: user.id, group_id: 999999, role: 'editor' },
        { user_id: 999999, role: 'viewer' },
        { user_id: user.id, role: 'owner' },
      ],
      layer_rules: [{ layer_id: elsewhere.layerId, access: 'hidden' }],
    });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.json<{ errors: object }>().errors).sort()).toEqual(['grants.3.role']);
    const semantic = await admin.put(`/api/maps/${place.mapId}/access`, {
      visibility: 'public',
      grants: [
        { role: 'viewer' },
        { user_id: user.id, group_id: 999999, role: 'editor' },
        { user_id: 999999, role: 'viewer' },
        { user_id: user.id, role: 'viewer' },
      ],
      layer_rules: [{ layer_id: elsewhere.layerId, access: 'hidden' }],
    });
    expect(semantic.status).toBe(422);
    expect(semantic.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      'grants.0.user_id': ['Give either a user or a group.'],
      'grants.1.user_id': ['Give either a user or a group.'],
      'grants.1.group_id': ['No such group.'],
      'grants.2.user_id': ['No such user.'],
      'grants.3': ['This user or group already has a role on the map.'],
      'layer_rules.0.layer_id': ['This map has no such layer.'],
    });
    const huge = await admin.put(`/api/maps/${place.mapId}/access`, {
      grants: [{ group_id: 2 ** 40, role: 'viewer' }],
      layer_rules: [{ layer_id: 2 ** 40, user_id: 2 ** 40, access: 'read' }],
    });
    expect(huge.json<{ errors: object }>().errors).toEqual({
      'grants.0.group_id': ['No such group.'],
      'layer_rules.0.layer_id': ['This map has no such layer.'],
      'layer_rules.0.user_id': ['No such user.'],
    });
    const access = (await admin.get(`/api/maps/${place.mapId}/access`)).json<{ data: Access }>().data;
    expect(access.visibility).toBe('private');
    expect((await admin.get(`/api/maps/${place.mapId}/access/log`)).json()).toMatchObject({ data: [] });
  });
});

interface Candidates {
  users: { id: number; name: string; email: string }[];
  groups: { id: number; name: string }[];
}

/** An account nobody signs in as, made without hashing a password. */
const person = (name: string, email: string) =>
  insertUser(t.database.db, { name, email, passwordHash: 'x', type: 'user' });

const group = async (name: string) =>
  (await t.database.db.query<{ id: number }>(`INSERT INTO groups (name) VALUES ($1) RETURNING id`, [name]))[0]
    ?.id;

describe('people and groups to grant', () => {
  /** A private map whose manager is an account of type `user`, not an admin. */
  async function managed() {
    const place = await privateMap();
    const { client: admin } = await t.signedIn('admin');
    const { client: manager, user } = await t.signedIn('user');
    await admin.put(`/api/maps/${place.mapId}/access`, { grants: [{ user_id: user.id, role: 'manager' }] });
    const candidates = (client: typeof manager, q: string, mapId = place.mapId) =>
      client.get(`/api/maps/${mapId}/access/candidates`, { query: { q } });
    return { place, admin, manager, candidates };
  }

  it('a manager who is no admin finds a person by part of their email and a group by name, and grants them', async () => {
    const { place, manager, candidates } = await managed();
    const grace = await person('Grace Hopper', 'g.hopper@navy.example.org');
    await person('Alan Turing', 'alan@example.com');
    const crew = await group('Navy field crew');
    await group('Office');

    const byEmail = await candidates(manager, 'NAVY.example');
    expect(byEmail.status).toBe(200);
    expect(byEmail.json<{ data: Candidates }>().data.users).toEqual([
      { id: grace.id, name: 'Grace Hopper', email: 'g.hopper@navy.example.org' },
    ]);
    // The text is trimmed; a group's name matches whatever the case, and people are not groups.
    const byName = (await candidates(manager, '  navy  ')).json<{ data: Candidates }>().data;
    expect(byName.groups).toEqual([{ id: crew, name: 'Navy field crew' }]);
    expect(byName.users.map((user) => user.name)).toEqual(['Grace Hopper']);
    expect((await candidates(manager, 'field')).json<{ data: Candidates }>().data).toEqual({
      users: [],
      groups: [{ id: crew, name: 'Navy field crew' }],
    });

    const granted = await manager.get(`/api/maps/${place.mapId}/access`);
    const grants = granted.json<{ data: Access }>().data.grants.map(({ user_id, group_id, role }) => ({
      user_id,
      group_id,
      role,
    }));
    const saved = await manager.put(`/api/maps/${place.mapId}/access`, {
      grants: [...grants, { user_id: grace.id, role: 'viewer' }, { group_id: crew, role: 'editor' }],
    });
    expect(saved.status).toBe(200);
    expect(saved.json<{ data: Access }>().data.grants.map((grant) => grant.name)).toEqual(
      expect.arrayContaining(['Grace Hopper', 'Navy field crew']),
    );
  });

  it('answers at most 10 people and 10 groups, by name', async () => {
    const { manager, candidates } = await managed();
    for (let n = 12; n >= 1; n--) {
      await person(`Resident ${String(n).padStart(2, '0')}`, `resident${n}@example.com`);
      await group(`Residents ${String(n).padStart(2, '0')}`);
    }
    const found = (await candidates(manager, 'resident')).json<{ data: Candidates }>().data;
    expect(found.users.map((user) => user.name)).toEqual(
      Array.from({ length: 10 }, (_, at) => `Resident ${String(at + 1).padStart(2, '0')}`),
    );
    expect(found.groups).toHaveLength(10);
    expect(found.groups[0]?.name).toBe('Residents 01');
  });

  it('matches `%`, `_` and `\\` as themselves', async () => {
    const { manager, candidates } = await managed();
    await person('Sure 100% Pipes', 'pipes@example.com');
    await person('Sure 1000 Pipes', 'pipes1000@example.com');
    await person('Under Score', 'under_score@example.com');
    await person('Under Xcore', 'underxscore@example.com');
    await person('Back Slash', 'back\\slash@example.com');
    const names = async (q: string) =>
      (await candidates(manager, q)).json<{ data: Candidates }>().data.users.map((user) => user.name);
    expect(await names('0%')).toEqual(['Sure 100% Pipes']);
    expect(await names('%%')).toEqual([]);
    expect(await names('r_s')).toEqual(['Under Score']);
    expect(await names('__')).toEqual([]);
    expect(await names('k\\s')).toEqual(['Back Slash']);
  });

  it('is for the map’s managers: a viewer is 403, a manager of another map 404 for a map it cannot read and 403 for one it reads', async () => {
    const { place, admin, candidates } = await managed();
    const { client: viewer, user: viewerUser } = await t.signedIn('user');
    const { client: otherManager, user: otherUser } = await t.signedIn('user');
    const other = await privateMap('Elsewhere');
    const access = (await admin.get(`/api/maps/${place.mapId}/access`)).json<{ data: Access }>().data;
    await admin.put(`/api/maps/${place.mapId}/access`, {
      grants: [
        ...access.grants.map(({ user_id, role }) => ({ user_id, role })),
        { user_id: viewerUser.id, role: 'viewer' },
      ],
    });
    await admin.put(`/api/maps/${other.mapId}/access`, {
      grants: [{ user_id: otherUser.id, role: 'manager' }],
    });
    await person('Grace Hopper', 'grace@example.com');

    const refused = await candidates(viewer, 'grace');
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain('Hopper');
    expect((await candidates(otherManager, 'grace')).status).toBe(404);
    expect((await candidates(otherManager, 'grace', place.mapId + 1000)).status).toBe(404);
    expect((await candidates(otherManager, 'grace', other.mapId)).status).toBe(200);
    // Once the map is open to every account, the other map's manager reads it but manages it not.
    await admin.put(`/api/maps/${place.mapId}/access`, { visibility: 'signed_in' });
    expect((await candidates(otherManager, 'grace')).status).toBe(403);
    expect((await candidates(admin, 'grace')).json<{ data: Candidates }>().data.users).toHaveLength(1);
    const guest = t.client();
    await guest.prime();
    expect((await candidates(guest, 'grace')).status).toBe(401);
  });

  it('refuses a text under 2 or over 100 characters, spaces around it left out (422 on q)', async () => {
    const { manager, candidates } = await managed();
    const errors = async (q: string) => {
      const answer = await candidates(manager, q);
      expect(answer.status).toBe(422);
      return answer.json<{ errors: Record<string, string[]> }>().errors;
    };
    expect(await errors('x'.repeat(101))).toEqual({
      q: ['The q field must not be greater than 100 characters.'],
    });
    expect(await errors('  a  ')).toEqual({ q: ['The q field must be at least 2 characters.'] });
    expect(await errors('a')).toEqual({ q: ['The q field must be at least 2 characters.'] });
    const missing = await manager.get(`/api/maps/1/access/candidates`);
    expect(missing.status).toBe(422);
    expect((await candidates(manager, 'x'.repeat(100))).status).toBe(200);
  });
});

describe('share links', () => {
  it('open the map without an account until revoked; the secret is shown once and stored hashed', async () => {
    const place = await privateMap();
    const { client: admin } = await t.signedIn('admin');
    const made = await admin.post(`/api/maps/${place.mapId}/share-links`, { label: 'Survey' });
    const link = made.json<{ data: { id: number; url: string } }>().data;
    const secret = link.url.split('/s/')[1] ?? '';
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await t.database.db.query<{ secret_hash: string }>(`SELECT secret_hash FROM share_links`);
    expect(stored[0]?.secret_hash).not.toContain(secret);
    const list = await admin.get(`/api/maps/${place.mapId}/share-links`);
    expect(list.text).not.toContain(secret);

    const reader = t.client();
    const opened = await reader.get(`/s/${secret}`, { unchecked: true });
    expect(opened.status).toBe(303);
    expect(reader.cookies.get('atlasboard_share')).toBe(secret);
    await reader.prime();
    expect((await reader.get(`/api/maps/${place.mapId}/layers/${place.layerId}/features`)).status).toBe(200);
    // Read-only, and nothing a signed-in account has.
    const edit = await reader.post(`/api/maps/${place.mapId}/layers/${place.layerId}/features`, {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [1, 2] },
      properties: {},
    });
    expect(edit.status).toBe(401);
    expect((await reader.post(`/api/maps/${place.mapId}/export-features`, { format: 'csv' })).status).toBe(
      401,
    );

    expect((await admin.delete(`/api/maps/${place.mapId}/share-links/${link.id}`)).status).toBe(204);
    expect((await reader.get(`/api/maps/${place.mapId}`)).status).toBe(401);
    expect((await t.client().get(`/s/${secret}`, { unchecked: true })).status).toBe(404);
    const log = (await admin.get(`/api/maps/${place.mapId}/access/log`)).json<{
      data: { action: string }[];
    }>();
    expect(log.data.map((entry) => entry.action)).toEqual(['share_link.delete', 'share_link.create']);
  });

  it('an expired link opens nothing, and a session it opened ends with it', async () => {
    const place = await privateMap();
    const { client: admin } = await t.signedIn('admin');
    const past = await admin.post(`/api/maps/${place.mapId}/share-links`, {
      expires_at: '2001-01-01T00:00:00Z',
    });
    expect(past.json()).toMatchObject({
      errors: { expires_at: ['The expires at field must be a date after now.'] },
    });
    const made = await admin.post(`/api/maps/${place.mapId}/share-links`, {
      label: 'Short',
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const secret = made.json<{ data: { url: string } }>().data.url.split('/s/')[1] ?? '';
    const reader = t.client();
    expect((await reader.get(`/s/${secret}`, { unchecked: true })).status).toBe(303);
    expect((await reader.get(`/api/maps/${place.mapId}`)).status).toBe(200);
    await t.database.db.query(`UPDATE share_links SET expires_at = now() - interval '1 minute'`);
    expect((await reader.get(`/api/maps/${place.mapId}`)).status).toBe(401);
    expect((await t.client().get(`/s/${secret}`, { unchecked: true })).status).toBe(404);
  });

  it('is for the map’s managers: a viewer is 403, an outsider 404', async () => {
    const place = await privateMap();
    const { client: admin } = await t.signedIn('admin');
    const { client: viewer, user } = await t.signedIn('editor');
    await admin.put(`/api/maps/${place.mapId}/access`, { grants: [{ user_id: user.id, role: 'viewer' }] });
    expect((await viewer.post(`/api/maps/${place.mapId}/share-links`, {})).status).toBe(403);
    const { client: outsider } = await t.signedIn('user');
    expect((await outsider.get(`/api/maps/${place.mapId}/share-links`)).status).toBe(404);
    expect((await outsider.delete(`/api/maps/${place.mapId}/share-links/1`)).status).toBe(404);
  });
});

describe('the embed page', () => {
  it('may be framed by the configured origins only; every other page by none', async () => {
    const client = t.client();
    const embed = await client.get('/embed/1', { unchecked: true });
    expect(embed.status).toBe(200);
    const policy = String(embed.headers['content-security-policy']);
    expect(policy).toContain('frame-ancestors https://utility.example.org https://*.example.net');
    expect(embed.headers['x-frame-options']).toBeUndefined();
    const other = await client.get('/maps/1/show', { unchecked: true });
    expect(String(other.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(other.headers['x-frame-options']).toBe('DENY');
    const api = await client.get('/api/user');
    expect(String(api.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});
