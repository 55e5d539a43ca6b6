import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '@generated/openapi-types.ts';
import { insertMap } from '../../test-support/map-fixtures.ts';
import { multipart } from '../../test-support/multipart.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import type { TestClient } from '../../test-support/test-client.ts';
import { claimJob, reportProgress, type JobRow } from '../jobs/job-queue.ts';
import { createJobWorker, JobLeaseLost, type JobContext } from '../jobs/job-worker.ts';
import { IMPORT_JOB, importRunner } from './import-job.ts';

type ImportJob = components['schemas']['LayerImportJob'];

// Finishing a big import froze every request while one statement wrote its rows.
let testApp: TestApp;
let admin: TestClient;
let other: TestClient;
let mapId: number;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'atlasboard-hidden-layer-'));
  testApp = await startTestApp({ DATA_DIR: dataDir });
  admin = (await testApp.signedIn('admin')).client;
  other = (await testApp.signedIn('user')).client;
});

beforeEach(async () => {
  mapId = (await insertMap(testApp.database.db)).id;
});

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

function pointsCsv(count: number): Buffer {
  const rows = ['code,lon,lat'];
  for (let i = 0; i < count; i += 1)
    rows.push(
      `P-${i},${(-9.2 + (i % 200) * 0.0005).toFixed(4)},${(38.7 + Math.floor(i / 200) * 0.0005).toFixed(4)}`,
    );
  return Buffer.from(rows.join('\n'));
}

async function startImport(count: number): Promise<string> {
  const response = await admin.request(
    'POST',
    `/api/maps/${mapId}/layer-imports`,
    multipart({ name: 'Points' }, 'points.csv', pointsCsv(count)),
  );
  expect(response.status).toBe(202);
  return response.json<{ data: ImportJob }>().data.id;
}

/** Features stored for the map's layers, hidden ones included: above 0 once the first batch is written. */
async function storedFeatures(): Promise<number> {
  const [row] = await testApp.database.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM features f JOIN layers l ON l.id = f.layer_id WHERE l.map_id = $1',
    [mapId],
  );
  return row?.n ?? 0;
}

const layersInDatabase = () =>
  testApp.database.db.query<{ id: number; features_count: number }>(
    'SELECT id, features_count FROM layers WHERE map_id = $1',
    [mapId],
  );

/** What callers see of the map: its layer list and its layer count. */
async function visibleLayers(): Promise<{ listed: number; counted: number }> {
  const list = await admin.get(`/api/maps/${mapId}/layers`);
  const map = await admin.get(`/api/maps/${mapId}`);
  return {
    listed: list.json<{ data: unknown[] }>().data.length,
    counted: map.json<{ data: { layers_count: number } }>().data.layers_count,
  };
}

const poll = async (id: string) => (await admin.get(`/api/imports/${id}`)).json<{ data: ImportJob }>().data;

/** The import runner, with `onReport` called after each of its progress reports. */
function spiedWorker(onReport: (context: JobContext) => Promise<void>) {
  const { db } = testApp.database;
  const run = importRunner({ db });
  return createJobWorker({
    db,
    runners: {
      [IMPORT_JOB]: (context) =>
        run({
          ...context,
          progress: async (fraction) => {
            await context.progress(fraction);
            await onReport(context);
          },
        }),
    },
  });
}

describe('an import writing its rows into a hidden layer', () => {
  it('lets other requests through between its batches and shows the layer only when it is complete', async () => {
    const count = 16_000;
    const id = await startImport(count);
    let answers = 0;
    let finished = false;
    // Another user keeps using the app while the import runs (a request every few milliseconds).
    const traffic = (async () => {
      for (let i = 0; i < 20_000 && !finished; i += 1) {
        expect((await other.get('/api/user')).status).toBe(200);
        answers += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const moving: { stored: number; answers: number; listed: number; counted: number }[] = [];
    const worker = spiedWorker(async () => {
      const stored = await storedFeatures();
      if (stored > 0) moving.push({ stored, answers, ...(await visibleLayers()) });
    });
    try {
      expect(await worker.runOnce()).toBe(true);
    } finally {
      finished = true;
      await traffic;
    }

    // The import went in steps the job reported, each adding features, none finishing the job.
    expect(moving.length).toBeGreaterThanOrEqual(5);
    const stored = moving.map((report) => report.stored);
    expect(stored).toEqual([...new Set(stored)].sort((a, b) => a - b));
    expect(stored.at(-1)).toBe(count);
    // Requests were answered while the rows were written, not only after.
    expect((moving.at(-1)?.answers ?? 0) - (moving[0]?.answers ?? 0)).toBeGreaterThanOrEqual(3);
    // Until the job was done, nobody saw a half-filled layer.
    expect(moving.every((report) => report.listed === 0 && report.counted === 0)).toBe(true);

    const [layer] = await layersInDatabase();
    expect(await poll(id)).toMatchObject({ status: 'ready', layer_id: layer?.id, features_imported: count });
    expect(layer?.features_count).toBe(count);
    expect(await visibleLayers()).toEqual({ listed: 1, counted: 1 });
  }, 120_000);

  it('an attempt that dies mid-import leaves a hidden layer, which the next attempt replaces by a complete one', async () => {
    const { db } = testApp.database;
    const count = 6_000;
    const id = await startImport(count);
    const dying = await claimJob(db, 'dying-worker', 60_000);
    expect(dying?.id).toBe(id);
    const run = importRunner({ db });
    let diedAt = 0;
    await expect(
      run({
        job: dying as JobRow,
        workerId: 'dying-worker',
        progress: async (fraction) => {
          await reportProgress(db, id, 'dying-worker', fraction, 60_000);
          diedAt = await storedFeatures();
          // The process is killed after its first batch: its lease runs out and it does no more.
          if (diedAt > 0) {
            await db.query(`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE id = $1`, [id]);
            throw new JobLeaseLost();
          }
        },
      }),
    ).rejects.toBeInstanceOf(JobLeaseLost);
    expect(diedAt).toBeGreaterThan(0);
    expect(diedAt).toBeLessThan(count);
    expect(await layersInDatabase()).toHaveLength(1);
    expect(await visibleLayers()).toEqual({ listed: 0, counted: 0 });

    const survivor = await claimJob(db, 'survivor', 60_000);
    expect(survivor).toMatchObject({ id, attempts: 2 });
    await run({
      job: survivor as JobRow,
      workerId: 'survivor',
      progress: async (fraction) => void (await reportProgress(db, id, 'survivor', fraction, 60_000)),
    });
    const layers = await layersInDatabase();
    expect(layers).toHaveLength(1);
    expect(layers[0]?.features_count).toBe(count);
    expect(await storedFeatures()).toBe(count);
    expect(await poll(id)).toMatchObject({
      status: 'ready',
      layer_id: layers[0]?.id,
      features_imported: count,
    });
    expect(await visibleLayers()).toEqual({ listed: 1, counted: 1 });
  });

  it('a batch that fails leaves no layer behind, and the retry makes the complete layer', async () => {
    const count = 6_000;
    const id = await startImport(count);
    let failedAt = 0;
    const failing = spiedWorker(async () => {
      const stored = await storedFeatures();
      if (stored > 0 && failedAt === 0) {
        failedAt = stored;
        throw new Error('the disk is full');
      }
    });
    expect(await failing.runOnce()).toBe(true);
    expect(failedAt).toBeGreaterThan(0);
    expect(await poll(id)).toMatchObject({ status: 'pending', layer_id: null });
    expect(await layersInDatabase()).toEqual([]);
    expect(await storedFeatures()).toBe(0);

    const retry = spiedWorker(async () => {});
    expect(await retry.runOnce()).toBe(true);
    const layers = await layersInDatabase();
    expect(layers).toHaveLength(1);
    expect(layers[0]?.features_count).toBe(count);
    expect(await poll(id)).toMatchObject({ status: 'ready', features_imported: count });
  });

  it("keeps the layer's count, extent and version as each batch's insert would, and every foreign key checked afterwards", async () => {
    const { db } = testApp.database;
    const count = 6_000;
    const id = await startImport(count);
    const versions: number[] = [];
    const worker = spiedWorker(async () => {
      const [hidden] = await db.query<{ version: string }>('SELECT version FROM layers WHERE map_id = $1', [
        mapId,
      ]);
      if (hidden !== undefined) versions.push(Number(hidden.version));
    });
    expect(await worker.runOnce()).toBe(true);
    expect(await poll(id)).toMatchObject({ status: 'ready', features_imported: count });

    const list = await admin.get(`/api/maps/${mapId}/layers`);
    const [layer] = list.json<{ data: { features_count: number; extent: number[] }[] }>().data;
    expect(layer?.features_count).toBe(count);
    // The points of pointsCsv: 200 a row, 30 rows of 6,000.
    const [west, south, east, north] = layer?.extent ?? [];
    expect(west).toBeCloseTo(-9.2, 6);
    expect(south).toBeCloseTo(38.7, 6);
    expect(east).toBeCloseTo(-9.1005, 6);
    expect(north).toBeCloseTo(38.7145, 6);
    // The hidden layer is there from the first report; each of the six batches of 1,000 rows
    // moved its version (tiles and caches key on it).
    const first = versions[0] ?? 0;
    expect(versions).toEqual(Array.from({ length: 7 }, (_, batches) => first + batches));

    // The import left no foreign key unchecked for whoever writes next on the same connection.
    await expect(
      db.query(
        `INSERT INTO features (layer_id, geom, properties) VALUES (-1, ST_SetSRID(ST_MakePoint(0, 0), 4326), '{}')`,
      ),
    ).rejects.toThrow(/foreign key/);
  });

  it('answers a reader who asks while lines at the vertex limit are imported before the import ends', async () => {
    // Four lines just under the vertex limit: the biggest import the server accepts, per feature.
    const vertices = 99_999;
    const features = Array.from({ length: 4 }, (_, n) => ({
      type: 'Feature',
      properties: { name: `Track ${n + 1}` },
      geometry: {
        type: 'LineString',
        coordinates: Array.from({ length: vertices }, (_, i) => [
          -9.2 + i / 1e6 + n / 100,
          38.7 + (i % 7) / 1e5,
        ]),
      },
    }));
    const response = await admin.request(
      'POST',
      `/api/maps/${mapId}/layer-imports`,
      multipart(
        { name: 'Tracks' },
        'tracks.geojson',
        Buffer.from(JSON.stringify({ type: 'FeatureCollection', features })),
      ),
    );
    expect(response.status).toBe(202);
    const id = response.json<{ data: ImportJob }>().data.id;
    // What ended, in order: the reader's answer and each of the import's reports, then the import.
    const ended: string[] = [];
    let reader: Promise<void> | undefined;
    const worker = spiedWorker(async () => {
      ended.push('import report');
      // Once the first line is written, another user opens their maps (not awaited: the import goes on).
      if (reader === undefined && (await storedFeatures()) > 0)
        reader = other.get('/api/maps').then((answer) => {
          expect(answer.status).toBe(200);
          ended.push('reader');
        });
    });
    expect(await worker.runOnce()).toBe(true);
    ended.push('import done');
    await reader;

    expect(ended).toContain('reader');
    // The reader was answered while the import still had lines to write, not once it was over.
    const answeredAt = ended.indexOf('reader');
    expect(
      ended.slice(answeredAt + 1).filter((event) => event === 'import report').length,
    ).toBeGreaterThanOrEqual(2);
    const [layer] = await layersInDatabase();
    expect(await poll(id)).toMatchObject({ status: 'ready', layer_id: layer?.id, features_imported: 4 });
  }, 180_000);
});
