import { createServer, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { TestClient } from '../../test-support/test-client.ts';
import { buildApp } from '../app.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { openPostgres } from '../db/postgres.ts';

/**
 * PostgreSQL stopped, restarting or cut off: the app on a pool that cannot reach it answers
 * 503 with Retry-After (try again), not 500 (a fault of the server). Each case is a port that
 * behaves as such a PostgreSQL does; nothing here needs a running one.
 */
const servers: Server[] = [];
const opened: { app: FastifyInstance; db: Database }[] = [];
afterEach(async () => {
  for (const { app, db } of opened.splice(0)) {
    await app.close();
    await db.close();
  }
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

async function listen(onSocket: (socket: Socket) => void): Promise<number> {
  const server = createServer(onSocket);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

/** A port nothing listens on: PostgreSQL stopped. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** PostgreSQL's answer to a connection while it starts or stops: FATAL with the given SQLSTATE. */
function fatal(code: string, message: string): Buffer {
  const fields = Buffer.concat([
    ...[`SFATAL`, `VFATAL`, `C${code}`, `M${message}`].map((field) => Buffer.from(`${field}\0`)),
    Buffer.from([0]),
  ]);
  const head = Buffer.alloc(5);
  head.write('E', 0);
  head.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([head, fields]);
}

async function appOn(port: number): Promise<TestClient> {
  const db = openPostgres(`postgres://atlasboard@127.0.0.1:${port}/atlasboard`, () => undefined, {
    waitMs: 2_000,
  });
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: '/nonexistent-test-data', CLIENT_DIR: '/nonexistent-test-client' }),
    db,
    logger: false,
  });
  await app.ready();
  opened.push({ app, db });
  const client = new TestClient(app);
  client.cookies.set(SESSION_COOKIE, 'a-session-the-database-would-know');
  return client;
}

async function expectTryAgain(client: TestClient): Promise<void> {
  for (const url of ['/api/user', '/api/maps']) {
    const response = await client.get(url, { unchecked: true });
    expect(response.status, url).toBe(503);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.json<{ message: string }>().message).toMatch(/database.*try again/i);
  }
}

describe('a PostgreSQL that cannot be reached', () => {
  it('is 503 with Retry-After when nothing listens on its port (stopped)', async () => {
    await expectTryAgain(await appOn(await closedPort()));
  });

  it('is 503 while it starts up or shuts down (it refuses connections with 57P03)', async () => {
    const port = await listen((socket) => {
      socket.once('data', () => socket.end(fatal('57P03', 'the database system is starting up')));
    });
    await expectTryAgain(await appOn(port));
  });

  it('is 503 when it ends connections at once (terminated by a shutdown)', async () => {
    const port = await listen((socket) => {
      socket.once('data', () =>
        socket.end(fatal('57P01', 'terminating connection due to administrator command')),
      );
    });
    await expectTryAgain(await appOn(port));
  });

  it('is 503 when the connection drops without a word', async () => {
    const port = await listen((socket) => socket.once('data', () => socket.destroy()));
    await expectTryAgain(await appOn(port));
  });
});
