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
  data: { id: number; properties: Record<string, unknown>; files: unknown[] }[];
  links: Record<string, string | null>;
  meta: Record<string, number | string | null>;
}

const PIPE_SCHEMA = [
  { name: 'material', type: 'enum' as const, options: ['pvc', 'cast_iron'], required: true },
  { name: 'diameter_mm', type: 'integer' as const },
  { name: 'installed', type: 'date' as const },
  { name: 'sheet', type: 'url' as const },
];
const line = (x: number) => ({
  type: 'LineString',
  coordinates: [
    [x, 38.72],
    [x + 0.01, 38.73],
  ],
});

describe('listing a layer', () => {
  it('pages by id with cursor links and searches property values case-insensitively', async () => {
    const { client } = await t.signedIn('user');
    const map = await insertMap(t.database.db);
    const layer = await insertLayer(t.database.db, map.id, { geometry_type: 'LineString' });
    const ids: number[] = [];
    for (let i = 0; i < 7; i += 1)
      ids.push(
        (
          await insertFeature(t.database.db, layer.id, line(i / 100), {
            code: `P-${i}`,
            note: i === 5 ? 'Near SCHOOL' : 'x',
          })
        ).id,
      );
    const url = `/api/maps/${map.id}/layers/${layer.id}/features`;

    const first = (await client.get(url, { query: { per_page: 3 } })).json<Page>();
    expect(first.data.map((f) => f.id)).toEqual(ids.slice(0, 3));
    expect(first.meta).toMatchObject({ total: 7, last_page: 3, current_page: 1, from: 1, to: 3 });
    expect(first.links.next).toBe(`${url}?per_page=3&after_id=${ids[2]}&page=2`);

    const second = (await client.get(first.links.next ?? '')).json<Page>();
    expect(second.data.map((f) => f.id)).toEqual(ids.slice(3, 6));
    expect(second.meta).toMatchObject({ current_page: 2, from: 4, to: 6 });
    const back = (await client.get(second.links.prev ?? '')).json<Page>();
    expect(back.data.map((f) => f.id)).toEqual(ids.slice(0, 3));
    const last = (await client.get(first.links.last ?? '')).json<Page>();
    expect(last.data.map((f) => f.id)).toEqual(ids.slice(6));
    const typed = (await client.get(url, { query: { per_page: 3, page: 2 } })).json<Page>();
    expect(typed.data.map((f) => f.id)).toEqual(ids.slice(3, 6));

    const found = (await client.get(url, { query: { search: 'school' } })).json<Page>();
    expect(found.data.map((f) => f.id)).toEqual([ids[5]]);
    expect(found.meta.total).toBe(1);
    // Property names are not values: searching a key finds nothing.
    expect((await client.get(url, { query: { search: 'note' } })).json<Page>().data).toEqual([]);
    // Each value is matched on its own: text running from one value into the next is no match.
    expect((await client.get(url, { query: { search: '5\nNear' } })).json<Page>().meta.total).toBe(0);
  });

  it('counts search matches exactly up to 10,000 and estimates past that', async () => {
    const { client } = await t.signedIn('user');
    const map = await insertMap(t.database.db);
    const layer = await insertLayer(t.database.db, map.id);
    await t.database.db.query(
      `INSERT INTO features (layer_id, geom, properties)
       SELECT $1, ST_SetSRID(ST_MakePoint(-9 + g * 0.00001, 38.7), 4326), jsonb_build_object('code', 'row-' || g)
       FROM generate_series(1, 10050) g`,
      [layer.id],
    );
    const url = `/api/maps/${map.id}/layers/${layer.id}/features`;
    const many = (await client.get(url, { query: { search: 'ROW-' } })).json<Page>();
    expect(many.meta.total).toBeGreaterThan(10_000);
    expect(many.data.map((f) => f.properties.code)).toEqual(
      Array.from({ length: 15 }, (_, i) => `row-${i + 1}`),
    );
    const one = (await client.get(url, { query: { search: 'row-1234' } })).json<Page>();
    expect(one.meta).toMatchObject({ total: 1, last_page: 1 });
    expect(one.data.map((f) => f.properties.code)).toEqual(['row-1234']);
  });

  it('serves a deep page number with no cursor the rows OFFSET would, also after deletions', async () => {
    const { client } = await t.signedIn('user');
    const map = await insertMap(t.database.db);
    const layer = await insertLayer(t.database.db, map.id);
    await t.database.db.query(
      `INSERT INTO features (layer_id, geom, properties)
       SELECT $1, ST_SetSRID(ST_MakePoint(-9 + g * 0.00001, 38.7), 4326), jsonb_build_object('n', g)
       FROM generate_series(1, 2600) g`,
      [layer.id],
    );
    const url = `/api/maps/${map.id}/layers/${layer.id}/features`;
    const expected = async (offset: number) =>
      (
        await t.database.db.query<{ id: number }>(
          'SELECT id FROM features WHERE layer_id = $1 ORDER BY id LIMIT 15 OFFSET $2',
          [layer.id, offset],
        )
      ).map((row) => row.id);
    const idsOfPage = async (page: number) =>
      (await client.get(url, { query: { page } })).json<Page>().data.map((f) => f.id);

    for (const page of [2, 67, 68, 134, 150])
      expect(await idsOfPage(page)).toEqual(await expected((page - 1) * 15));
    // Deleting rows before the page shifts it; the answer must shift with it.
    await t.database.db.query(
      'DELETE FROM features WHERE layer_id = $1 AND id IN (SELECT id FROM features WHERE layer_id = $1 ORDER BY id LIMIT 40)',
      [layer.id],
    );
    for (const page of [67, 150]) expect(await idsOfPage(page)).toEqual(await expected((page - 1) * 15));
    const meta = (await client.get(url, { query: { page: 150 } })).json<Page>().meta;
    expect(meta).toMatchObject({ total: 2560, current_page: 150, from: 2236, to: 2250 });
  });

  it('sorts by a property or the id, either way, with ties and missing values in a stable place', async () => {
    const { client } = await t.signedIn('user');
    const map = await insertMap(t.database.db);
    const layer = await insertLayer(t.database.db, map.id, {
      geometry_type: 'LineString',
      properties: PIPE_SCHEMA,
    });
    const diameters = [150, 90, undefined, 300, 90];
    const ids: number[] = [];
    for (const [i, diameter] of diameters.entries())
      ids.push(
        (
          await insertFeature(t.database.db, layer.id, line(i / 100), {
            material: 'pvc',
            ...(diameter === undefined ? {} : { diameter_mm: diameter }),
          })
        ).id,
      );
    const url = `/api/maps/${map.id}/layers/${layer.id}/features`;
    const order = async (sort: string, perPage = 15, page = 1) =>
      (await client.get(url, { query: { sort, per_page: perPage, page } })).json<Page>();

    // Numbers sort as numbers (90 before 150 before 300), the one without a diameter last.
    const ascending = await order('diameter_mm');
    expect(ascending.data.map((f) => f.id)).toEqual([ids[1], ids[4], ids[0], ids[3], ids[2]]);
    const descending = await order('-diameter_mm');
    expect(descending.data.map((f) => f.id)).toEqual([ids[3], ids[0], ids[4], ids[1], ids[2]]);
    expect((await order('-id')).data.map((f) => f.id)).toEqual([...ids].reverse());

    // Sorted pages are followed by page number: the links keep the sort and carry no cursor.
    const first = await order('-diameter_mm', 2);
    expect(first.links.next).toBe(`${url}?per_page=2&sort=-diameter_mm&page=2`);
    const second = (await client.get(first.links.next ?? '')).json<Page>();
    expect(second.data.map((f) => f.id)).toEqual([ids[4], ids[1]]);
    const last = (await client.get(first.links.last ?? '')).json<Page>();
    expect(last.data.map((f) => f.id)).toEqual([ids[2]]);
  });

  it('reads a cursor past any id (1e309, which the query reads as Infinity) as the end or the whole layer, not a 500', async () => {
    const { client } = await t.signedIn('user');
    const map = await insertMap(t.database.db);
    const layer = await insertLayer(t.database.db, map.id, { geometry_type: 'LineString' });
    const ids = [
      await insertFeature(t.database.db, layer.id, line(0)),
      await insertFeature(t.database.db, layer.id, line(1)),
    ];
    const url = `/api/maps/${map.id}/layers/${layer.id}/features`;
    const after = await client.get(url, { query: { after_id: '1e309' } });
    expect(after.status).toBe(200);
    expect(after.json<Page>().data).toEqual([]);
    const before = await client.get(url, { query: { before_id: '1e309' } });
    expect(before.status).toBe(200);
    expect(before.json<Page>().data.map((feature) => feature.id)).toEqual(ids.map((row) => row.id));
  });

  it('answers 422 on sort for a property the layer does not have, or a malformed sort', async () => {
    const { client } = await t.signedIn('user');
    const map = await insertMap(t.database.db);
    const layer = await insertLayer(t.database.db, map.id, { properties: PIPE_SCHEMA });
    const url = `/api/maps/${map.id}/layers/${layer.id}/features`;
    const unknown = await client.get(url, { query: { sort: '-colour' } });
    expect(unknown.status).toBe(422);
    expect(unknown.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      sort: ['The layer has no property named "colour".'],
    });
    const malformed = await client.get(url, { query: { sort: 'diameter mm' } });
    expect(malformed.status).toBe(422);
    expect(Object.keys(malformed.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['sort']);
  });

  it('answers 404 for a layer of another map and 401 without a session', async () => {
    const { client } = await t.signedIn('user');
    const map = await insertMap(t.database.db);
    const other = await insertMap(t.database.db);
    const layer = await insertLayer(t.database.db, other.id);
    expect((await client.get(`/api/maps/${map.id}/layers/${layer.id}/features`)).status).toBe(404);
    expect((await t.client().get(`/api/maps/${other.id}/layers/${layer.id}/features`)).status).toBe(401);
  });
});

describe('adding a feature', () => {
  it('stores a valid feature for an editor and records its creation', async () => {
    const { client, user } = await t.signedIn('editor');
    const map = await insertMap(t.database.db);
    const layer = await insertLayer(t.database.db, map.id, {
      geometry_type: 'LineString',
      properties: PIPE_SCHEMA,
    });
    const response = await client.post(`/api/maps/${map.id}/layers/${layer.id}/features`, {
      type: 'Feature',
      geometry: line(0),
      properties: {
        material: 'pvc',
        diameter_mm: 150,
        installed: '2020-05-01',
        sheet: 'https://example.com/p',
      },
    });
    expect(response.status).toBe(201);
    const created = response.json<{
      data: { id: number; created_by: number; properties: object; files: [] };
    }>().data;
    expect(created).toMatchObject({
      created_by: user.id,
      properties: { material: 'pvc', diameter_mm: 150 },
      files: [],
    });
    const [stats] = await t.database.db.query<{ features_count: number }>(
      'SELECT features_count FROM layers WHERE id = $1',
      [layer.id],
    );
    expect(stats?.features_count).toBe(1);
    const history = await client.get(`/api/maps/${map.id}/features/${created.id}/history`);
    expect(history.json<{ data: { event: string; user: { id: number } }[] }>().data).toMatchObject([
      { event: 'created', user: { id: user.id } },
    ]);
  });

  it('refuses, per field, a wrong geometry type, bad coordinates and properties outside the schema', async () => {
    const { client } = await t.signedIn('editor');
    const map = await insertMap(t.database.db);
    const layer = await insertLayer(t.database.db, map.id, {
      geometry_type: 'LineString',
      properties: PIPE_SCHEMA,
    });
    const url = `/api/maps/${map.id}/layers/${layer.id}/features`;
    const point = await client.post(url, {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [0, 0] },
      properties: {
        material: 'gold',
        diameter_mm: 1.5,
        installed: 'yesterday',
        sheet: 'javascript:alert(1)',
        colour: 'red',
      },
    });
    expect(point.status).toBe(422);
    expect(Object.keys(point.json<{ errors: object }>().errors).sort()).toEqual([
      'geometry.type',
      'properties.colour',
      'properties.diameter_mm',
      'properties.installed',
      'properties.material',
      'properties.sheet',
    ]);
    const far = await client.post(url, {
      type: 'Feature',
      geometry: {
        type: 'LineString',
        coordinates: [
          [0, 95],
          [1, 1],
        ],
      },
      properties: {},
    });
    expect(far.json<{ errors: object }>().errors).toHaveProperty('geometry.coordinates');
    expect(far.json<{ errors: object }>().errors).toHaveProperty('properties.material');
    const [count] = await t.database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM features');
    expect(count?.n).toBe(0);
  });

  it('forbids users (403) and hides other maps (404)', async () => {
    const { client } = await t.signedIn('user');
    const map = await insertMap(t.database.db);
    const layer = await insertLayer(t.database.db, map.id);
    const body = { type: 'Feature', geometry: { type: 'Point', coordinates: [0, 0] }, properties: {} };
    expect((await client.post(`/api/maps/${map.id}/layers/${layer.id}/features`, body)).status).toBe(403);
    const editor = (await t.signedIn('editor')).client;
    expect((await editor.post(`/api/maps/${map.id + 1000}/layers/${layer.id}/features`, body)).status).toBe(
      404,
    );
  });
});
