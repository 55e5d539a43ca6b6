import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gdalFeatures, gdalLayers } from '../../test-support/gdal.ts';
import { insertFeature, insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import type { TestClient } from '../../test-support/test-client.ts';
import { createJobWorker } from '../jobs/job-worker.ts';
import { EXPORT_JOB, exportRunner, purgeExpiredExports } from './export-job.ts';
import type { ExportBody } from './export-record.ts';
import { EXPORTS_PER_MINUTE, INLINE_EXPORT_LIMIT } from './export-requests.ts';

let testApp: TestApp;
let dataDir: string;
let viewer: TestClient;
let mapId: number;
let hydrantsId: number;
let zonesId: number;
const hydrantIds: number[] = [];

const HYDRANTS = [
  {
    geometry: { type: 'Point', coordinates: [-9.14, 38.72] },
    properties: { code: 'H-1', pressure: 4.5, floors: 2, active: true, installed: '2020-01-05' },
  },
  {
    geometry: { type: 'Point', coordinates: [-9.13, 38.73] },
    properties: { code: 'Hé "2"', pressure: 6, floors: 3, active: false, installed: '2021-06-30' },
  },
  {
    geometry: { type: 'Point', coordinates: [-9.12, 38.74] },
    properties: { code: 'H-3', pressure: 2.25, floors: null, active: true, installed: null },
  },
];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'atlasboard-exports-'));
  testApp = await startTestApp({ DATA_DIR: dataDir });
  const db = testApp.database.db;
  mapId = (await insertMap(db)).id;
  hydrantsId = (
    await insertLayer(db, mapId, {
      name: 'Hydrants',
      geometry_type: 'Point',
      properties: [
        { name: 'code' },
        { name: 'pressure', type: 'number' },
        { name: 'floors', type: 'integer' },
        { name: 'active', type: 'boolean' },
        { name: 'installed', type: 'date' },
      ],
    })
  ).id;
  for (const hydrant of HYDRANTS)
    hydrantIds.push((await insertFeature(db, hydrantsId, hydrant.geometry, hydrant.properties)).id);
  zonesId = (
    await insertLayer(db, mapId, {
      name: 'Pressure zones',
      geometry_type: 'Polygon',
      properties: [{ name: 'zone' }],
    })
  ).id;
  // Counter-clockwise outer ring with a hole: the Shapefile writer must turn it clockwise.
  await insertFeature(
    db,
    zonesId,
    {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [4, 0],
          [4, 4],
          [0, 4],
          [0, 0],
        ],
        [
          [1, 1],
          [1, 2],
          [2, 2],
          [2, 1],
          [1, 1],
        ],
      ],
    },
    { zone: 'North' },
  );
  viewer = (await testApp.signedIn('user')).client;
});

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function exportAndDownload(
  client: TestClient,
  url: string,
  body: Record<string, unknown>,
): Promise<{ data: ExportBody; file: string; disposition: string }> {
  const started = await client.post(`/api/maps/${mapId}/${url}`, body);
  expect(started.status).toBe(201);
  const { data } = started.json<{ data: ExportBody }>();
  expect(data.status).toBe('ready');
  const download = await client.get(`/api/get-export/${data.id}`);
  expect(download.status).toBe(200);
  expect(download.raw.length).toBe(data.size);
  const file = path.join(dataDir, `read-${data.id}-${data.file_name}`);
  await writeFile(file, download.raw);
  return { data, file, disposition: String(download.headers['content-disposition']) };
}

const byCode = (features: { properties: Record<string, unknown> }[]) =>
  Object.fromEntries(features.map((feature) => [feature.properties.code, feature.properties]));

describe('layer exports read back by GDAL', () => {
  it('GeoJSON: points, every attribute with its type', async () => {
    const { data, file, disposition } = await exportAndDownload(viewer, 'export-features', {
      format: 'geojson',
      layer_id: hydrantsId,
    });
    expect(data.file_name).toMatch(/^hydrants-\d{4}-\d{2}-\d{2}\.geojson$/);
    expect(disposition).toBe(`attachment; filename="${data.file_name}"`);
    const [layer] = gdalLayers(file);
    expect(layer).toMatchObject({ geometry: 'Point', featureCount: 3 });
    expect(layer?.fields).toMatchObject({
      code: 'String',
      pressure: 'Real',
      floors: 'Integer',
      active: 'Integer',
    });
    const features = gdalFeatures(file);
    expect(byCode(features)['Hé "2"']).toMatchObject({
      pressure: 6,
      floors: 3,
      active: false,
      installed: '2021-06-30',
    });
    expect(features[0]?.geometry).toEqual({ type: 'Point', coordinates: [-9.14, 38.72] });
  });

  it('CSV: attributes and a WKT geometry column', async () => {
    const { file } = await exportAndDownload(viewer, 'export-features', {
      format: 'csv',
      layer_id: hydrantsId,
    });
    const options = ['GEOM_POSSIBLE_NAMES=wkt', 'KEEP_GEOM_COLUMNS=NO', 'AUTODETECT_TYPE=YES'];
    const [layer] = gdalLayers(file, options);
    // CSV declares no geometry type: GDAL says "Unknown (any)" and reads each WKT.
    expect(layer).toMatchObject({ featureCount: 3 });
    expect(Object.keys(layer?.fields ?? {})).toEqual([
      'id',
      'code',
      'pressure',
      'floors',
      'active',
      'installed',
    ]);
    const features = gdalFeatures(file, options);
    expect(byCode(features)['Hé "2"']).toMatchObject({ pressure: 6, floors: 3, installed: '2021-06-30' });
    expect(byCode(features)['H-3']).toMatchObject({ pressure: 2.25 });
    // An empty cell: GDAL leaves the field unset.
    expect(byCode(features)['H-3']?.floors ?? null).toBeNull();
    expect(features[1]?.geometry).toEqual({ type: 'Point', coordinates: [-9.13, 38.73] });
  });

  it('XLSX: one sheet with a header row', async () => {
    const { file } = await exportAndDownload(viewer, 'export-features', {
      format: 'xlsx',
      layer_id: hydrantsId,
    });
    const [layer] = gdalLayers(file, ['HEADERS=FORCE', 'FIELD_TYPES=AUTO']);
    expect(layer).toMatchObject({ name: 'Hydrants', featureCount: 3 });
    expect(Object.keys(layer?.fields ?? {})).toEqual([
      'id',
      'code',
      'pressure',
      'floors',
      'active',
      'installed',
      'wkt',
    ]);
    const features = gdalFeatures(file, ['HEADERS=FORCE', 'FIELD_TYPES=AUTO']);
    expect(byCode(features)['H-1']).toMatchObject({ pressure: 4.5, floors: 2, wkt: 'POINT(-9.14 38.72)' });
  });

  it('KML: placemarks with typed extended data', async () => {
    const { file } = await exportAndDownload(viewer, 'export-features', {
      format: 'kml',
      layer_id: hydrantsId,
    });
    const [layer] = gdalLayers(file);
    expect(layer).toMatchObject({ name: 'Hydrants', featureCount: 3 });
    expect(layer?.fields).toMatchObject({ code: 'String', pressure: 'Real', floors: 'Integer' });
    const features = gdalFeatures(file);
    expect(byCode(features)['Hé "2"']).toMatchObject({ pressure: 6, floors: 3 });
    expect(features[2]?.geometry).toMatchObject({ type: 'Point', coordinates: [-9.12, 38.74] });
  });

  it('GeoPackage: a feature table with the feature ids as fids', async () => {
    const { file } = await exportAndDownload(viewer, 'export-features', {
      format: 'gpkg',
      layer_id: hydrantsId,
    });
    const [layer] = gdalLayers(file);
    expect(layer).toMatchObject({ name: 'hydrants', geometry: 'Point', featureCount: 3 });
    expect(layer?.fields).toMatchObject({ code: 'String', pressure: 'Real', floors: 'Integer64' });
    const features = gdalFeatures(file);
    expect(byCode(features)['H-3']).toMatchObject({ pressure: 2.25, floors: null });
    expect(features[0]?.geometry).toEqual({ type: 'Point', coordinates: [-9.14, 38.72] });
    const fids = gdalFeatures(file, [], 'hydrants').map((feature) => feature.properties.code);
    expect(fids).toEqual(['H-1', 'Hé "2"', 'H-3']);
  });

  it('Shapefile: a zip with .prj, polygons with their holes', async () => {
    const { data, file } = await exportAndDownload(viewer, 'export-features', {
      format: 'shp',
      layer_id: zonesId,
    });
    expect(data.file_name).toMatch(/\.zip$/);
    const source = `/vsizip/${file}`;
    const [layer] = gdalLayers(source);
    expect(layer).toMatchObject({ name: 'pressure_zones', geometry: 'Polygon', featureCount: 1 });
    expect(layer?.fields).toMatchObject({ id: 'Integer64', zone: 'String' });
    const [zone] = gdalFeatures(source);
    expect(zone?.properties.zone).toBe('North');
    const rings = (zone?.geometry?.coordinates ?? []) as number[][][];
    expect(rings).toHaveLength(2);
    expect(rings[1]).toHaveLength(5);
  });

  it('Shapefile of points keeps every attribute type', async () => {
    const { file } = await exportAndDownload(viewer, 'export-features', {
      format: 'shp',
      layer_id: hydrantsId,
    });
    const source = `/vsizip/${file}`;
    const [layer] = gdalLayers(source);
    expect(layer).toMatchObject({ geometry: 'Point', featureCount: 3 });
    expect(layer?.fields).toMatchObject({ code: 'String', pressure: 'Real', active: 'String' });
    const features = gdalFeatures(source);
    expect(byCode(features)['Hé "2"']).toMatchObject({ pressure: 6, floors: 3 });
  });
});

describe('what an export takes', () => {
  it('a filter takes the features matching every condition', async () => {
    const { file } = await exportAndDownload(viewer, 'export-filter-features', {
      format: 'geojson',
      layers_filter: [
        {
          layer_id: hydrantsId,
          filters: [
            { property: 'pressure', operator: 'gte', value: 4 },
            { property: 'active', operator: 'eq', value: true },
          ],
        },
      ],
    });
    expect(gdalFeatures(file).map((feature) => feature.properties.code)).toEqual(['H-1']);
  });

  it('a filter takes what filter-features finds, whatever the value types, and refuses what it refuses', async () => {
    const conditions = [
      [{ property: 'code', operator: 'eq', value: 5 }],
      [{ property: 'pressure', operator: 'between', value: [2, 'z'] }],
      [{ property: 'code', operator: 'in', value: ['H-1', 'H-3'] }],
      [{ property: 'floors', operator: 'lte', value: '9' }],
      [{ property: 'active', operator: 'neq', value: 'yes' }],
    ];
    for (const filters of conditions) {
      const layers_filter = [{ layer_id: hydrantsId, filters }];
      const found = await viewer.post(`/api/maps/${mapId}/filter-features`, { layers_filter });
      const codes = found
        .json<{ data: { properties: { code: string } }[] }>()
        .data.map((f) => f.properties.code);
      const { file } = await exportAndDownload(viewer, 'export-filter-features', {
        format: 'geojson',
        layers_filter,
      });
      expect(
        gdalFeatures(file).map((feature) => feature.properties.code),
        JSON.stringify(filters),
      ).toEqual(codes);
    }
    const notAList = await viewer.post(`/api/maps/${mapId}/export-filter-features`, {
      format: 'csv',
      layers_filter: [
        { layer_id: hydrantsId, filters: [{ property: 'code', operator: 'in', value: 'H-1' }] },
      ],
    });
    expect(notAList.status).toBe(422);
    expect(notAList.json()).toMatchObject({
      errors: { 'layers_filter.0.filters.0.value': [expect.any(String)] },
    });
  });

  it('a search that is not well-formed text (a lone surrogate) is a 422, not a 500 from the job payload', async () => {
    const response = await viewer.post(`/api/maps/${mapId}/export-features`, {
      format: 'csv',
      layer_id: hydrantsId,
      search: 'H\ud800',
    });
    expect(response.status).toBe(422);
    expect(response.json()).toMatchObject({ errors: { search: [expect.stringContaining('Unicode')] } });
  });

  it('the selected features, and a search over the attributes', async () => {
    const selected = await exportAndDownload(viewer, 'export-multi-selected-features', {
      format: 'csv',
      layer_id: hydrantsId,
      feature_ids: [hydrantIds[0], hydrantIds[2]],
    });
    const options = ['GEOM_POSSIBLE_NAMES=wkt', 'KEEP_GEOM_COLUMNS=NO'];
    expect(gdalFeatures(selected.file, options).map((f) => f.properties.code)).toEqual(['H-1', 'H-3']);
    const searched = await exportAndDownload(viewer, 'export-features', {
      format: 'csv',
      layer_id: hydrantsId,
      search: 'hé',
    });
    expect(gdalFeatures(searched.file, options).map((f) => f.properties.code)).toEqual(['Hé "2"']);
  });

  it('too many exports in a minute are refused with Retry-After', async () => {
    const { client, user } = await testApp.signedIn('user');
    await testApp.database.db.query(
      `INSERT INTO jobs (id, kind, status, user_id, expires_at)
       SELECT gen_random_uuid(), 'export', 'done', $1, now() + interval '1 day' FROM generate_series(1, $2::int)`,
      [user.id, EXPORTS_PER_MINUTE],
    );
    const response = await client.post(`/api/maps/${mapId}/export-features`, {
      format: 'csv',
      layer_id: hydrantsId,
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    // Others are not held back by it.
    const other = await viewer.post(`/api/maps/${mapId}/export-features`, {
      format: 'csv',
      layer_id: hydrantsId,
    });
    expect(other.status).toBe(201);
  });

  it('a layer of another map is not found', async () => {
    const otherMap = await insertMap(testApp.database.db);
    const response = await viewer.post(`/api/maps/${otherMap.id}/export-features`, {
      format: 'csv',
      layer_id: hydrantsId,
    });
    expect(response.status).toBe(404);
  });

  it('a layer id past what the database can hold is not found either (not a 500)', async () => {
    const response = await viewer.post(`/api/maps/${mapId}/export-features`, {
      format: 'csv',
      layer_id: 2_147_483_648,
    });
    expect(response.status).toBe(404);
  });
});

describe('downloads', () => {
  it('only the requester or an admin downloads; others are refused', async () => {
    const { data } = await exportAndDownload(viewer, 'export-features', {
      format: 'geojson',
      layer_id: hydrantsId,
    });
    const stranger = (await testApp.signedIn('editor')).client;
    expect((await stranger.get(`/api/get-export/${data.id}`)).status).toBe(403);
    expect((await stranger.get(`/api/exports/${data.id}`)).status).toBe(403);
    const admin = (await testApp.signedIn('admin')).client;
    const download = await admin.get(`/api/get-export/${data.id}`);
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/geo+json');
    expect(JSON.parse(download.text)).toMatchObject({ type: 'FeatureCollection' });
    expect((await testApp.client().get(`/api/get-export/${data.id}`)).status).toBe(401);
    expect((await viewer.get('/api/get-export/0b5e2c1e-8a3f-4c1d-9f2a-7c6d5e4b3a21')).status).toBe(404);
  });

  it('an expired export answers 410 and its file is deleted', async () => {
    const { data } = await exportAndDownload(viewer, 'export-features', {
      format: 'csv',
      layer_id: hydrantsId,
    });
    await testApp.database.db.query(
      `UPDATE jobs SET expires_at = now() - interval '1 minute' WHERE id = $1`,
      [data.id],
    );
    const response = await viewer.get(`/api/get-export/${data.id}`);
    expect(response.status).toBe(410);
    expect(response.json()).toEqual({ message: 'This export has expired.' });
    const left = await readdir(path.join(dataDir, 'exports'));
    expect(left.filter((name) => name.startsWith(data.id))).toEqual([]);
  });

  it('expired files are purged; unexpired ones stay', async () => {
    const kept = await exportAndDownload(viewer, 'export-features', { format: 'kml', layer_id: hydrantsId });
    const gone = await exportAndDownload(viewer, 'export-features', { format: 'kml', layer_id: hydrantsId });
    await testApp.database.db.query(
      `UPDATE jobs SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [gone.data.id],
    );
    expect(await purgeExpiredExports(testApp.database.db, dataDir)).toBeGreaterThanOrEqual(1);
    const left = await readdir(path.join(dataDir, 'exports'));
    expect(left).toContain(`${kept.data.id}.kml`);
    expect(left).not.toContain(`${gone.data.id}.kml`);
    expect((await viewer.get(`/api/get-export/${gone.data.id}`)).status).toBe(410);
    expect((await viewer.get(`/api/get-export/${kept.data.id}`)).status).toBe(200);
  });

  it('a large export runs as a job: pending with progress, then ready, and the link is mailed', async () => {
    const db = testApp.database.db;
    const big = await insertLayer(db, mapId, {
      name: 'Meters',
      geometry_type: 'Point',
      properties: [{ name: 'n', type: 'integer' }],
    });
    await db.query(
      `INSERT INTO features (layer_id, geom, properties)
       SELECT $1, ST_SetSRID(ST_MakePoint(-9 + i / 100000.0, 38.7), 4326), jsonb_build_object('n', i)
       FROM generate_series(1, $2::int) i`,
      [big.id, INLINE_EXPORT_LIMIT + 1],
    );
    const started = await viewer.post(`/api/maps/${mapId}/export-features`, {
      format: 'gpkg',
      layer_id: big.id,
      email_to_send: 'ada@example.com',
    });
    expect(started.status).toBe(201);
    const { data } = started.json<{ data: ExportBody }>();
    expect(data).toMatchObject({ status: 'pending', progress: 0, size: null });
    expect((await viewer.get(`/api/get-export/${data.id}`)).status).toBe(409);

    const worker = createJobWorker({
      db,
      runners: {
        [EXPORT_JOB]: exportRunner({ db, dataDir, mailer: { send: async (m) => void testApp.mail.push(m) } }),
      },
    });
    expect(await worker.runOnce()).toBe(true);
    const status = await viewer.get(`/api/exports/${data.id}`);
    expect(status.json<{ data: ExportBody }>().data).toMatchObject({ status: 'ready', progress: 1 });
    const mail = testApp.mail.find((message) => message.to === 'ada@example.com');
    expect(mail?.text).toContain(`/api/get-export/${data.id}`);
    const { file } = await exportAndDownloadExisting(viewer, data.id, 'meters.gpkg');
    const [layer] = gdalLayers(file);
    expect(layer).toMatchObject({ name: 'meters', geometry: 'Point', featureCount: INLINE_EXPORT_LIMIT + 1 });
  });
});

async function exportAndDownloadExisting(client: TestClient, id: string, name: string) {
  const download = await client.get(`/api/get-export/${id}`);
  expect(download.status).toBe(200);
  const file = path.join(dataDir, `read-${id}-${name}`);
  await writeFile(file, download.raw);
  return { file };
}
