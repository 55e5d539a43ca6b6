import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gdalFeatures } from '../../test-support/gdal.ts';
import { insertFeature, insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { exportRunner } from './export-job.ts';
import { TEXT_BATCH_SIZE } from './text-stream.ts';

// GeoJSON and CSV are written by PostgreSQL (text-formats.ts): these are the odd values
// the JavaScript fieldValue used to read, and must still read the same way.
let database: TestDatabase;
let dataDir: string;
let layerId: number;

const ODD = [
  { code: 'plain', size: 3, open: true, note: 'a,b "c"\nnext line' },
  { code: '', size: ' 12.50 ', open: 'false', note: 7 },
  { code: 'ünï', size: 'abc', open: 'maybe', note: { nested: 1 } },
  { code: null, size: true, open: null },
];

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'atlasboard-text-exports-'));
  const mapId = (await insertMap(database.db)).id;
  layerId = (
    await insertLayer(database.db, mapId, {
      name: 'Odd values',
      properties: [
        { name: 'code' },
        { name: 'size', type: 'number' },
        { name: 'open', type: 'boolean' },
        { name: 'note "quoted", too' },
      ],
    })
  ).id;
  for (const [index, odd] of ODD.entries()) {
    const { note, ...rest } = odd;
    const { id } = await insertFeature(
      database.db,
      layerId,
      { type: 'Point', coordinates: [index, 1.5] },
      note === undefined ? rest : { ...rest, 'note "quoted", too': note },
    );
    if (index === 3) await database.db.query('UPDATE features SET geom = NULL WHERE id = $1', [id]);
  }
}, 60_000);

afterAll(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function runExport(format: 'geojson' | 'csv', scope: Record<string, unknown> = {}): Promise<string> {
  const run = exportRunner({ db: database.db, dataDir, mailer: { send: async () => undefined } });
  const id = `${format}-${Math.random().toString(36).slice(2)}`;
  const result = await run({
    job: {
      id,
      payload: {
        format,
        scope: { kind: 'layer', layer_id: layerId, ...scope },
        file_name: `odd.${format}`,
        title: 'Odd values',
        geometry_type: 'Point',
        email_to_send: null,
        link_origin: 'http://localhost',
        locale: 'en',
      },
    },
    progress: async () => undefined,
  } as unknown as Parameters<ReturnType<typeof exportRunner>>[0]);
  return path.join(dataDir, 'exports', String(result.file));
}

describe('text exports written by PostgreSQL', () => {
  it('GeoJSON: each value read by its field type, in the schema order', async () => {
    const file = await runExport('geojson');
    const parsed = JSON.parse(await readFile(file, 'utf8')) as {
      features: { id: number; geometry: unknown; properties: Record<string, unknown> }[];
    };
    expect(parsed.features.map((feature) => feature.properties)).toEqual([
      { code: 'plain', size: 3, open: true, 'note "quoted", too': 'a,b "c"\nnext line' },
      { code: null, size: 12.5, open: false, 'note "quoted", too': '7' },
      { code: 'ünï', size: null, open: null, 'note "quoted", too': '{"nested": 1}' },
      { code: null, size: 1, open: null, 'note "quoted", too': null },
    ]);
    expect(Object.keys(parsed.features[0]?.properties ?? {})).toEqual([
      'code',
      'size',
      'open',
      'note "quoted", too',
    ]);
    expect(parsed.features[3]?.geometry).toBeNull();
    expect(gdalFeatures(file)).toHaveLength(4);
  });

  it('CSV: quoted where a cell holds a comma, a quote or a line break; GDAL reads it back', async () => {
    const file = await runExport('csv');
    const text = await readFile(file, 'utf8');
    expect(text.split('\n')[0]).toBe('id,code,size,open,"note ""quoted"", too",wkt');
    expect(text).toContain(',plain,3,true,"a,b ""c""\nnext line",POINT(0 1.5)\n');
    expect(text.endsWith(',,1,,,\n')).toBe(true);
    const rows = gdalFeatures(file);
    expect(rows.map((row) => row.properties.code)).toEqual(['plain', '', 'ünï', '']);
  });

  it('a search scope holds what the table search finds: any case, within one value, not across two', async () => {
    const codes = async (search: string) =>
      gdalFeatures(await runExport('geojson', { search })).map((row) => row.properties.code);
    expect(await codes('ÜNÏ')).toEqual(['ünï']);
    expect(await codes('B "C"')).toEqual(['plain']);
    // 'true' and '3' are two values of one feature (open, size), side by side in the stored text.
    expect(await codes('true\n3')).toEqual([]);
  });

  it('a search scope and an empty result still make a whole file', async () => {
    const file = await runExport('geojson', { search: 'no such value' });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ type: 'FeatureCollection', features: [] });
    const csv = await readFile(await runExport('csv', { search: 'no such value' }), 'utf8');
    expect(csv).toBe('id,code,size,open,"note ""quoted"", too",wkt\n');
    expect(TEXT_BATCH_SIZE).toBeGreaterThan(ODD.length);
  });
});
