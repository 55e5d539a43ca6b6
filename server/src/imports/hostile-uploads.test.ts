import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMap } from '../../test-support/map-fixtures.ts';
import { multipart } from '../../test-support/multipart.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import type { TestClient } from '../../test-support/test-client.ts';
import type { components } from '@generated/openapi-types.ts';
import { createJobWorker } from '../jobs/job-worker.ts';
import { IMPORT_JOB, importRunner, importsDir } from './import-job.ts';
import { IMPORT_MAX_BYTES, uploadsDir } from './upload.ts';

type ImportJob = components['schemas']['LayerImportJob'];
type Problem = { errors: Record<string, string[]> };

let testApp: TestApp;
let admin: TestClient;
let mapId: number;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'atlasboard-hostile-'));
  testApp = await startTestApp({ DATA_DIR: dataDir });
  admin = (await testApp.signedIn('admin')).client;
  mapId = (await insertMap(testApp.database.db)).id;
});

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

const upload = (fileName: string, bytes: Buffer, options: { unfinished?: boolean } = {}) =>
  admin.request('POST', `/api/maps/${mapId}/layers/upload`, multipart({}, fileName, bytes, options));

const startJob = (fileName: string, bytes: Buffer, options: { unfinished?: boolean } = {}) =>
  admin.request('POST', `/api/maps/${mapId}/layer-imports`, multipart({}, fileName, bytes, options));

const layerCount = async () =>
  (
    await testApp.database.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM layers WHERE map_id = $1',
      [mapId],
    )
  )[0]?.n;

const listed = (dir: string) => readdir(dir).catch(() => [] as string[]);

const collection = (features: string[]) => `{"type":"FeatureCollection","features":[${features.join(',')}]}`;
const point = (properties: string) =>
  `{"type":"Feature","geometry":{"type":"Point","coordinates":[-9.1,38.7]},"properties":${properties}}`;
const DEEP = 100_000;
const HOSTILE = {
  deep: collection([point(`{"name":"A","nest":${'['.repeat(DEEP)}${']'.repeat(DEEP)}}`)]),
  nulKey: collection([point('{"name":"A","bad\\u0000key":"x"}')]),
  nulValue: collection([point('{"name":"A\\u0000B"}')]),
};

describe('hostile GeoJSON', () => {
  it.each(Object.entries(HOSTILE))('%s: an upload is a 422 and creates nothing', async (_, text) => {
    const before = await layerCount();
    const response = await upload('hostile.geojson', Buffer.from(text));
    expect(response.status, response.text).toBe(422);
    expect(response.json<Problem>().errors.file?.[0]).toMatch(/could not be read as geojson/);
    expect(await layerCount()).toBe(before);
  });

  it.each(Object.entries(HOSTILE))(
    '%s: an import job fails at once, not after three attempts',
    async (_, text) => {
      const response = await startJob('hostile.geojson', Buffer.from(text));
      expect(response.status).toBe(202);
      const { id } = response.json<{ data: ImportJob }>().data;
      const { db } = testApp.database;
      const jobs = createJobWorker({ db, runners: { [IMPORT_JOB]: importRunner({ db }) } });
      expect(await jobs.runOnce()).toBe(true);
      expect(await jobs.runOnce()).toBe(false);
      const job = (await admin.get(`/api/imports/${id}`)).json<{ data: ImportJob }>().data;
      expect(job.status).toBe('failed');
      expect(job.error).toMatch(/could not be read as geojson/);
      expect(await listed(importsDir(dataDir))).toEqual([]);
    },
  );
});

describe('upload temp files', () => {
  it('are gone after a 413', async () => {
    const response = await upload('big.csv', Buffer.alloc(IMPORT_MAX_BYTES + 1024, 0x41));
    expect(response.status).toBe(413);
    expect(await listed(uploadsDir(dataDir))).toEqual([]);
  });

  it('are gone after an aborted upload, direct or as a job', async () => {
    const direct = await upload('cut.csv', Buffer.alloc(200_000, 0x41), { unfinished: true });
    expect(direct.status).toBeGreaterThanOrEqual(400);
    expect(direct.status).toBeLessThan(500);
    const job = await startJob('cut.csv', Buffer.alloc(200_000, 0x41), { unfinished: true });
    expect(job.status).toBeGreaterThanOrEqual(400);
    expect(job.status).toBeLessThan(500);
    expect(await listed(uploadsDir(dataDir))).toEqual([]);
    expect(await listed(importsDir(dataDir))).toEqual([]);
  });
});

describe('imported values keep the limits of updateFeatures', () => {
  it('a CSV row with a value over 10,000 characters is skipped with its row number; the others are stored', async () => {
    const csv = `name,lon,lat,note\nA,-9.1,38.7,short\nB,-9.2,38.8,${'n'.repeat(10_001)}\nC,-9.3,38.9,${'m'.repeat(10_000)}\n`;
    const response = await upload('notes.csv', Buffer.from(csv));
    expect(response.status, response.text).toBe(201);
    const { data, meta } = response.json<{
      data: { id: number };
      meta: { features_imported: number; features_skipped: number; warnings: string[] };
    }>();
    expect(meta.features_imported).toBe(2);
    expect(meta.features_skipped).toBe(1);
    expect(meta.warnings).toEqual([
      'Feature 2 was skipped: its value of "note" is longer than 10000 characters.',
    ]);
    const stored = await testApp.database.db.query<{ n: number }>(
      "SELECT max(length(properties ->> 'note'))::int AS n FROM features WHERE layer_id = $1",
      [data.id],
    );
    expect(stored[0]?.n).toBe(10_000);
  });

  it('an import job skips it the same way', async () => {
    const csv = `name,lon,lat,note\nA,-9.1,38.7,${'n'.repeat(20_000)}\nB,-9.2,38.8,fine\n`;
    const response = await startJob('notes.csv', Buffer.from(csv));
    const { id } = response.json<{ data: ImportJob }>().data;
    const { db } = testApp.database;
    await createJobWorker({ db, runners: { [IMPORT_JOB]: importRunner({ db }) } }).runOnce();
    const job = (await admin.get(`/api/imports/${id}`)).json<{ data: ImportJob }>().data;
    expect(job).toMatchObject({ status: 'ready', features_imported: 1, features_skipped: 1 });
    expect(job.warnings).toEqual([
      'Feature 1 was skipped: its value of "note" is longer than 10000 characters.',
    ]);
  });

  it('a file with more than 200 attributes is refused', async () => {
    const names = Array.from({ length: 201 }, (_, i) => `a${i}`);
    const csv = `lon,lat,${names.join(',')}\n-9.1,38.7,${names.map(() => '1').join(',')}\n`;
    const before = await layerCount();
    const response = await upload('wide.csv', Buffer.from(csv));
    expect(response.status).toBe(422);
    expect(response.json<Problem>().errors.file?.[0]).toBe(
      'The file has 201 attributes; a layer can hold at most 200.',
    );
    expect(await layerCount()).toBe(before);
  });
});

describe('zip bombs', () => {
  it('a Shapefile zip declaring three entries of 1 GiB is refused with a 422 that says why', async () => {
    const zip = Buffer.from(
      zipSync({
        'bomb.shp': new Uint8Array(100),
        'bomb.dbf': new Uint8Array(100),
        'bomb.shx': new Uint8Array(100),
      }),
    );
    for (let at = 0; at + 46 <= zip.length; at += 1)
      if (zip.readUInt32LE(at) === 0x02014b50) zip.writeUInt32LE(0x40000000, at + 24);
    const before = await layerCount();
    const response = await upload('bomb.zip', zip);
    expect(response.status).toBe(422);
    expect(response.json<Problem>().errors.file?.[0]).toMatch(/^The zip unpacks to more than 1024 MB/);
    expect(await layerCount()).toBe(before);
  });
});
