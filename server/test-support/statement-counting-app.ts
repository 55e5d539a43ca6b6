import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/database.ts';
import { startTestApp, type TestApp } from './test-app.ts';
import { TestClient } from './test-client.ts';

export interface StatementCountingApp {
  /** The test app (its database is emptied before each test). */
  t: () => TestApp;
  /** A second app on the same database that records each statement it is sent. */
  counted: () => FastifyInstance;
  /** The statements `counted` sent, in order; a test empties it before what it measures. */
  statements: string[];
  /** A client of `counted`, signed in as a new plain user. */
  signedIn: () => Promise<TestClient>;
}

/**
 * What a request costs is the statements it sends. Registers the file's hooks: a test app, and
 * beside it an app whose database records every statement, so a test can count them.
 */
export function useStatementCountingApp(): StatementCountingApp {
  let t: TestApp | undefined;
  let counted: FastifyInstance | undefined;
  const statements: string[] = [];
  beforeAll(async () => {
    t = await startTestApp();
    const db = t.database.db;
    const recording: Database = {
      query: (sql, params) => {
        statements.push(sql);
        return db.query(sql, params);
      },
      transaction: (work) => db.transaction(work),
      ...(db.listen ? { listen: db.listen.bind(db) } : {}),
      // Another instance's notices arrive late on PostgreSQL: the recording app must know it too.
      ...(db.barrier ? { barrier: db.barrier.bind(db) } : {}),
      close: async () => undefined,
    };
    counted = await buildApp({ config: t.config, db: recording, logger: false });
    await counted.ready();
  });
  afterAll(async () => {
    await counted?.close();
    await t?.close();
  });
  beforeEach(async () => t?.database.reset());
  const required = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the test app did not start (see beforeAll)');
    return value;
  };
  const signedIn = async () => {
    const user = await required(t).createUser();
    const client = new TestClient(required(counted));
    await client.login(user.email, user.password);
    return client;
  };
  return { t: () => required(t), counted: () => required(counted), statements, signedIn };
}
