import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { openPostgres } from '../db/postgres.ts';
import { insertUser } from '../users/users-store.ts';
import { createAccessToken } from './access-tokens.ts';
import { hashPassword } from './passwords.ts';

/**
 * Two app instances, each with its own connection pool, on one PostgreSQL database: a token
 * whose row is deleted (what revoking does) or whose expiry passes is refused by every instance
 * on its very next request, because
 * nothing about tokens is cached in a process. Runs in the PostgreSQL pass.
 */
const name = `atlasboard_tokens_${randomBytes(6).toString('hex')}`;
async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const pools: Database[] = [];
const apps: FastifyInstance[] = [];
beforeAll(async () => {
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  const config = loadConfig({ DATA_DIR: '/nonexistent-test-data', CLIENT_DIR: '/nonexistent-test-client' });
  for (let instance = 0; instance < 2; instance += 1) {
    const db = openPostgres(url.toString(), () => undefined);
    pools.push(db);
    if (instance === 0) await migrate(db);
    const app = await buildApp({ config, db, logger: false, mailer: { send: async () => undefined } });
    await app.ready();
    apps.push(app);
  }
});
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const db of pools) await db.close();
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

const ask = (app: FastifyInstance | undefined, token: string) =>
  app?.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } });

describe('personal access tokens on two instances', () => {
  it('a token revoked or expired on one instance is 401 on the other at once', async () => {
    const [first, second] = apps;
    const db = pools[0] as Database;
    const user = await insertUser(db, {
      name: 'Two Instances',
      email: 'two.instances@example.com',
      passwordHash: await hashPassword('a long password'),
      type: 'user',
    });
    const revoked = await createAccessToken(db, user.id, { name: 'a', abilities: ['read'], expiresAt: null });
    const expiring = await createAccessToken(db, user.id, {
      name: 'b',
      abilities: ['read'],
      expiresAt: null,
    });
    // Both instances have served both tokens (anything they might keep, they now hold).
    for (const app of apps) {
      expect((await ask(app, revoked.token))?.statusCode).toBe(200);
      expect((await ask(app, expiring.token))?.statusCode).toBe(200);
    }
    await pools[0]?.query('DELETE FROM personal_access_tokens WHERE id = $1', [revoked.id]);
    await pools[0]?.query(
      "UPDATE personal_access_tokens SET expires_at = now() - interval '1 second' WHERE id = $1",
      [expiring.id],
    );
    expect((await ask(second, revoked.token))?.statusCode).toBe(401);
    expect((await ask(second, expiring.token))?.statusCode).toBe(401);
    expect((await ask(first, revoked.token))?.statusCode).toBe(401);
  });
});
