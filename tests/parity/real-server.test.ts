import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { registerDemoContent } from '../../server/src/demo/register.ts';
import { EXPORT_JOB, exportRunner } from '../../server/src/exports/export-job.ts';
import { createJobWorker } from '../../server/src/jobs/job-worker.ts';
import { seed } from '../../server/src/seed.ts';
import { openTestDatabase, type TestDatabase } from '../../server/test-support/test-database.ts';
import { memoryCookieJar, parityClient } from './parity-client';
import { describeParity } from './parity-scenarios';

/** Driver (b): the real server on loopback, started and seeded the way `npm start` does it. */
const ADMIN = { email: 'admin@example.com', password: 'parity admin password' };

let database: TestDatabase;
let app: FastifyInstance;
let worker: ReturnType<typeof createJobWorker>;
let baseUrl: string;
const dataDir = mkdtempSync(path.join(tmpdir(), 'parity-server-'));

beforeAll(async () => {
  database = await openTestDatabase();
  const config = loadConfig({
    DATA_DIR: dataDir,
    CLIENT_DIR: path.join(dataDir, 'no-client'),
    PORT: '0',
    LOG_LEVEL: 'warn',
  });
  registerDemoContent();
  await seed(database.db, { adminEmail: ADMIN.email, adminPassword: ADMIN.password, demoSeed: true });
  app = await buildApp({ config, db: database.db, logger: false, mailer: { send: async () => undefined } });
  // Large exports finish as jobs: the worker `npm start` runs picks them up.
  worker = createJobWorker({
    db: database.db,
    runners: {
      [EXPORT_JOB]: exportRunner({
        db: database.db,
        dataDir,
        mailer: { send: async () => undefined },
        log: app.log,
      }),
    },
    pollMs: 20,
  });
  worker.start();
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}, 180_000);

afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describeParity('real server', () => ({
  admin: ADMIN,
  client: () => parityClient(baseUrl, memoryCookieJar()),
}));
