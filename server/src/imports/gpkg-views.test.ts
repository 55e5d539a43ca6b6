import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import initSqlJs from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gdalConvert } from '../../test-support/gdal.ts';
import { insertMap } from '../../test-support/map-fixtures.ts';
import { multipart } from '../../test-support/multipart.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import type { TestClient } from '../../test-support/test-client.ts';
import type { ImportRequest } from './import-readers.ts';
import { UnreadableFile, type FeatureReader } from './imported-feature.ts';
import { workerReader } from './worker-reader.ts';

let testApp: TestApp;
let admin: TestClient;
let mapId: number;
let dir: string;
let hostile: Buffer;

/**
 * A GeoPackage as GDAL writes it, plus a view that never ends (a recursive CTE) registered
 * in gpkg_contents as a feature table that sorts before the real one.
 */
async function recursiveViewGeoPackage(): Promise<Buffer> {
  const source = path.join(dir, 'pipes.geojson');
  await writeFile(
    source,
    JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [-9.1, 38.7] },
          properties: { code: 'P-1' },
        },
      ],
    }),
  );
  const file = path.join(dir, 'pipes.gpkg');
  gdalConvert(file, source, ['-f', 'GPKG', '-nln', 'pipes']);
  const SQL = await initSqlJs();
  const db = new SQL.Database(await readFile(file));
  db.run(`CREATE VIEW aaa_loop AS WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r)
    SELECT n AS fid, NULL AS geom, n AS code FROM r`);
  db.run(
    `INSERT INTO gpkg_contents (table_name, data_type, identifier, srs_id) VALUES ('aaa_loop', 'features', 'aaa_loop', 4326)`,
  );
  db.run(`INSERT INTO gpkg_geometry_columns (table_name, column_name, geometry_type_name, srs_id, z, m)
    VALUES ('aaa_loop', 'geom', 'POINT', 4326, 0, 0)`);
  const bytes = Buffer.from(db.export());
  db.close();
  return bytes;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'atlasboard-gpkg-views-'));
  hostile = await recursiveViewGeoPackage();
  testApp = await startTestApp({ DATA_DIR: dir });
  admin = (await testApp.signedIn('admin')).client;
  mapId = (await insertMap(testApp.database.db)).id;
});

afterAll(async () => {
  await testApp.close();
  await rm(dir, { recursive: true, force: true });
});

const upload = (fields: Record<string, string>) =>
  admin.request('POST', `/api/maps/${mapId}/layers/upload`, multipart(fields, 'pipes.gpkg', hostile));

describe('a GeoPackage with a recursive view', () => {
  it('imports its real feature table, and the server answers others meanwhile', async () => {
    const [imported, user] = await Promise.all([upload({}), admin.get('/api/user')]);
    expect(user.status).toBe(200);
    expect(imported.status, imported.text).toBe(201);
    expect(imported.json<{ data: { features_count: number } }>().data.features_count).toBe(1);
  });

  it('is refused when the view is asked for by name', async () => {
    const response = await upload({ source_layer: 'aaa_loop' });
    expect(response.status).toBe(422);
    expect(response.json<{ errors: { file: string[] } }>().errors.file[0]).toMatch(
      /no feature table aaa_loop/,
    );
  });
});

const request = (): ImportRequest => ({
  mapId: 1,
  userId: 1,
  name: 'x',
  categoryId: null,
  format: 'gpkg',
  file: path.join(dir, 'pipes.gpkg'),
  sourceLayer: undefined,
  csv: {},
});

async function firstError(read: FeatureReader): Promise<unknown> {
  try {
    for await (const _ of read()) return undefined;
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('reading in a worker', () => {
  it('stops a read step past its time limit and calls the file unreadable', async () => {
    // A limit no worker can meet (starting it takes longer), so the step is cut off.
    const error = await firstError(workerReader(request(), { stepMs: 1, totalMs: 60_000 }));
    expect(error).toBeInstanceOf(UnreadableFile);
    expect((error as UnreadableFile).problem).toEqual({
      key: 'exports.import_timeout',
      params: { seconds: 1 },
    });
  });

  it('reads the same features as the reader itself', async () => {
    const features = [];
    for await (const feature of workerReader(request())()) features.push(feature.properties);
    expect(features).toEqual([{ code: 'P-1' }]);
  });

  it('stops a whole read past its own limit, however quickly each step answers', async () => {
    const error = await firstError(workerReader(request(), { stepMs: 60_000, totalMs: 1 }));
    expect(error).toBeInstanceOf(UnreadableFile);
    expect((error as UnreadableFile).problem?.key).toBe('exports.import_timeout');
  });
});
