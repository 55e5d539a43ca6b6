import { describe, expect, it } from 'vitest';
import { useStatementCountingApp } from '../../test-support/statement-counting-app.ts';
import { TestClient } from '../../test-support/test-client.ts';
import { AUTH_CHANNEL } from './session-cache.ts';

/**
 * Sessions, users and their abilities are kept in the server's memory (session-cache.ts), so a
 * signed-in request does not ask the database who is calling. Every way a session or a user
 * changes must still hold on the very next request. Runs on PGlite here and on PostgreSQL in
 * the PostgreSQL pass.
 */
const { t, counted, statements } = useStatementCountingApp();

const sessionQueries = () => statements.filter((sql) => /\bsessions\b/.test(sql)).length;

describe('the session cache', () => {
  it('signs a request in without a query once the session has been seen', async () => {
    const user = await t().createUser();
    const client = new TestClient(counted());
    expect((await client.login(user.email, user.password)).status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(200);
    const before = sessionQueries();
    for (let i = 0; i < 5; i += 1) expect((await client.get('/api/user')).status).toBe(200);
    expect(sessionQueries()).toBe(before);
  });

  it('ends a session at sign-out, for that cookie used anywhere', async () => {
    const user = await t().createUser();
    const client = t().client();
    await client.login(user.email, user.password);
    const copy = t().client();
    for (const [name, value] of client.cookies) copy.cookies.set(name, value);
    expect((await copy.get('/api/user')).status).toBe(200);
    expect((await client.post('/logout')).status).toBe(204);
    expect((await copy.get('/api/user')).status).toBe(401);
  });

  it('applies a role change, a new password and a deleted account on the next request', async () => {
    const { client: admin } = await t().signedIn('admin');
    const { client, user } = await t().signedIn('user');
    const other = t().client();
    await other.login(user.email, user.password);
    expect((await client.get('/api/users')).status).toBe(403);
    expect((await admin.put(`/api/users/${user.id}`, { type: 'admin' })).status).toBe(200);
    expect((await client.get('/api/users')).status).toBe(200);
    expect((await client.get('/api/user')).json()).toMatchObject({ data: { type: 'admin' } });
    expect((await admin.put(`/api/users/${user.id}`, { type: 'user' })).status).toBe(200);
    expect((await client.get('/api/users')).status).toBe(403);

    expect((await other.get('/api/user')).status).toBe(200);
    const password = { password: 'a new password 123', password_confirmation: 'a new password 123' };
    expect((await admin.put(`/api/users/${user.id}`, password)).status).toBe(200);
    expect((await other.get('/api/user')).status).toBe(401);

    expect((await client.get('/api/user')).status).toBe(401);
    const again = t().client();
    await again.login(user.email, password.password);
    expect((await again.get('/api/user')).status).toBe(200);
    expect((await admin.delete(`/api/users/${user.id}`)).status).toBe(204);
    expect((await again.get('/api/user')).status).toBe(401);
  });

  it('notices changes made outside the app, straight in the database', async () => {
    // On PostgreSQL such a change holds once the notice reached the server (the barrier);
    // the embedded database hands it over with the statement itself.
    const db = t().database.db;
    const sql = async (text: string, params: unknown[] = []) => {
      await db.query(text, params);
      await db.barrier?.(AUTH_CHANNEL);
    };
    const { client, user } = await t().signedIn('editor');
    expect((await client.get('/api/user')).json()).toMatchObject({ data: { name: user.name } });
    await sql(`UPDATE users SET name = 'Renamed in SQL' WHERE id = $1`, [user.id]);
    expect((await client.get('/api/user')).json()).toMatchObject({ data: { name: 'Renamed in SQL' } });
    await sql(`UPDATE sessions SET expires_at = now() - interval '1 second'`);
    expect((await client.get('/api/user')).status).toBe(401);

    const { client: second } = await t().signedIn('user');
    expect((await second.get('/api/user')).status).toBe(200);
    await sql('TRUNCATE sessions');
    expect((await second.get('/api/user')).status).toBe(401);
  });
});
