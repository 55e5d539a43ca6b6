import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gdalConvert } from '../../test-support/gdal.ts';
import { insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import type { TestClient } from '../../test-support/test-client.ts';
import type { components } from '@generated/openapi-types.ts';
import { builtGridVersion, GRID_MIN_FEATURES } from '../tiles/feature-grid.ts';
import { unusableGeometry } from './feature-checks.ts';
import { gridBuildUnderWay } from '../tiles/layer-grid.ts';

type ImportResult = components['schemas']['LayerImportResult'];

let testApp: TestApp;
let admin: TestClient;
let mapId: number;
let dir: string;
let source: string;

// Hydrants in Lisbon, as QGIS users have them: text, decimals, integers, booleans, dates.
const HYDRANTS = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-9.14, 38.72] },
      properties: { Code: 'H-1', pressure: 4.5, floors: 2, active: true, installed: '2020-01-05' },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-9.13, 38.73] },
      properties: { Code: 'H-2', pressure: 6, floors: 3, active: false, installed: '2021-06-30' },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-9.12, 38.74] },
      properties: { Code: 'H-3', pressure: 2.25, floors: 1, active: true, installed: '2022-02-01' },
    },
  ],
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'atlasboard-imports-'));
  source = path.join(dir, 'hydrants.geojson');
  await writeFile(source, JSON.stringify(HYDRANTS));
  testApp = await startTestApp({ DATA_DIR: dir });
  mapId = (await insertMap(testApp.database.db)).id;
  admin = (await testApp.signedIn('admin')).client;
});

afterAll(async () => {
  await testApp.close();
  await rm(dir, { recursive: true, force: true });
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

async function upload(fileName: string, bytes: Buffer, fields: Record<string, string> = {}) {
  return admin.request('POST', `/api/maps/${mapId}/layers/upload`, multipart(fields, fileName, bytes));
}

const layerCount = async () =>
  (
    await testApp.database.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM layers WHERE map_id = $1',
      [mapId],
    )
  )[0]?.n;

async function storedFeatures(layerId: number) {
  return testApp.database.db.query<{ properties: Record<string, unknown>; lon: number; lat: number }>(
    `SELECT properties, round(ST_X(geom)::numeric, 6)::float AS lon, round(ST_Y(geom)::numeric, 6)::float AS lat
     FROM features WHERE layer_id = $1 ORDER BY properties ->> 'code'`,
    [layerId],
  );
}

const EXPECTED_SCHEMA = [
  { name: 'code', label: 'Code', type: 'string' },
  { name: 'pressure', type: 'number' },
  { name: 'floors', type: 'integer' },
  { name: 'active', type: 'boolean' },
  { name: 'installed', type: 'date' },
];

describe('importing files made by GDAL', () => {
  it('GeoJSON: a point layer with the inferred schema', async () => {
    const response = await upload('hydrants.geojson', await readFile(source));
    expect(response.status).toBe(201);
    const { data, meta } = response.json<ImportResult>();
    expect(data).toMatchObject({
      name: 'hydrants',
      type: 'vector',
      geometry_type: 'Point',
      features_count: 3,
    });
    expect(data.properties).toMatchObject(EXPECTED_SCHEMA);
    expect(meta).toEqual({ features_imported: 3, features_skipped: 0, warnings: [] });
    const features = await storedFeatures(data.id);
    expect(features[1]).toEqual({
      properties: { code: 'H-2', pressure: 6, floors: 3, active: false, installed: '2021-06-30' },
      lon: -9.13,
      lat: 38.73,
    });
  });

  it('a zipped Shapefile in Portuguese TM06 is reprojected from its .prj', async () => {
    const shpDir = path.join(dir, 'shp');
    await mkdir(shpDir);
    gdalConvert(path.join(shpDir, 'hydrants.shp'), source, ['-f', 'ESRI Shapefile', '-t_srs', 'EPSG:3763']);
    const zip = path.join(dir, 'hydrants.zip');
    const parts = await readdir(shpDir);
    expect(parts).toContain('hydrants.prj');
    const entries = Object.fromEntries(
      await Promise.all(
        parts.map(async (name) => [name, new Uint8Array(await readFile(path.join(shpDir, name)))]),
      ),
    ) as Record<string, Uint8Array>;
    await writeFile(zip, zipSync(entries));
    const response = await upload('hydrants.zip', await readFile(zip), { name: 'Hydrants TM06' });
    expect(response.status).toBe(201);
    const { data } = response.json<ImportResult>();
    expect(data).toMatchObject({ name: 'Hydrants TM06', geometry_type: 'Point', features_count: 3 });
    const features = await storedFeatures(data.id);
    expect(features.map((f) => [f.lon, f.lat])).toEqual([
      [-9.14, 38.72],
      [-9.13, 38.73],
      [-9.12, 38.74],
    ]);
    expect(features[0]?.properties).toMatchObject({ code: 'H-1', pressure: 4.5, floors: 2 });
    // The DBF's date field stays a date (shpjs hands it over as a Date object).
    expect(data.properties).toContainEqual(expect.objectContaining({ name: 'installed', type: 'date' }));
    expect(features[1]?.properties).toMatchObject({ code: 'H-2', installed: '2021-06-30' });
  });

  it('GeoPackage, KML and CSV keep the features and their attributes', async () => {
    const gpkg = path.join(dir, 'hydrants.gpkg');
    gdalConvert(gpkg, source, ['-f', 'GPKG', '-t_srs', 'EPSG:3857']);
    const kml = path.join(dir, 'hydrants.kml');
    gdalConvert(kml, source, ['-f', 'KML']);
    const csv = path.join(dir, 'hydrants.csv');
    gdalConvert(csv, source, ['-f', 'CSV', '-lco', 'GEOMETRY=AS_XY']);
    for (const [file, schema] of [
      [gpkg, EXPECTED_SCHEMA],
      [
        kml,
        [
          { name: 'code', type: 'string' },
          { name: 'pressure', type: 'number' },
          { name: 'floors', type: 'integer' },
        ],
      ],
      [
        csv,
        [
          { name: 'code', type: 'string' },
          { name: 'pressure', type: 'number' },
          { name: 'floors', type: 'integer' },
          { name: 'active', type: 'integer' },
          { name: 'installed', type: 'date' },
        ],
      ],
    ] as const) {
      const response = await upload(path.basename(file), await readFile(file));
      expect(response.status, `${file}: ${response.text}`).toBe(201);
      const { data } = response.json<ImportResult>();
      expect(data).toMatchObject({ geometry_type: 'Point', features_count: 3 });
      expect(data.properties.filter((p) => schema.some((s) => s.name === p.name))).toMatchObject(schema);
      const features = await storedFeatures(data.id);
      expect(features.map((f) => [f.lon, f.lat])).toEqual([
        [-9.14, 38.72],
        [-9.13, 38.73],
        [-9.12, 38.74],
      ]);
      expect(features[2]?.properties).toMatchObject({ code: 'H-3', pressure: 2.25, floors: 1 });
      if (file !== kml) expect(features[2]?.properties.installed).toBe('2022-02-01');
    }
  });

  it('CSV with a WKT column and rows without geometry', async () => {
    const csv = 'name,wkt,count\nA,"LINESTRING(0 0,1 1)",1\nB,,2\nC,"LINESTRING(1 1,2 0)",3\n';
    const response = await upload('pipes.csv', Buffer.from(csv));
    expect(response.status).toBe(201);
    const { data, meta } = response.json<ImportResult>();
    expect(data).toMatchObject({ geometry_type: 'LineString', features_count: 2 });
    expect(meta).toEqual({
      features_imported: 2,
      features_skipped: 1,
      warnings: ['Feature 2 has no usable geometry.'],
    });
  });

  it('a column whose type changes far down the file is written as the whole file says, from its first row', async () => {
    // Codes that look like integers for 2,400 rows (several staged batches), then a code in text;
    // dates, then a word; whole pressures, then decimals (numbers either way).
    const rows = ['lon,lat,code,installed,pressure,name'];
    for (let i = 1; i <= 2500; i += 1) {
      const late = i > 2400;
      rows.push(
        [
          (-9.2 + i * 0.0001).toFixed(4),
          '38.7',
          late ? `A-${i}` : String(i),
          i === 2450 ? 'unknown' : '2020-01-05',
          late ? `${i}.5` : String(i),
          `Meter ${i}`,
        ].join(','),
      );
    }
    const response = await upload('meters.csv', Buffer.from(rows.join('\n')));
    expect(response.status).toBe(201);
    const { data, meta } = response.json<ImportResult>();
    expect(meta).toEqual({ features_imported: 2500, features_skipped: 0, warnings: [] });
    expect(data.properties.map(({ name, type }) => ({ name, type }))).toEqual([
      { name: 'code', type: 'string' },
      { name: 'installed', type: 'string' },
      { name: 'pressure', type: 'number' },
      { name: 'name', type: 'string' },
    ]);
    const stored = await testApp.database.db.query<{ properties: Record<string, unknown> }>(
      `SELECT properties FROM features WHERE layer_id = $1 AND properties ->> 'name' IN ('Meter 1', 'Meter 2500')
       ORDER BY id`,
      [data.id],
    );
    expect(stored.map((row) => row.properties)).toEqual([
      { code: '1', installed: '2020-01-05', pressure: 1, name: 'Meter 1' },
      { code: 'A-2500', installed: '2020-01-05', pressure: 2500.5, name: 'Meter 2500' },
    ]);
  });
});

describe('after an import', () => {
  it('a point layer big enough for the low-zoom grid has it built before any tile asks', async () => {
    const rows = Array.from(
      { length: GRID_MIN_FEATURES },
      (_, i) =>
        `${(-9.3 + (i % 100) * 0.003).toFixed(4)},${(38.6 + Math.floor(i / 100) * 0.003).toFixed(4)},P${i}`,
    );
    const response = await upload('many.csv', Buffer.from(`lon,lat,name\n${rows.join('\n')}\n`));
    expect(response.status).toBe(201);
    const { data } = response.json<ImportResult>();
    await gridBuildUnderWay(testApp.database.db, data.id);
    const [layer] = await testApp.database.db.query<{ version: string }>(
      'SELECT version::text AS version FROM layers WHERE id = $1',
      [data.id],
    );
    expect(await builtGridVersion(testApp.database.db, data.id)).toBe(layer?.version);
  });

  it('a small layer gets no grid', async () => {
    const response = await upload('few.csv', Buffer.from('lon,lat,name\n-9.1,38.7,A\n-9.2,38.8,B\n'));
    const { data } = response.json<ImportResult>();
    expect(gridBuildUnderWay(testApp.database.db, data.id)).toBeUndefined();
    expect(await builtGridVersion(testApp.database.db, data.id)).toBeUndefined();
  });
});

describe('bad files create nothing', () => {
  it('a truncated GeoJSON is refused naming the problem', async () => {
    const before = await layerCount();
    const whole = await readFile(source);
    const response = await upload('hydrants.geojson', whole.subarray(0, Math.floor(whole.length * 0.7)));
    expect(response.status).toBe(422);
    expect(response.json<{ errors: { file: string[] } }>().errors.file[0]).toMatch(
      /could not be read as geojson: .*truncated/,
    );
    expect(await layerCount()).toBe(before);
  });

  it('a CSV without coordinates, an unknown type and a broken GeoPackage are refused', async () => {
    const before = await layerCount();
    const noCoordinates = await upload('list.csv', Buffer.from('name,size\nA,1\n'));
    expect(noCoordinates.status).toBe(422);
    expect(noCoordinates.json<{ errors: { file: string[] } }>().errors.file[0]).toMatch(
      /No coordinate columns/,
    );
    expect((await upload('notes.txt', Buffer.from('hello'))).status).toBe(422);
    expect((await upload('broken.gpkg', Buffer.from('SQLite format 3\u0000 garbage'))).status).toBe(422);
    const badWkt = await upload('bad.csv', Buffer.from('name,wkt\nA,POINT(1 2)\nB,POINT(oops)\n'));
    expect(badWkt.status).toBe(422);
    expect(await layerCount()).toBe(before);
  });

  it('a file that is not XML, read as KML, is refused naming the problem', async () => {
    const before = await layerCount();
    for (const [name, bytes, fields] of [
      ['data.json', '{"type":"FeatureCollection","features":[]}', { format: 'kml' }],
      ['empty.kml', '', {}],
      ['text.kml', 'just words', {}],
    ] as const) {
      const response = await upload(name, Buffer.from(bytes), fields);
      expect(response.status, name).toBe(422);
      expect(response.json<{ errors: { file: string[] } }>().errors.file[0], name).toMatch(
        /could not be read as kml/,
      );
    }
    expect(await layerCount()).toBe(before);
  });

  it('only admins import', async () => {
    const editor = (await testApp.signedIn('editor')).client;
    const response = await editor.request(
      'POST',
      `/api/maps/${mapId}/layers/upload`,
      multipart({}, 'a.geojson', await readFile(source)),
    );
    expect(response.status).toBe(403);
  });
});

describe('coordinates that are no finite number', () => {
  const expectSkipped = async (fileName: string, bytes: Buffer, row: number) => {
    const response = await upload(fileName, bytes);
    expect(response.status, `${fileName}: ${response.text}`).toBe(201);
    const { data, meta } = response.json<ImportResult>();
    expect(meta.features_skipped, fileName).toBe(1);
    expect(meta.warnings, fileName).toEqual([
      `Feature ${row} was skipped: a coordinate is not a finite number (NaN or Infinity).`,
    ]);
    const stored = await storedFeatures(data.id);
    // Nothing was stored at 0, 0 in its place.
    expect(
      stored.map((feature) => [feature.lon, feature.lat]),
      fileName,
    ).toEqual([[-9.13, 38.73]]);
  };

  it('skip the feature with its row named, in GeoJSON, KML and Shapefile alike', async () => {
    const good = {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-9.13, 38.73] },
      properties: {},
    };
    // 1e400 is Infinity to JSON.parse.
    const geojson = `{"type":"FeatureCollection","features":[${JSON.stringify(good)},{"type":"Feature","geometry":{"type":"Point","coordinates":[1e400,-1e400]},"properties":{}}]}`;
    await expectSkipped('infinite.geojson', Buffer.from(geojson), 2);

    const kml = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document>
<Placemark><name>bad</name><Point><coordinates>Infinity,1</coordinates></Point></Placemark>
<Placemark><name>good</name><Point><coordinates>-9.13,38.73</coordinates></Point></Placemark>
</Document></kml>`;
    await expectSkipped('infinite.kml', Buffer.from(kml), 1);

    // A Shapefile made by GDAL, its first point's X and Y then overwritten with NaN; without its
    // .prj (degrees, as most files without one are), so nothing reprojects it on the way.
    const twoPoints = path.join(dir, 'two-points.geojson');
    const bad = { ...good, geometry: { type: 'Point', coordinates: [5, 5] } };
    await writeFile(twoPoints, JSON.stringify({ type: 'FeatureCollection', features: [bad, good] }));
    const shpDir = path.join(dir, 'nan-shp');
    await mkdir(shpDir);
    gdalConvert(path.join(shpDir, 'points.shp'), twoPoints, ['-f', 'ESRI Shapefile']);
    const shp = await readFile(path.join(shpDir, 'points.shp'));
    // 100 bytes of file header, 8 of record header, 4 of shape type: then X and Y.
    shp.writeDoubleLE(Number.NaN, 112);
    shp.writeDoubleLE(Number.NaN, 120);
    await writeFile(path.join(shpDir, 'points.shp'), shp);
    const entries = Object.fromEntries(
      await Promise.all(
        (await readdir(shpDir))
          .filter((name) => !name.endsWith('.prj'))
          .map(async (name) => [name, new Uint8Array(await readFile(path.join(shpDir, name)))]),
      ),
    ) as Record<string, Uint8Array>;
    await expectSkipped('nan.zip', Buffer.from(zipSync(entries)), 1);
  });
});

describe('latitudes beyond the poles', () => {
  it('skip the feature with its row named (the map cannot project it), and keep the others', async () => {
    const good = {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-9.13, 38.73] },
      properties: {},
    };
    const beyond = {
      type: 'Feature',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [41, 164],
            [-29, 10],
            [13, -28],
            [41, 164],
          ],
        ],
      },
      properties: {},
    };
    const response = await upload(
      'beyond.geojson',
      Buffer.from(JSON.stringify({ type: 'FeatureCollection', features: [good, beyond] })),
    );
    expect(response.status, response.text).toBe(201);
    const { data, meta } = response.json<ImportResult>();
    expect(meta.warnings).toEqual(['Feature 2 was skipped: a latitude lies beyond ±90°.']);
    expect((await storedFeatures(data.id)).map((feature) => [feature.lon, feature.lat])).toEqual([
      [-9.13, 38.73],
    ]);
  });
});

describe('a feature too large to store', () => {
  it('is found in a line of a million vertices without running out of stack', () => {
    const million = {
      type: 'LineString',
      coordinates: Array.from({ length: 1_000_000 }, (_, i) => [i / 1e6, 0]),
    };
    expect(unusableGeometry(million, 7)).toEqual({
      key: 'exports.import_too_many_vertices',
      params: { row: 7, limit: 100_000 },
    });
  });

  it('is skipped with its row named: a line of more than 100,000 vertices', async () => {
    const huge = Array.from({ length: 100_001 }, (_, i) => [-9 + i / 1e6, 38.7]);
    const file = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: { type: 'Point', coordinates: [-9.13, 38.73] }, properties: {} },
        { type: 'Feature', geometry: { type: 'LineString', coordinates: huge }, properties: {} },
      ],
    });
    const response = await upload('huge.geojson', Buffer.from(file));
    expect(response.status, response.text.slice(0, 300)).toBe(201);
    const { meta } = response.json<ImportResult>();
    expect(meta).toEqual({
      features_imported: 1,
      features_skipped: 1,
      warnings: ['Feature 2 was skipped: its geometry has more than 100000 vertices.'],
    });
  });
});
