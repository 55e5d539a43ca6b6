import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertFeature, insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => t.database.reset());

interface Page {
  data: { id: number }[];
  links: Record<string, string | null>;
  meta: { total: number };
}

const point = (x: number) => ({ type: 'Point', coordinates: [x, 38.7] });

describe("listing a layer by one column's value", () => {
  it('keeps only the features with that value, counts them, and keeps the condition in its links', async () => {
    const { client } = await t.signedIn('user');
    const map = await insertMap(t.database.db);
    const layer = await insertLayer(t.database.db, map.id, {
      geometry_type: 'Point',
      properties: [
        { name: 'material', type: 'enum', options: ['pvc', 'steel'] },
        { name: 'diameter_mm', type: 'integer' },
        { name: 'open', type: 'boolean' },
      ],
    });
    const rows = [
      { material: 'pvc', diameter_mm: 110, open: true },
      { material: 'steel', diameter_mm: 110, open: false },
      { material: 'pvc', diameter_mm: 200, open: true },
      { material: 'pvc', diameter_mm: 110 },
    ];
    const ids: number[] = [];
    for (const [i, properties] of rows.entries())
      ids.push((await insertFeature(t.database.db, layer.id, point(i), properties)).id);
    const url = `/api/maps/${map.id}/layers/${layer.id}/features`;
    const list = async (query: Record<string, string | number>) =>
      (await client.get(url, { query })).json<Page>();

    const pvc = await list({ where_property: 'material', where_value: 'pvc' });
    expect(pvc.data.map((f) => f.id)).toEqual([ids[0], ids[2], ids[3]]);
    expect(pvc.meta.total).toBe(3);
    // Numbers and booleans compare as written; with search and sort alike.
    const narrow = await list({
      where_property: 'diameter_mm',
      where_value: '110',
      sort: '-id',
      per_page: 2,
    });
    expect(narrow.data.map((f) => f.id)).toEqual([ids[3], ids[1]]);
    expect(narrow.links.next).toBe(
      `${url}?per_page=2&where_property=diameter_mm&where_value=110&sort=-id&page=2`,
    );
    expect((await list({ where_property: 'open', where_value: 'false' })).data.map((f) => f.id)).toEqual([
      ids[1],
    ]);
    expect(
      (await list({ where_property: 'material', where_value: 'pvc', search: '200' })).data.map((f) => f.id),
    ).toEqual([ids[2]]);
  });

  it('answers 422 for a property the layer lacks and for half a condition', async () => {
    const { client } = await t.signedIn('user');
    const map = await insertMap(t.database.db);
    const layer = await insertLayer(t.database.db, map.id, {
      properties: [{ name: 'material', type: 'string' }],
    });
    const url = `/api/maps/${map.id}/layers/${layer.id}/features`;
    const errors = async (query: Record<string, string>) => {
      const response = await client.get(url, { query });
      expect(response.status).toBe(422);
      return Object.keys(response.json<{ errors: Record<string, string[]> }>().errors);
    };
    expect(await errors({ where_property: 'colour', where_value: 'red' })).toEqual(['where_property']);
    expect(await errors({ where_property: 'material' })).toEqual(['where_value']);
    expect(await errors({ where_value: 'pvc' })).toEqual(['where_property']);
  });
});
