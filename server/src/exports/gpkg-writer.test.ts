import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import initSqlJs from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gdalFeatures, gdalLayers } from '../../test-support/gdal.ts';
import { gpkgReader } from '../imports/gpkg-reader.ts';
import type { ImportedFeature } from '../imports/imported-feature.ts';
import type { ExportRow } from './export-scope.ts';
import type { ExportField } from './writers/export-writer.ts';
import { gpkgWriter } from './writers/gpkg-writer.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'atlasboard-gpkg-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const FIELDS: ExportField[] = [
  { name: 'code', type: 'string' },
  { name: 'length', type: 'number' },
  { name: 'valves', type: 'integer' },
  { name: 'active', type: 'boolean' },
];

/** A line of `count` vertices as little-endian WKB (what PostGIS's ST_AsBinary gives). */
function lineWkb(count: number, x0: number): Uint8Array {
  const wkb = new Uint8Array(9 + count * 16);
  const view = new DataView(wkb.buffer);
  wkb[0] = 1;
  view.setUint32(1, 2, true);
  view.setUint32(5, count, true);
  for (let i = 0; i < count; i += 1) {
    view.setFloat64(9 + i * 16, x0 + i / 1000, true);
    view.setFloat64(17 + i * 16, 38 + (i % 7) / 100, true);
  }
  return wkb;
}

/** Pipe `id`: lines of 2 to 71 vertices, so payloads fall on both sides of the overflow rules. */
function pipe(id: number, vertices = 2 + (id % 70)): ExportRow {
  const x0 = -9 + id / 10000;
  return {
    id,
    layer_id: 1,
    properties: {
      code: `P-${id} é`,
      length: id / 4,
      valves: id % 5 === 0 ? null : id * 1000,
      active: id % 3 === 0,
    },
    geometry: null,
    wkb: lineWkb(vertices, x0),
    bbox: [x0, 38, x0 + (vertices - 1) / 1000, 38 + Math.min(vertices - 1, 6) / 100],
  };
}

async function exportRows(
  name: string,
  batches: ExportRow[][],
  pageSize?: number,
  geometryType: string | null = 'LineString',
) {
  const file = path.join(dir, `${name}.gpkg`);
  const writer = gpkgWriter({ path: file, fields: FIELDS, title: 'Water pipes', geometryType }, pageSize);
  for (const rows of batches) await writer.write(rows);
  await writer.finish();
  return file;
}

async function openWithSqlJs(file: string) {
  const SQL = await initSqlJs();
  return new SQL.Database(await readFile(file));
}

/** Page types from the feature table's root down its right-most path (0x05 interior, 0x0d leaf). */
async function rightmostPath(file: string): Promise<number[]> {
  const bytes = await readFile(file);
  const db = await openWithSqlJs(file);
  const pageSize = Number(db.exec('PRAGMA page_size')[0]?.values[0]?.[0]);
  let page = Number(
    db.exec(`SELECT rootpage FROM sqlite_schema WHERE name = 'water_pipes'`)[0]?.values[0]?.[0],
  );
  db.close();
  const kinds: number[] = [];
  for (;;) {
    const kind = bytes[(page - 1) * pageSize] ?? 0;
    kinds.push(kind);
    if (kind !== 0x05) return kinds;
    page = bytes.readUInt32BE((page - 1) * pageSize + 8);
  }
}

describe('GeoPackage writer', () => {
  it('streams thousands of rows into a deep b-tree with overflow pages that GDAL and SQLite read whole', async () => {
    const ids = Array.from({ length: 3000 }, (_, index) => index * 2 + 1);
    const rows = ids.map((id) => (id === 1501 ? pipe(id, 3000) : pipe(id)));
    const batches = [rows.slice(0, 1000), rows.slice(1000, 2000), rows.slice(2000)];
    const file = await exportRows('deep', batches, 512);

    expect((await rightmostPath(file)).length).toBeGreaterThanOrEqual(3);
    const db = await openWithSqlJs(file);
    expect(db.exec('PRAGMA integrity_check')[0]?.values).toEqual([['ok']]);
    expect(db.exec('PRAGMA quick_check')[0]?.values).toEqual([['ok']]);
    expect(db.exec('SELECT count(*), min(fid), max(fid) FROM water_pipes')[0]?.values).toEqual([
      [3000, 1, 5999],
    ]);
    const extent = [
      Math.min(...rows.map((row) => row.bbox?.[0] ?? 0)),
      Math.max(...rows.map((row) => row.bbox?.[2] ?? 0)),
    ];
    expect(db.exec('SELECT min_x, max_x FROM gpkg_contents')[0]?.values).toEqual([extent]);
    db.close();

    const [layer] = gdalLayers(file);
    expect(layer).toMatchObject({ name: 'water_pipes', geometry: 'Line String', featureCount: 3000 });
    expect(layer?.fields).toEqual({ code: 'String', length: 'Real', valves: 'Integer64', active: 'Integer' });
    const features = gdalFeatures(file);
    expect(features).toHaveLength(3000);
    expect(features.map((feature) => feature.properties.code)).toEqual(ids.map((id) => `P-${id} é`));
    expect(features[5]?.properties).toEqual({ code: 'P-11 é', length: 2.75, valves: 11000, active: false });
    expect(features[2]?.properties).toMatchObject({ valves: null, active: false });
    expect(features[1]?.properties).toMatchObject({ active: true });
    const long = features[750]?.geometry?.coordinates as number[][];
    expect(long).toHaveLength(3000);
    expect(long[2999]?.[0]).toBeCloseTo(-9 + 1501 / 10000 + 2999 / 1000, 9);
    expect(long[2999]?.[1]).toBeCloseTo(38 + (2999 % 7) / 100, 9);
    expect((features[2999]?.geometry?.coordinates as number[][]).length).toBe(2 + (5999 % 70));
  });

  it('an empty export is a valid GeoPackage with an empty feature table', async () => {
    const file = await exportRows('empty', []);
    const [layer] = gdalLayers(file);
    expect(layer).toMatchObject({ name: 'water_pipes', geometry: 'Line String', featureCount: 0 });
    const db = await openWithSqlJs(file);
    expect(db.exec('PRAGMA integrity_check')[0]?.values).toEqual([['ok']]);
    db.close();
  });

  it('one row, with the default page size and a geometry several pages long', async () => {
    const file = await exportRows('one', [[pipe(42, 1000)]]);
    expect(await rightmostPath(file)).toEqual([0x0d]);
    const db = await openWithSqlJs(file);
    expect(db.exec('PRAGMA integrity_check')[0]?.values).toEqual([['ok']]);
    db.close();
    const [feature] = gdalFeatures(file);
    expect(feature?.properties).toEqual({ code: 'P-42 é', length: 10.5, valves: 42000, active: true });
    expect(feature?.geometry?.coordinates).toHaveLength(1000);
  });

  it('rows of several layers whose ids do not ascend get the next free fid', async () => {
    const file = await exportRows(
      'layers',
      [
        [pipe(10), pipe(20)],
        [pipe(5), pipe(30)],
      ],
      undefined,
      null,
    );
    const db = await openWithSqlJs(file);
    expect(db.exec('SELECT fid, code FROM water_pipes')[0]?.values).toEqual([
      [10, 'P-10 é'],
      [20, 'P-20 é'],
      [21, 'P-5 é'],
      [30, 'P-30 é'],
    ]);
    db.close();
    expect(gdalLayers(file)[0]).toMatchObject({ geometry: 'Unknown (any)', featureCount: 4 });
  });

  it('keeps integers of every size, decimals and a record header longer than one varint byte', async () => {
    const integers = [
      -1,
      127,
      -128,
      300,
      -40000,
      8_000_000,
      -2_000_000_000,
      2 ** 40,
      -(2 ** 47),
      2 ** 53 - 1,
    ];
    const fields: ExportField[] = [
      ...integers.map((_, index): ExportField => ({ name: `i${index}`, type: 'integer' })),
      { name: 'ratio', type: 'number' },
      ...Array.from({ length: 120 }, (_, index): ExportField => ({ name: `note${index}`, type: 'string' })),
    ];
    const properties: Record<string, unknown> = { ratio: -0.1 };
    integers.forEach((value, index) => (properties[`i${index}`] = value));
    fields
      .slice(integers.length + 1)
      .forEach((field, index) => (properties[field.name] = 'x'.repeat(index * 3 + 1)));
    const file = path.join(dir, 'wide.gpkg');
    const writer = gpkgWriter({ path: file, fields, title: 'Wide', geometryType: null });
    await writer.write([{ id: 7, layer_id: 1, properties, geometry: null, wkb: null, bbox: null }]);
    await writer.finish();
    const db = await openWithSqlJs(file);
    expect(db.exec('PRAGMA integrity_check')[0]?.values).toEqual([['ok']]);
    const [columns, values] = [
      db.exec('SELECT * FROM wide')[0]?.columns,
      db.exec('SELECT * FROM wide')[0]?.values[0],
    ];
    db.close();
    const row = Object.fromEntries((columns ?? []).map((name, index) => [name, values?.[index]]));
    expect(row).toEqual({ fid: 7, geom: null, ...properties });
  });

  it('reads back through the GeoPackage import', async () => {
    const file = await exportRows('round-trip', [[pipe(3), pipe(4, 500)]], 1024);
    const imported: ImportedFeature[] = [];
    for await (const feature of gpkgReader(file, undefined)()) imported.push(feature);
    expect(imported.map((feature) => feature.properties)).toEqual([
      { code: 'P-3 é', length: 0.75, valves: 3000, active: true },
      { code: 'P-4 é', length: 1, valves: 4000, active: false },
    ]);
    expect(imported[1]?.geometry).toEqual({
      type: 'WKB',
      srid: 4326,
      coordinates: Buffer.from(lineWkb(500, -9 + 4 / 10000)).toString('hex'),
    });
  });
});
