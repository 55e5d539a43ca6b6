import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessChanged, insertFeature, insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startS3Server, type TestS3Server } from '../../test-support/s3-server.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import type { TestClient } from '../../test-support/test-client.ts';
import type { components } from '@generated/openapi-types.ts';
import { EXPORT_JOB, exportRunner, purgeExpiredExports } from '../exports/export-job.ts';
import type { ExportBody } from '../exports/export-record.ts';
import { IMPORT_JOB, importRunner } from '../imports/import-job.ts';
import { createJobWorker } from '../jobs/job-worker.ts';
import { fileStore } from './file-store.ts';
import { migrateLocalFilesToBucket } from './storage-migrate.ts';

type ImportJob = components['schemas']['LayerImportJob'];

let s3: TestS3Server;
let t: TestApp;
let dataDir: string;
let editor: TestClient;

beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = await mkdtemp(path.join(tmpdir(), 'atlasboard-s3-app-'));
  t = await startTestApp({ DATA_DIR: dataDir, ...s3.env });
  editor = (await t.signedIn('editor')).client;
});
afterAll(async () => {
  await t.close();
  fileStore(t.config).close();
  await s3.close();
  await rm(dataDir, { recursive: true, force: true });
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(fields: Record<string, string>, files: { field: string; name: string; bytes: Buffer }[]) {
  const boundary = `----atlasboard${Date.now()}`;
  const chunks = [
    ...Object.entries(fields).map((entry) =>
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${entry[0]}"\r\n\r\n${entry[1]}\r\n`,
      ),
    ),
    ...files.flatMap((file) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file.bytes,
      Buffer.from('\r\n'),
    ]),
  ];
  return {
    rawBody: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function pointFeature() {
  const map = await insertMap(t.database.db);
  const layer = await insertLayer(t.database.db, map.id, {
    name: 'Hydrants',
    geometry_type: 'Point',
    properties: [{ name: 'code' }],
  });
  const row = await insertFeature(
    t.database.db,
    layer.id,
    { type: 'Point', coordinates: [-9.1, 38.7] },
    {
      code: 'H-1',
    },
  );
  return { map, layer, feature: row };
}

const localFiles = async (area: string) =>
  (await readdir(path.join(dataDir, area), { recursive: true, withFileTypes: true }).catch(() => [])).filter(
    (entry) => entry.isFile(),
  );

describe('STORAGE=s3 against an S3-protocol server', () => {
  it('attachments go to the bucket, stream back with the same checks, and leave it when deleted', async () => {
    const { map, layer, feature } = await pointFeature();
    const uploaded = await editor.request(
      'POST',
      '/api/feature-layer/files',
      multipart({ feature_id: String(feature.id) }, [
        { field: 'files', name: 'valve.png', bytes: PNG },
        { field: 'files', name: 'survey.csv', bytes: Buffer.from('code,depth\nV-1,1.2\n') },
      ]),
    );
    expect(uploaded.status).toBe(201);
    const files = uploaded.json<{ data: { id: number; url: string; storage_type: string }[] }>().data;
    expect(files.map((file) => file.storage_type)).toEqual(['s3', 's3']);
    const keys = await s3.keys();
    expect(keys.filter((key) => key.startsWith(`files/features/${feature.id}/`))).toHaveLength(2);
    expect(await localFiles('files/features')).toEqual([]);

    const [png, csv] = files;
    if (!png || !csv) throw new Error('not stored');
    const download = await editor.get(png.url);
    expect(download.status).toBe(200);
    expect(download.raw.equals(PNG)).toBe(true);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-length']).toBe(String(PNG.length));
    expect(download.headers['content-disposition']).toContain('filename="valve.png"');
    // Who may not read the map gets no file, from the bucket either.
    await t.database.db.query(`UPDATE maps SET visibility = 'private' WHERE id = $1`, [map.id]);
    await accessChanged(t.database.db);
    const outsider = (await t.signedIn('user')).client;
    expect((await outsider.get(png.url)).status).toBe(404);
    await t.database.db.query(`UPDATE maps SET visibility = 'signed_in' WHERE id = $1`, [map.id]);
    await accessChanged(t.database.db);

    const url = `/api/maps/${map.id}/delete-feature-file/${png.id}`;
    expect((await editor.delete(url, { query: { storage_type: 'local' } })).status).toBe(422);
    expect((await editor.delete(url, { query: { storage_type: 's3' } })).status).toBe(204);
    expect((await editor.get(png.url)).status).toBe(404);
    expect((await s3.keys()).filter((key) => key.startsWith(`files/features/${feature.id}/`))).toHaveLength(
      1,
    );

    // Deleting the layer takes the rest of its files out of the bucket.
    const admin = (await t.signedIn('admin')).client;
    expect((await admin.delete(`/api/maps/${map.id}/layers/${layer.id}`)).status).toBe(204);
    expect((await s3.keys()).filter((key) => key.startsWith(`files/features/${feature.id}/`))).toEqual([]);
  });

  it('an export is made into the bucket, downloaded from it, and expiry deletes it there', async () => {
    const { map, layer } = await pointFeature();
    const started = await editor.post(`/api/maps/${map.id}/export-features`, {
      format: 'geojson',
      layer_id: layer.id,
    });
    expect(started.status).toBe(201);
    const { data } = started.json<{ data: ExportBody }>();
    expect(data.status).toBe('ready');
    expect(await s3.keys()).toContain(`exports/${data.id}.geojson`);
    expect(
      (await readdir(path.join(dataDir, 'exports')).catch(() => [])).filter((n) => !n.startsWith('.')),
    ).toEqual([]);
    const download = await editor.get(`/api/get-export/${data.id}`);
    expect(download.status).toBe(200);
    expect(JSON.parse(download.text)).toMatchObject({
      type: 'FeatureCollection',
      features: [{ properties: { code: 'H-1' } }],
    });
    // Someone else's export stays refused.
    expect((await (await t.signedIn('editor')).client.get(`/api/get-export/${data.id}`)).status).toBe(403);

    await t.database.db.query(`UPDATE jobs SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      data.id,
    ]);
    expect(await purgeExpiredExports(t.database.db, dataDir, fileStore(t.config))).toBeGreaterThanOrEqual(1);
    expect(await s3.keys()).not.toContain(`exports/${data.id}.geojson`);
    expect((await editor.get(`/api/get-export/${data.id}`)).status).toBe(410);
  });

  it('a large export made by a worker lands in the bucket too', async () => {
    const { map, layer } = await pointFeature();
    const { db } = t.database;
    const started = await editor.post(`/api/maps/${map.id}/export-features`, {
      format: 'csv',
      layer_id: layer.id,
    });
    const { data } = started.json<{ data: ExportBody }>();
    // Run again by another worker (as after a crash): the file is replaced, not duplicated.
    await db.query(`UPDATE jobs SET status = 'queued', result = NULL WHERE id = $1`, [data.id]);
    const worker = createJobWorker({
      db,
      runners: {
        [EXPORT_JOB]: exportRunner({
          db,
          dataDir: await mkdtemp(path.join(tmpdir(), 'atlasboard-other-instance-')),
          store: fileStore(t.config),
          mailer: { send: async () => undefined },
        }),
      },
    });
    expect(await worker.runOnce(data.id)).toBe(true);
    const download = await editor.get(`/api/get-export/${data.id}`);
    expect(download.status).toBe(200);
    expect(download.text).toContain('H-1');
    expect((await s3.keys()).filter((key) => key.startsWith(`exports/${data.id}`))).toEqual([
      `exports/${data.id}.csv`,
    ]);
  });

  it('an import job keeps its upload in the bucket, so any instance runs it, and removes it when done', async () => {
    const map = await insertMap(t.database.db);
    const admin = (await t.signedIn('admin')).client;
    const csv = Buffer.from('code,lon,lat\nM-1,-9.1,38.7\nM-2,-9.2,38.8\n');
    const started = await admin.request(
      'POST',
      `/api/maps/${map.id}/layer-imports`,
      multipart({ name: 'Meters' }, [{ field: 'file', name: 'meters.csv', bytes: csv }]),
    );
    expect(started.status).toBe(202);
    const job = started.json<{ data: ImportJob }>().data;
    const uploads = (await s3.keys()).filter((key) => key.startsWith('imports/'));
    expect(uploads).toHaveLength(1);
    // Nothing is left on this instance's disk: a worker elsewhere reads the bucket.
    expect(await localFiles('imports')).toEqual([]);
    expect(existsSync(path.join(dataDir, 'imports', uploads[0]?.split('/')[1] ?? '-'))).toBe(false);

    const { db } = t.database;
    const worker = createJobWorker({
      db,
      runners: { [IMPORT_JOB]: importRunner({ db, store: fileStore(t.config) }) },
    });
    expect(await worker.runOnce(job.id)).toBe(true);
    const done = (await admin.get(`/api/imports/${job.id}`)).json<{ data: ImportJob }>().data;
    expect(done).toMatchObject({ status: 'ready', features_imported: 2 });
    expect((await s3.keys()).filter((key) => key.startsWith('imports/'))).toEqual([]);
  });

  it('files written to disk before the switch are served, then moved into the bucket by the migration', async () => {
    const { feature } = await pointFeature();
    const storageKey = `features/${feature.id}/before-the-switch`;
    await mkdir(path.join(dataDir, 'files', 'features', String(feature.id)), { recursive: true });
    await writeFile(path.join(dataDir, 'files', storageKey), PNG);
    const [row] = await t.database.db.query<{ id: number }>(
      `INSERT INTO feature_files (feature_id, name, mime_type, size, storage_type, storage_key)
       VALUES ($1, 'old.png', 'image/png', $2, 'local', $3) RETURNING id`,
      [feature.id, PNG.length, storageKey],
    );
    const url = `/api/feature-layer/files/${row?.id}`;
    expect((await editor.get(url)).raw.equals(PNG)).toBe(true);

    const report = await migrateLocalFilesToBucket(t.database.db, t.config);
    expect(report.attachments).toBe(1);
    expect(await s3.keys()).toContain(`files/${storageKey}`);
    expect(existsSync(path.join(dataDir, 'files', storageKey))).toBe(false);
    const [moved] = await t.database.db.query<{ storage_type: string }>(
      'SELECT storage_type FROM feature_files WHERE id = $1',
      [row?.id],
    );
    expect(moved?.storage_type).toBe('s3');
    expect((await editor.get(url)).raw.equals(PNG)).toBe(true);
  });
});
