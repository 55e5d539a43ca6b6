import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '@generated/openapi-types.ts';
import { insertMap } from '../../test-support/map-fixtures.ts';
import { multipart } from '../../test-support/multipart.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { importedSearchText } from './import-search-text.ts';

type ImportResult = components['schemas']['LayerImportResult'];

/**
 * An import writes each feature's search text itself where it can tell it for sure, and leaves
 * the rest to the database: either way the stored text must be the one the database makes of
 * the properties, as for every other write (feature-search-text.test.ts).
 */
let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'atlasboard-import-search-'));
  t = await startTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const point = (lon: number) => ({ type: 'Point', coordinates: [lon, 38.72] });
// Plain values, and ones whose text only the database can tell: letters beyond ASCII (lowered
// by its locale), numbers JavaScript writes with an exponent, keys of every length and order.
const PROPERTIES: Record<string, unknown>[] = [
  { Name: 'PT-0000001', Kind: 'Valve', value: 345, zz: 'b', a: 'c', longer_key: 'D', bb: 'E' },
  { Name: 'Ávila', Kind: 'ÉCOLE', value: 1.5, Número: 'Nº 7' },
  { Name: 'tiny', value: 1e-7, active: true },
  { Name: 'big', value: 1e21, active: false },
  { Name: 'nested', extra: { a: 1, b: [1, 2] } },
  { Name: 'Line one\nLINE "two" \\ three\ttab', code: 12 },
  { Name: null, Kind: '', code: 'X-12' },
  {},
];

describe('an imported layer’s search text', () => {
  it('is what the database makes of each feature’s properties, written by the import where it can tell', async () => {
    const { client } = await t.signedIn('admin');
    const map = await insertMap(t.database.db);
    const file = {
      type: 'FeatureCollection',
      features: PROPERTIES.map((properties, index) => ({
        type: 'Feature',
        geometry: point(-9.14 + index * 0.001),
        properties,
      })),
    };
    const response = await client.request(
      'POST',
      `/api/maps/${map.id}/layers/upload`,
      multipart({ name: 'Search text' }, 'search.geojson', Buffer.from(JSON.stringify(file))),
    );
    expect(response.status).toBe(201);
    const layerId = response.json<ImportResult>().data.id;

    const rows = await t.database.db.query<{
      properties: Record<string, unknown>;
      search_text: string;
      made: string;
    }>(
      `SELECT properties, search_text, lower(feature_search_text(properties)) AS made
       FROM features WHERE layer_id = $1 ORDER BY id`,
      [layerId],
    );
    expect(rows).toHaveLength(PROPERTIES.length);
    for (const row of rows) expect(row.search_text).toBe(row.made);

    // Where the import tells the text itself, it tells the database's; the plain rows it tells.
    const told = rows.map((row) => importedSearchText(row.properties));
    rows.forEach((row, index) => {
      if (told[index] !== null) expect(told[index]).toBe(row.made);
    });
    // Keys shorter first, then in byte order: a, bb, zz, kind, name, value, longer_key.
    expect(told[0]).toBe('c\ne\nb\nvalve\npt-0000001\n345\nd');
    expect(told.filter((text) => text !== null).length).toBeGreaterThanOrEqual(4);
    expect([told[1], told[2], told[3]]).toEqual([null, null, null]);

    // And the table's search finds what each holds.
    const found = async (text: string) =>
      (await client.get(`/api/maps/${map.id}/layers/${layerId}/features`, { query: { search: text } }))
        .json<{ data: { properties: Record<string, unknown> }[] }>()
        .data.map((feature) => feature.properties.name);
    expect(await found('valve')).toEqual(['PT-0000001']);
    expect(await found('ávila')).toEqual(['Ávila']);
    expect(await found('0.0000001')).toEqual(['tiny']);
    expect(await found('"two"')).toEqual(['Line one\nLINE "two" \\ three\ttab']);
  });
});
