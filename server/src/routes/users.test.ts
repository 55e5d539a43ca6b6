import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => t.database.reset());

interface Page {
  data: { id: number; name: string; email: string; type: string }[];
  links: Record<string, string | null>;
  meta: Record<string, number | string | null>;
}

describe('user administration', () => {
  it('lists users newest first by default, pages, searches and orders', async () => {
    const { client, user: admin } = await t.signedIn('admin');
    const ada = await t.createUser({ name: 'Ada Lovelace', email: 'ada@example.com' });
    const grace = await t.createUser({ name: 'Grace Hopper', email: 'grace@navy.example.org' });
    await t.database.db.query('UPDATE users SET created_at = now() - make_interval(hours => id)');

    const all = (await client.get('/api/users')).json<Page>();
    expect(all.meta).toMatchObject({
      total: 3,
      current_page: 1,
      per_page: 15,
      last_page: 1,
      from: 1,
      to: 3,
      path: '/api/users',
    });
    expect(all.data.map((row) => row.id)).toEqual([admin.id, ada.id, grace.id]);

    const paged = (
      await client.get('/api/users', {
        query: { per_page: 2, page: 2, order_column: 'name', order_direction: 'asc' },
      })
    ).json<Page>();
    expect(paged.data.map((row) => row.name)).toEqual([admin.name]); // Ada, Grace | Person …
    expect(paged.meta).toMatchObject({ current_page: 2, last_page: 2, from: 3, to: 3 });
    expect(paged.links.prev).toBe('/api/users?per_page=2&order_column=name&order_direction=asc&page=1');
    expect(paged.links.next).toBeNull();

    expect(
      (await client.get('/api/users', { query: { search_title: 'hop' } }))
        .json<Page>()
        .data.map((row) => row.id),
    ).toEqual([grace.id]);
    expect(
      (await client.get('/api/users', { query: { search_global: 'NAVY' } }))
        .json<Page>()
        .data.map((row) => row.id),
    ).toEqual([grace.id]);
    expect(
      (await client.get('/api/users', { query: { search_id: ada.id } }))
        .json<Page>()
        .data.map((row) => row.id),
    ).toEqual([ada.id]);
    // LIKE wildcards are text, not patterns.
    expect((await client.get('/api/users', { query: { search_global: '%' } })).json<Page>().meta.total).toBe(
      0,
    );

    const bad = await client.get('/api/users', {
      query: { per_page: 0, order_column: 'password_hash', page: 'x' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json<{ errors: object }>().errors).sort()).toEqual([
      'order_column',
      'page',
      'per_page',
    ]);
  });

  it('creates, reads, updates and deletes a user', async () => {
    const { client } = await t.signedIn('admin');
    const created = await client.post('/api/users', {
      name: 'New Editor',
      email: 'editor@example.com',
      password: 'editor password',
      password_confirmation: 'editor password',
      type: 'editor',
    });
    expect(created.status).toBe(201);
    const id = created.json<{ data: { id: number } }>().data.id;
    expect((await client.get(`/api/users/${id}`)).json()).toMatchObject({
      data: { email: 'editor@example.com', type: 'editor', locale: 'en' },
    });

    const duplicate = await client.post('/api/users', {
      name: 'Again',
      email: 'EDITOR@example.com',
      password: 'editor password',
      password_confirmation: 'editor password',
      type: 'user',
    });
    expect(duplicate.status).toBe(422);
    expect(duplicate.json()).toMatchObject({ errors: { email: ['The email has already been taken.'] } });

    const updated = await client.put(`/api/users/${id}`, { name: 'Renamed', locale: 'fr', type: 'user' });
    expect(updated.json()).toMatchObject({ data: { name: 'Renamed', locale: 'fr', type: 'user' } });
    const editorClient = t.client();
    expect((await editorClient.login('editor@example.com', 'editor password')).status).toBe(200);
    // An admin sets another user's password without knowing the old one.
    expect(
      (
        await client.put(`/api/users/${id}`, {
          password: 'admin chose this',
          password_confirmation: 'admin chose this',
        })
      ).status,
    ).toBe(200);
    expect((await editorClient.get('/api/user')).status).toBe(401);

    expect((await client.delete(`/api/users/${id}`)).status).toBe(204);
    expect((await client.get(`/api/users/${id}`)).status).toBe(404);
    expect((await client.delete(`/api/users/${id}`)).status).toBe(404);
  });

  it('does not let an admin delete or demote their own account', async () => {
    const { client, user } = await t.signedIn('admin');
    const response = await client.delete(`/api/users/${user.id}`);
    expect(response.status).toBe(422);
    const demote = await client.put(`/api/users/${user.id}`, { type: 'user' });
    expect(demote.status).toBe(422);
    expect(demote.json()).toMatchObject({ errors: { type: ['You cannot change your own type.'] } });
    expect((await client.get('/api/user')).status).toBe(200);
  });
});

describe('own profile', () => {
  it('lets a user read and update themselves, but not their type or anyone else', async () => {
    const { client, user } = await t.signedIn('user');
    const other = await t.createUser();
    expect((await client.get(`/api/users/${user.id}`)).status).toBe(200);
    expect(
      (await client.put(`/api/users/${user.id}`, { name: 'Me Myself', locale: 'es' })).json(),
    ).toMatchObject({
      data: { name: 'Me Myself', locale: 'es', type: 'user' },
    });
    expect((await client.put(`/api/users/${user.id}`, { type: 'admin' })).status).toBe(403);
    expect((await client.put(`/api/users/${user.id}`, { type: 'user' })).status).toBe(200);
    expect((await client.get(`/api/users/${other.id}`)).status).toBe(403);
    expect((await client.get('/api/users/999999')).status).toBe(403);
    expect((await client.put(`/api/users/${other.id}`, { name: 'Hijacked' })).status).toBe(403);
    expect((await client.delete(`/api/users/${user.id}`)).status).toBe(403);
    const row = await t.database.db.query<{ type: string; name: string }>(
      'SELECT type, name FROM users WHERE id = $1',
      [other.id],
    );
    expect(row[0]?.name).not.toBe('Hijacked');
  });

  it('needs the current password to change one’s own password', async () => {
    const { client, user } = await t.signedIn('editor');
    const missing = await client.put(`/api/users/${user.id}`, {
      password: 'my new password',
      password_confirmation: 'my new password',
    });
    expect(missing.status).toBe(422);
    expect(missing.json()).toMatchObject({ errors: { current_password: expect.any(Array) } });
    const wrong = await client.put(`/api/users/${user.id}`, {
      password: 'my new password',
      password_confirmation: 'my new password',
      current_password: 'not it',
    });
    expect(wrong.status).toBe(422);
    const elsewhere = t.client();
    await elsewhere.login(user.email, user.password);
    const ok = await client.put(`/api/users/${user.id}`, {
      password: 'my new password',
      password_confirmation: 'my new password',
      current_password: user.password,
    });
    expect(ok.status).toBe(200);
    // The caller stays signed in; the other session ends.
    expect((await client.get('/api/user')).status).toBe(200);
    expect((await elsewhere.get('/api/user')).status).toBe(401);
    expect((await t.client().login(user.email, 'my new password')).status).toBe(200);
  });
});

describe('own sign-in address and password', () => {
  it('needs the current password to change one’s own email', async () => {
    const { client, user } = await t.signedIn('user');
    const missing = await client.put(`/api/users/${user.id}`, { email: 'taken.over@example.com' });
    expect(missing.status).toBe(422);
    expect(missing.json()).toMatchObject({ errors: { current_password: expect.any(Array) } });
    const wrong = await client.put(`/api/users/${user.id}`, {
      email: 'taken.over@example.com',
      current_password: 'not it',
    });
    expect(wrong.status).toBe(422);
    expect((await client.get('/api/user')).json()).toMatchObject({ data: { email: user.email } });
    // The same address in other letter case is no change, and the name alone needs nothing.
    expect(
      (await client.put(`/api/users/${user.id}`, { email: user.email.toUpperCase(), name: 'Renamed' }))
        .status,
    ).toBe(200);
    const ok = await client.put(`/api/users/${user.id}`, {
      email: 'moved@example.com',
      current_password: user.password,
    });
    expect(ok.json()).toMatchObject({ data: { email: 'moved@example.com' } });
  });

  it('throttles current-password guesses per account: 429 after 5 a minute, even with the right one', async () => {
    const { client, user } = await t.signedIn('user');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1)
      statuses.push(
        (
          await client.put(`/api/users/${user.id}`, {
            email: 'x@example.com',
            current_password: `guess-${attempt}`,
          })
        ).status,
      );
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
    const blocked = await client.put(`/api/users/${user.id}`, {
      password: 'my new password',
      password_confirmation: 'my new password',
      current_password: user.password,
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('revokes a user’s personal access tokens when an admin sets their password, not when they change it themselves', async () => {
    const { client: admin } = await t.signedIn('admin');
    const { client: owner, user } = await t.signedIn('editor');
    const tokenOf = async () => {
      const made = await owner.post('/api/user/tokens', { name: 'script', abilities: ['read'] });
      expect(made.status).toBe(201);
      return { headers: { authorization: `Bearer ${made.json<{ data: { token: string } }>().data.token}` } };
    };
    const kept = await tokenOf();
    const own = await owner.put(`/api/users/${user.id}`, {
      password: 'my own new password',
      password_confirmation: 'my own new password',
      current_password: user.password,
    });
    expect(own.status).toBe(200);
    expect((await t.client().get('/api/maps', kept)).status).toBe(200);

    const later = await tokenOf();
    const set = await admin.put(`/api/users/${user.id}`, {
      password: 'set by the admin',
      password_confirmation: 'set by the admin',
    });
    expect(set.status).toBe(200);
    expect((await t.client().get('/api/maps', kept)).status).toBe(401);
    expect((await t.client().get('/api/maps', later)).status).toBe(401);
  });

  it('lets an admin change another user’s email without a password of theirs', async () => {
    const { client } = await t.signedIn('admin');
    const other = await t.createUser();
    const changed = await client.put(`/api/users/${other.id}`, { email: 'renamed@example.com' });
    expect(changed.json()).toMatchObject({ data: { email: 'renamed@example.com' } });
  });
});
