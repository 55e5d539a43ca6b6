import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../test-support/test-client.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { openPostgres } from '../db/postgres.ts';
import { insertUser } from '../users/users-store.ts';
import { hashPassword } from './passwords.ts';

/**
 * Two server instances on one PostgreSQL, each with its own session cache: a sign-out or a role
 * change made through one holds on the very next request to the other (the database's
 * LISTEN/NOTIFY tells every instance). Runs in the PostgreSQL pass (`npm run test:server:pg`).
 */
const name = `atlasboard_cache_${randomBytes(6).toString('hex')}`;
const admin = async (sql: string) => {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  await client.query(sql);
  await client.end();
};

const databases: Database[] = [];
const apps: FastifyInstance[] = [];
beforeAll(async () => {
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  const config = loadConfig({ DATA_DIR: '/nonexistent-test-data', CLIENT_DIR: '/nonexistent-test-client' });
  for (let i = 0; i < 2; i += 1) {
    const db = openPostgres(url.toString());
    if (i === 0) await migrate(db);
    databases.push(db);
    const app = await buildApp({ config, db, logger: false, mailer: { send: async () => undefined } });
    await app.ready();
    apps.push(app);
  }
});
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const db of databases) await db.close();
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

let counter = 0;
async function signedIn(type: 'admin' | 'user'): Promise<{ one: TestClient; other: TestClient; id: number }> {
  const [first, second] = apps;
  const [db] = databases;
  if (!first || !second || !db) throw new Error('not started');
  counter += 1;
  const password = `password-${counter}-long`;
  const user = await insertUser(db, {
    name: `Person ${counter}`,
    email: `person${counter}@example.com`,
    passwordHash: await hashPassword(password),
    type,
  });
  const one = new TestClient(first);
  expect((await one.login(user.email, password)).status).toBe(200);
  // The same browser, its next requests answered by the other instance.
  const other = new TestClient(second);
  for (const [cookie, value] of one.cookies) other.cookies.set(cookie, value);
  return { one, other, id: user.id };
}

describe('two instances with session caches on one PostgreSQL', () => {
  it('answers 401 on one instance right after a sign-out on the other', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { one, other } = await signedIn('user');
      expect((await other.get('/api/user')).status).toBe(200);
      expect((await other.get('/api/user')).status).toBe(200);
      expect((await one.post('/logout')).status).toBe(204);
      expect((await other.get('/api/user')).status).toBe(401);
    }
  });

  it('applies a role change made on one instance at once on the other', async () => {
    const { one: adminClient } = await signedIn('admin');
    for (let round = 0; round < 3; round += 1) {
      const { other, id } = await signedIn('user');
      expect((await other.get('/api/users')).status).toBe(403);
      expect((await adminClient.put(`/api/users/${id}`, { type: 'admin' })).status).toBe(200);
      expect((await other.get('/api/users')).status).toBe(200);
      expect((await adminClient.put(`/api/users/${id}`, { type: 'user' })).status).toBe(200);
      expect((await other.get('/api/users')).status).toBe(403);
    }
  });
});
