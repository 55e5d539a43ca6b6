import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertFeature, insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({});
});
afterAll(async () => t.close());
beforeEach(async () => t.database.reset());

const POINT = { type: 'Point', coordinates: [-9.14, 38.72] };
type Answer = {
  data: {
    property: string;
    values: { value: string | number | boolean; count: number }[];
    truncated: boolean;
    range: { min: number; max: number } | null;
  };
};

async function pipesWith(rows: Record<string, unknown>[]) {
  const map = await insertMap(t.database.db);
  const layer = await insertLayer(t.database.db, map.id, {
    name: 'Pipes',
    properties: [
      { name: 'material', type: 'string' },
      { name: 'diameter_mm', type: 'number' },
      { name: 'note', type: 'string' },
    ],
  });
  for (const properties of rows) await insertFeature(t.database.db, layer.id, POINT, properties);
  return `/api/maps/${map.id}/layers/${layer.id}/property-values`;
}

describe('a layer property values (classify from data)', () => {
  it('counts distinct values, most frequent first, and gives the numeric range', async () => {
    const url = await pipesWith([
      { material: 'pvc', diameter_mm: 110 },
      { material: 'steel', diameter_mm: 300.5 },
      { material: 'pvc', diameter_mm: 110 },
      { material: 'pvc', diameter_mm: 90 },
      { material: null, diameter_mm: null },
      { diameter_mm: 200 },
    ]);
    const { client } = await t.signedIn('user');

    const materials = await client.get(`${url}?property=material`);
    expect(materials.status).toBe(200);
    expect(materials.json<Answer>().data).toEqual({
      property: 'material',
      values: [
        { value: 'pvc', count: 3 },
        { value: 'steel', count: 1 },
      ],
      truncated: false,
      range: null,
    });

    const diameters = (await client.get(`${url}?property=diameter_mm`)).json<Answer>().data;
    expect(diameters.values).toEqual([
      { value: 110, count: 2 },
      { value: 90, count: 1 },
      { value: 200, count: 1 },
      { value: 300.5, count: 1 },
    ]);
    expect(diameters.range).toEqual({ min: 90, max: 300.5 });

    // A property nobody filled in: no values, no range.
    expect((await client.get(`${url}?property=note`)).json<Answer>().data).toMatchObject({
      values: [],
      range: null,
    });
  });

  it('stops at `limit` values and says there were more', async () => {
    const url = await pipesWith(
      Array.from({ length: 7 }, (_, index) => ({ material: `m${index % 5}`, diameter_mm: index })),
    );
    const { client } = await t.signedIn('user');
    const answer = (await client.get(`${url}?property=material&limit=3`)).json<Answer>().data;
    expect(answer.values.map((entry) => entry.value)).toEqual(['m0', 'm1', 'm2']);
    expect(answer.values.map((entry) => entry.count)).toEqual([2, 2, 1]);
    expect(answer.truncated).toBe(true);
    // The range covers every feature, not only the listed values.
    expect((await client.get(`${url}?property=diameter_mm&limit=1`)).json<Answer>().data.range).toEqual({
      min: 0,
      max: 6,
    });
    expect((await client.get(`${url}?property=material&limit=101`)).status).toBe(422);
  });

  it('answers 422 for a property outside the schema, 404 for a layer of another map, 401 signed out', async () => {
    const url = await pipesWith([{ material: 'pvc' }]);
    const { client } = await t.signedIn('user');
    const unknown = await client.get(`${url}?property=colour`);
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['property']);
    const other = await insertMap(t.database.db);
    const wrongMap = url.replace(/\/api\/maps\/\d+\//, `/api/maps/${other.id}/`);
    expect((await client.get(`${wrongMap}?property=material`)).status).toBe(404);
    expect((await t.client().get(`${url}?property=material`)).status).toBe(401);
  });
});
