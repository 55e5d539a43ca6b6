import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import type { TestClient } from '../../test-support/test-client.ts';
import type { components } from '@generated/openapi-types.ts';
import { claimJob, reportProgress, type JobRow } from '../jobs/job-queue.ts';
import { createJobWorker, JobLeaseLost } from '../jobs/job-worker.ts';
import { IMPORT_JOB, importRunner, importsDir } from './import-job.ts';

type ImportJob = components['schemas']['LayerImportJob'];

let testApp: TestApp;
let admin: TestClient;
let mapId: number;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'atlasboard-import-jobs-'));
  testApp = await startTestApp({ DATA_DIR: dataDir });
  admin = (await testApp.signedIn('admin')).client;
});

beforeEach(async () => {
  mapId = (await insertMap(testApp.database.db)).id;
});

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

function multipart(fields: Record<string, string>, fileName: string, bytes: Buffer) {
  const boundary = `----atlasboard${Date.now()}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const body = Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { rawBody: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Meters on a grid: 2,500 rows (three write batches) and one row without coordinates. */
function metersCsv(): Buffer {
  const rows = ['code,lon,lat,reading'];
  for (let i = 0; i < 2500; i += 1)
    rows.push(
      `M-${i},${(-9.2 + (i % 50) * 0.001).toFixed(4)},${(38.7 + Math.floor(i / 50) * 0.001).toFixed(4)},${i}`,
    );
  rows.push('M-lost,,,7');
  return Buffer.from(rows.join('\n'));
}

async function start(fileName: string, bytes: Buffer, fields: Record<string, string> = {}) {
  return admin.request('POST', `/api/maps/${mapId}/layer-imports`, multipart(fields, fileName, bytes));
}

const poll = async (id: string) => (await admin.get(`/api/imports/${id}`)).json<{ data: ImportJob }>().data;

const layersOfMap = () =>
  testApp.database.db.query<{ id: number; name: string; features_count: number }>(
    'SELECT id, name, features_count FROM layers WHERE map_id = $1',
    [mapId],
  );

function worker() {
  const { db } = testApp.database;
  return createJobWorker({ db, runners: { [IMPORT_JOB]: importRunner({ db }) } });
}

describe('layer imports as jobs', () => {
  it('answers 202 at once, then a worker makes the layer while the import reports progress', async () => {
    const response = await start('meters.csv', metersCsv(), { name: 'Meters' });
    expect(response.status).toBe(202);
    const { data } = response.json<{ data: ImportJob }>();
    expect(data).toMatchObject({ status: 'pending', progress: 0, file_name: 'meters.csv', layer_id: null });
    expect(await layersOfMap()).toEqual([]);

    // What a polling client sees while the worker runs: status and progress after each report.
    const seen: ImportJob[] = [];
    const { db } = testApp.database;
    const run = importRunner({ db });
    const spy = createJobWorker({
      db,
      runners: {
        [IMPORT_JOB]: (context) =>
          run({
            ...context,
            progress: async (fraction) => {
              await context.progress(fraction);
              seen.push(await poll(data.id));
            },
          }),
      },
    });
    expect(await spy.runOnce()).toBe(true);
    const progress = seen.map((job) => job.progress);
    expect(seen.every((job) => job.status === 'running')).toBe(true);
    expect(progress.length).toBeGreaterThanOrEqual(3);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.every((value) => value > 0 && value < 1)).toBe(true);

    const done = await poll(data.id);
    const [layer] = await layersOfMap();
    expect(done).toMatchObject({
      status: 'ready',
      progress: 1,
      layer_id: layer?.id,
      features_imported: 2500,
      features_skipped: 1,
      warnings: ['Feature 2501 has no usable geometry.'],
      error: null,
    });
    expect(layer).toMatchObject({ name: 'Meters', features_count: 2500 });
    const layerResponse = await admin.get(`/api/maps/${mapId}/layers/${layer?.id}`);
    expect(layerResponse.json<{ data: { geometry_type: string } }>().data.geometry_type).toBe('Point');
    // The stored upload is gone once the layer exists, and no hidden layer is left.
    expect(await readdir(importsDir(dataDir))).toEqual([]);
    expect(await db.query('SELECT 1 FROM layers WHERE import_job_id IS NOT NULL')).toEqual([]);
  });

  it('a file that cannot be read fails the job at once with the reason, and creates nothing', async () => {
    const response = await start(
      'broken.geojson',
      Buffer.from('{"type":"FeatureCollection","features":[{"type":'),
    );
    expect(response.status).toBe(202);
    const { id } = response.json<{ data: ImportJob }>().data;
    const jobs = worker();
    expect(await jobs.runOnce()).toBe(true);
    // Not queued again for a second attempt: the file will not read better.
    expect(await jobs.runOnce()).toBe(false);
    const failed = await poll(id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/^The file could not be read as geojson/);
    expect(failed.layer_id).toBeNull();
    expect(await layersOfMap()).toEqual([]);
    expect(await readdir(importsDir(dataDir))).toEqual([]);
  });

  it('a job whose worker died is claimed again and makes exactly one layer; the late worker makes none', async () => {
    const { db } = testApp.database;
    const response = await start('meters.csv', metersCsv());
    const { id } = response.json<{ data: ImportJob }>().data;
    // A worker claims the job with a lease that runs out at once, as if its process were killed.
    const dead = await claimJob(db, 'dead-worker', 1);
    expect(dead?.id).toBe(id);
    await db.query(`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE id = $1`, [id]);
    // Another instance takes it over once the lease has run out.
    const takeover = await claimJob(db, 'survivor', 60_000);
    expect(takeover).toMatchObject({ id, attempts: 2 });
    const run = importRunner({ db });
    // The dead worker wakes up and runs to its end: its commit finds the job is no longer its own.
    await expect(
      run({ job: dead as JobRow, workerId: 'dead-worker', progress: async () => {} }),
    ).rejects.toBeInstanceOf(JobLeaseLost);
    expect(await layersOfMap()).toEqual([]);
    // The survivor starts over (the dead worker's hidden layer is dropped) and finishes.
    await run({
      job: takeover as JobRow,
      workerId: 'survivor',
      progress: async (fraction) => void (await reportProgress(db, id, 'survivor', fraction, 60_000)),
    });
    const layers = await layersOfMap();
    expect(layers).toHaveLength(1);
    expect(layers[0]?.features_count).toBe(2500);
    expect(await poll(id)).toMatchObject({
      status: 'ready',
      layer_id: layers[0]?.id,
      features_imported: 2500,
    });
  });

  it('fields are checked before anything is queued', async () => {
    const response = await start('meters.txt', metersCsv());
    expect(response.status).toBe(422);
    expect(response.json<{ errors: Record<string, string[]> }>().errors.file?.[0]).toMatch(/file type/);
    expect(
      await testApp.database.db.query(`SELECT 1 FROM jobs WHERE kind = 'import' AND map_id = $1`, [mapId]),
    ).toEqual([]);
    expect(await readdir(importsDir(dataDir))).toEqual([]);
  });

  it('another user may not see an import', async () => {
    const response = await start('meters.csv', metersCsv());
    const { id } = response.json<{ data: ImportJob }>().data;
    const { client: viewer } = await testApp.signedIn('user');
    expect((await viewer.get(`/api/imports/${id}`)).status).toBe(403);
    expect((await admin.get('/api/imports/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
