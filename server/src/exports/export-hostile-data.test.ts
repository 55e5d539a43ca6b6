import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gdalFeatures, gdalLayers } from '../../test-support/gdal.ts';
import { insertFeature, insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import type { TestClient } from '../../test-support/test-client.ts';
import type { ExportBody } from './export-record.ts';

let t: TestApp;
let dataDir: string;
let viewer: TestClient;
let mapId: number;
let namesId: number;
let mixedId: number;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'atlasboard-export-hostile-'));
  t = await startTestApp({ DATA_DIR: dataDir });
  const db = t.database.db;
  mapId = (await insertMap(db)).id;
  // Property names that are also names on every JavaScript object.
  namesId = (
    await insertLayer(db, mapId, {
      name: 'Names',
      geometry_type: 'Point',
      properties: [{ name: 'code' }, { name: 'constructor' }, { name: 'toString' }],
    })
  ).id;
  await insertFeature(db, namesId, { type: 'Point', coordinates: [1, 2] }, { code: 'empty' });
  await insertFeature(
    db,
    namesId,
    { type: 'Point', coordinates: [3, 4] },
    { code: 'set', constructor: 'built', toString: 'said' },
  );
  // A layer of any geometry (an imported KML, say): points, lines and polygons together.
  mixedId = (await insertLayer(db, mapId, { name: 'Mixed', properties: [{ name: 'kind' }] })).id;
  await db.query('UPDATE layers SET geometry_type = NULL WHERE id = $1', [mixedId]);
  await insertFeature(db, mixedId, { type: 'Point', coordinates: [1, 1] }, { kind: 'point' });
  await insertFeature(
    db,
    mixedId,
    {
      type: 'LineString',
      coordinates: [
        [0, 0],
        [1, 1],
      ],
    },
    { kind: 'line' },
  );
  await insertFeature(
    db,
    mixedId,
    {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [0, 1],
          [1, 1],
          [0, 0],
        ],
      ],
    },
    { kind: 'polygon' },
  );
  await insertFeature(db, mixedId, { type: 'Point', coordinates: [2, 2] }, { kind: 'point 2' });
  viewer = (await t.signedIn('user')).client;
});

afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function exported(layerId: number, format: string): Promise<string> {
  const started = await viewer.post(`/api/maps/${mapId}/export-features`, { format, layer_id: layerId });
  expect(started.status).toBe(201);
  const { data } = started.json<{ data: ExportBody }>();
  expect(data.status).toBe('ready');
  const download = await viewer.get(`/api/get-export/${data.id}`);
  expect(download.status).toBe(200);
  const file = path.join(dataDir, `read-${data.id}-${data.file_name}`);
  await writeFile(file, download.raw);
  return file;
}

const byCode = (features: { properties: Record<string, unknown> }[]) =>
  Object.fromEntries(features.map((feature) => [feature.properties.code, feature.properties]));

describe('a property named like a JavaScript built-in', () => {
  const formats: [string, (file: string) => string, string[]][] = [
    ['kml', (file) => file, []],
    ['gpkg', (file) => file, []],
    ['shp', (file) => `/vsizip/${file}`, []],
    ['xlsx', (file) => file, ['HEADERS=FORCE', 'FIELD_TYPES=STRING']],
  ];
  for (const [format, source, options] of formats)
    it(`is empty in ${format} where the feature has no value, and its own value where it has one`, async () => {
      const file = await exported(namesId, format);
      const features = byCode(gdalFeatures(source(file), options));
      const own = (row: Record<string, unknown> | undefined, name: string) =>
        row && Object.hasOwn(row, name) ? row[name] : undefined;
      // DBF cuts names to 10 characters; the others keep them.
      const constructorValue = (row: Record<string, unknown> | undefined) =>
        own(row, 'constructor') ?? own(row, 'constructo');
      expect(constructorValue(features.empty) ?? null).toBeNull();
      expect(own(features.empty, 'toString') ?? null).toBeNull();
      expect(constructorValue(features.set)).toBe('built');
      expect(own(features.set, 'toString')).toBe('said');
    });
});

describe('a Shapefile of mixed geometries', () => {
  it('holds one shapefile per geometry type, every feature with its shape', async () => {
    const file = await exported(mixedId, 'shp');
    const layers = gdalLayers(`/vsizip/${file}`);
    expect(layers.map((layer) => [layer.geometry, layer.featureCount]).sort()).toEqual([
      ['Line String', 1],
      ['Point', 2],
      ['Polygon', 1],
    ]);
    const features = layers.flatMap((layer) => gdalFeatures(`/vsizip/${file}`, [], layer.name));
    expect(features.map((feature) => [feature.properties.kind, feature.geometry?.type]).sort()).toEqual([
      ['line', 'LineString'],
      ['point 2', 'Point'],
      ['point', 'Point'],
      ['polygon', 'Polygon'],
    ]);
  });
});
