import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { openPostgres } from './postgres.ts';

/**
 * PostgreSQL may end a pooled connection while it sits idle (a restart, an administrator's
 * pg_terminate_backend). The server must say so and carry on with a new connection, not die
 * of an unhandled 'error' event. Runs in the PostgreSQL pass (`npm run test:server:pg`).
 */
const name = `atlasboard_idle_${randomBytes(6).toString('hex')}`;
const onServer = async (sql: string, params: unknown[] = []) => {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<{ n: number }>(sql, params)).rows;
  } finally {
    await client.end();
  }
};

let db: Database;
const reported: string[] = [];
beforeAll(async () => {
  await onServer(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  db = openPostgres(url.toString(), (error) => reported.push(error.message));
});
afterAll(async () => {
  await db.close();
  await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

describe('a pooled PostgreSQL connection ended while idle', () => {
  it('is reported, and the next query runs on a new connection', async () => {
    // Three connections busy at once, then idle in the pool.
    await Promise.all([1, 2, 3].map((n) => db.query('SELECT pg_sleep(0.05), $1::int AS n', [n])));
    // The pids first: in one WHERE the planner may call pg_terminate_backend before the filter.
    const ended = await onServer(
      `WITH idle AS MATERIALIZED (SELECT pid FROM pg_stat_activity WHERE datname = $1)
       SELECT count(*)::int AS n FROM idle WHERE pg_terminate_backend(pid)`,
      [name],
    );
    expect(ended[0]?.n).toBe(3);
    await expect.poll(() => reported.length, { timeout: 10_000 }).toBe(3);
    expect(reported[0]).toMatch(/terminat/i);
    expect(await db.query<{ n: number }>('SELECT 41 + 1 AS n')).toEqual([{ n: 42 }]);
  });
});
