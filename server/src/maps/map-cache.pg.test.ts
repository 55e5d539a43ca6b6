import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../test-support/test-client.ts';
import { buildApp } from '../app.ts';
import { hashPassword } from '../auth/passwords.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { openPostgres } from '../db/postgres.ts';
import { insertUser } from '../users/users-store.ts';

/**
 * Two server instances on one PostgreSQL, each keeping maps with their layers in memory: a map,
 * layer or feature changed through one is seen on the very next request to the other, because
 * the change is answered only once every instance has heard of it. Runs in the PostgreSQL pass.
 */
const name = `atlasboard_maps_${randomBytes(6).toString('hex')}`;
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

interface Items {
  numberMatched: number;
}

/** An admin signed in on the first instance, and the same browser answered by the second. */
async function adminOnBoth(): Promise<{ one: TestClient; other: TestClient }> {
  const [first, second] = apps;
  const [db] = databases;
  if (!first || !second || !db) throw new Error('not started');
  const password = 'password-maps-long';
  const user = await insertUser(db, {
    name: 'Admin',
    email: `admin-${randomBytes(4).toString('hex')}@example.com`,
    passwordHash: await hashPassword(password),
    type: 'admin',
  });
  const one = new TestClient(first);
  expect((await one.login(user.email, password)).status).toBe(200);
  const other = new TestClient(second);
  for (const [cookie, value] of one.cookies) other.cookies.set(cookie, value);
  return { one, other };
}

describe('two instances keeping maps on one PostgreSQL', () => {
  it('see a change made through the other on their next request', async () => {
    const { one, other } = await adminOnBoth();
    const map = (await one.post('/api/maps', { title: 'Shared' })).json<{ data: { id: number } }>().data;
    for (let round = 0; round < 5; round += 1) {
      const made = await one.post(`/api/maps/${map.id}/layers`, {
        name: `Hydrants ${round}`,
        type: 'vector',
        geometry_type: 'Point',
      });
      expect(made.status).toBe(201);
      const layer = made.json<{ data: { id: number } }>().data;
      const items = () => other.get(`/ogc/maps/${map.id}/collections/${layer.id}/items`);
      // Read on the other instance, so it keeps the map with this layer.
      expect((await items()).json<Items>().numberMatched).toBe(0);
      expect((await items()).json<Items>().numberMatched).toBe(0);

      const feature = {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [-9, 38.7] },
        properties: {},
      };
      expect((await one.post(`/api/maps/${map.id}/layers/${layer.id}/features`, feature)).status).toBe(201);
      expect((await items()).json<Items>().numberMatched).toBe(1);

      expect((await one.delete(`/api/maps/${map.id}/layers/${layer.id}`)).status).toBe(204);
      expect((await items()).status).toBe(404);
    }
    expect((await other.get(`/api/maps/${map.id}`)).status).toBe(200);
    expect((await one.delete(`/api/maps/${map.id}`)).status).toBe(204);
    expect((await other.get(`/ogc/maps/${map.id}/collections`)).status).toBe(404);
  });
});
