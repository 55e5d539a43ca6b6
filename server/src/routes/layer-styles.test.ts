import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({});
});
afterAll(async () => t.close());
beforeEach(async () => t.database.reset());

type Errors = { errors: Record<string, string[]> };
const PROPERTIES = [
  { name: 'material', label: 'Material', type: 'enum', options: ['pvc', 'steel'] },
  { name: 'diameter_mm', label: 'Diameter', type: 'integer' },
];
const PIPES = {
  name: 'Pipes',
  type: 'vector',
  geometry_type: 'LineString',
  properties: PROPERTIES,
};
const CATEGORIZED = {
  kind: 'categorized',
  property: 'material',
  categories: [
    { value: 'pvc', label: 'PVC', color: '#1b9e77' },
    { value: 'steel', color: '#4d4d4d', stroke_width: 3 },
  ],
  size: { property: 'diameter_mm', classes: [{ min: 0, max: 200, stroke_width: 1.5 }] },
};

describe('thematic layer styles', () => {
  it('stores a categorized style with a size and a graduated one, and reads back the same', async () => {
    const { client } = await t.signedIn('admin');
    const map = await insertMap(t.database.db);
    const created = await client.post(`/api/maps/${map.id}/layers`, { ...PIPES, style: CATEGORIZED });
    expect(created.status).toBe(201);
    const layer = created.json<{ data: { id: number; style: Record<string, unknown> } }>().data;
    expect(layer.style).toMatchObject({ ...CATEGORIZED, stroke_color: '#1f78b4' });

    const url = `/api/maps/${map.id}/layers/${layer.id}`;
    const graduated = {
      kind: 'graduated',
      property: 'diameter_mm',
      classes: [
        { min: 0, max: 150, color: '#fee5d9', stroke_width: 1 },
        { min: 150, max: 600, color: '#a50f15', stroke_width: 4 },
      ],
      size: null,
    };
    const updated = await client.put(url, { style: graduated });
    expect(updated.status).toBe(200);
    expect((await client.get(url)).json()).toMatchObject({ data: { style: graduated } });

    // Back to one symbol: the other fields stay stored but no longer apply.
    const single = await client.put(url, { style: { kind: 'single' } });
    expect(single.json()).toMatchObject({ data: { style: { kind: 'single', stroke_color: '#1f78b4' } } });
  });

  it('answers 422 per field for styles that cannot be drawn, writing nothing', async () => {
    const { client } = await t.signedIn('admin');
    const map = await insertMap(t.database.db);
    const url = `/api/maps/${map.id}/layers`;
    const errorsOf = async (style: object) => {
      const response = await client.post(url, { ...PIPES, style });
      expect(response.status).toBe(422);
      return Object.keys(response.json<Errors>().errors).sort();
    };
    expect(await errorsOf({ kind: 'categorized', categories: [{ value: 'pvc', color: '#000000' }] })).toEqual(
      ['style.property'],
    );
    expect(await errorsOf({ kind: 'categorized', property: 'colour', categories: [] })).toEqual([
      'style.categories',
      'style.property',
    ]);
    expect(
      await errorsOf({
        kind: 'categorized',
        property: 'material',
        categories: [
          { value: 'pvc', color: 'green' },
          { value: 'pvc', color: '#000000' },
        ],
      }),
    ).toEqual(['style.categories.0.color']);
    expect(
      await errorsOf({
        kind: 'categorized',
        property: 'material',
        categories: [
          { value: 'pvc', color: '#00ff00' },
          { value: 'pvc', color: '#000000' },
        ],
      }),
    ).toEqual(['style.categories.1.value']);
    expect(
      await errorsOf({
        kind: 'graduated',
        property: 'material',
        classes: [{ min: 10, max: 5, color: '#000000' }],
      }),
    ).toEqual(['style.classes.0.max', 'style.property']);
    expect(
      await errorsOf({
        kind: 'categorized',
        property: 'material',
        categories: Array.from({ length: 51 }, (_, index) => ({ value: `v${index}`, color: '#000000' })),
      }),
    ).toEqual(['style.categories']);
    // A size that is neither an object of the schema nor null is named as a whole and in detail.
    expect(await errorsOf({ kind: 'pie', size: { property: 'material', classes: [] } })).toEqual([
      'style.kind',
      'style.size',
      'style.size.classes',
    ]);
    expect(await errorsOf({ size: { property: 'material', classes: [{ min: 0, max: 1 }] } })).toEqual([
      'style.size.property',
    ]);
    expect((await t.database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM layers'))[0]?.n).toBe(0);
  });

  it('checks an update against the stored style and the layer’s own properties', async () => {
    const { client } = await t.signedIn('admin');
    const db = t.database.db;
    const map = await insertMap(db);
    const layer = await insertLayer(db, map.id, { name: 'Plain' });
    const url = `/api/maps/${map.id}/layers/${layer.id}`;
    // The stored style has no kind: a category list alone is still a single symbol, so it is fine.
    expect((await client.put(url, { style: { categories: [] } })).status).toBe(200);
    const response = await client.put(url, {
      style: { kind: 'categorized', property: 'material', categories: [{ value: 'a', color: '#000000' }] },
    });
    expect(response.status).toBe(422);
    expect(Object.keys(response.json<Errors>().errors)).toEqual(['style.property']);
  });
});

describe('a thematic style when its properties change', () => {
  it('follows a renamed property and falls back to one symbol when its property is deleted', async () => {
    const { client } = await t.signedIn('admin');
    const map = await insertMap(t.database.db);
    const created = await client.post(`/api/maps/${map.id}/layers`, { ...PIPES, style: CATEGORIZED });
    const layer = created.json<{ data: { id: number } }>().data;
    const url = `/api/maps/${map.id}/layers/${layer.id}`;
    const renamed = await client.put(`${url}/properties`, {
      properties: [
        {
          name: 'pipe_material',
          previous_name: 'material',
          label: 'Material',
          type: 'enum',
          options: ['pvc', 'steel'],
        },
        { name: 'dn', previous_name: 'diameter_mm', label: 'Diameter', type: 'integer' },
      ],
    });
    expect(renamed.status).toBe(200);
    expect((await client.get(url)).json()).toMatchObject({
      data: { style: { kind: 'categorized', property: 'pipe_material', size: { property: 'dn' } } },
    });

    expect((await client.post(`${url}/properties`, { names: ['pipe_material', 'dn'] })).status).toBe(200);
    expect((await client.get(url)).json()).toMatchObject({
      data: { style: { kind: 'single', property: null, size: null } },
    });
  });
});
