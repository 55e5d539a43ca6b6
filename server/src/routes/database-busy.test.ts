import { tmpdir } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLayerIds, startOnEmptyDatabase } from '../../test-support/demo-town.ts';
import { TestClient } from '../../test-support/test-client.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { openPGliteThread } from '../db/pglite-thread.ts';
import { readTemplate, writeTemplate } from '../db/pglite-template.ts';

// A short wait limit, so a held connection turns into an answer within the test; long enough
// that a save waiting for the other one's turn is not turned away on a machine busy with other
// work (at 400 ms, one was, while the end-to-end suite ran beside this one).
const WAIT_MS = 3_000;
let db: Database;
let app: FastifyInstance;
beforeAll(async () => {
  const dump = readTemplate(tmpdir()) ?? (await writeTemplate(tmpdir()));
  // The product's embedded database: PGlite on its worker thread, behind the same gate.
  db = await openPGliteThread({ loadDataDir: dump, waitMs: WAIT_MS });
  // As `npm start` on a fresh data directory: the demo town seeded, then requests.
  await startOnEmptyDatabase(db, {});
  app = await buildApp({
    config: loadConfig({ DATA_DIR: '/nonexistent-test-data', CLIENT_DIR: '/nonexistent-test-client' }),
    db,
    logger: false,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await db.close();
});

async function admin(): Promise<TestClient> {
  const client = new TestClient(app);
  expect((await client.login('admin@example.com', 'a long admin password')).status).toBe(200);
  return client;
}

describe('a database that stays busy', () => {
  it('answers both of two parallel saves of a new feature on a freshly seeded server', async () => {
    const client = await admin();
    const [map] = await db.query<{ id: number }>('SELECT id FROM maps ORDER BY id LIMIT 1');
    const { valves } = await demoLayerIds(db);
    const created = await client.post(`/api/maps/${map?.id}/layers/${valves}/features`, {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-9.14, 38.72] },
      properties: { valve_id: 'V-NEW', type: 'gate', diameter_mm: 100, is_open: true },
    });
    expect(created.status).toBe(201);
    const id = created.json<{ data: { id: number } }>().data.id;
    const save = (properties: Record<string, unknown>) =>
      client.post(`/api/maps/${map?.id}/updateFeatures`, {
        features: [{ type: 'Feature', id, layer_id: valves, properties }],
      });
    const answers = await Promise.all([save({ diameter_mm: 150 }), save({ is_open: false })]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await client.get('/api/user')).status).toBe(200);
  });

  it('answers 503 with Retry-After while the connection is held, and serves again once it is free', async () => {
    const client = await admin();
    let free: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (free = resolve));
    let holding: () => void = () => undefined;
    const taken = new Promise<void>((resolve) => (holding = resolve));
    // A transaction that keeps the one connection, as a stuck commit would.
    const holder = db.transaction(async (tx) => {
      await tx.query('SELECT 1');
      holding();
      await held;
    });
    await taken;
    const turnedAway = await client.get('/api/user', { unchecked: true });
    expect(turnedAway.status).toBe(503);
    expect(Number(turnedAway.headers['retry-after'])).toBeGreaterThan(0);
    expect(turnedAway.json()).toEqual({ message: expect.stringMatching(/busy/) });
    free();
    await holder;
    expect((await client.get('/api/user')).status).toBe(200);
  });
});
