import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertFeature, insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => t.database.reset());

const point = (lon: number) => ({ type: 'Point', coordinates: [lon, 38.7] });
type Ids = { data: { id: number }[] };

/** Pipes laid on known days (one with no day), and a layer with no time property. */
async function datedPipes() {
  const db = t.database.db;
  const map = await insertMap(db);
  const pipes = await insertLayer(db, map.id, {
    properties: [
      { name: 'code', type: 'string' },
      { name: 'laid', type: 'date' },
    ],
  });
  const plain = await insertLayer(db, map.id, { properties: [{ name: 'code', type: 'string' }] });
  await db.query(`UPDATE layers SET time_property = 'laid' WHERE id = $1`, [pipes.id]);
  const add = async (lon: number, properties: Record<string, unknown>) =>
    (await insertFeature(db, pipes.id, point(lon), properties)).id;
  const old = await add(0, { code: 'P-1', laid: '1998-03-14' });
  const early = await add(1, { code: 'P-2', laid: '2019-01-01' });
  const late = await add(2, { code: 'P-3', laid: '2020-12-31' });
  const next = await add(3, { code: 'P-4', laid: '2021-01-01' });
  const undated = await add(4, { code: 'P-5' });
  await db.query(
    `INSERT INTO main_searches (map_id, layer_id, label, fields, display_field) VALUES ($1, $2, 'Pipes', '["code"]', 'code')`,
    [map.id, pipes.id],
  );
  return { map, pipes, plain, old, early, late, next, undated };
}

const RANGE = '2019-01-01/2020-12-31';

describe('a time range on every read path of the viewer', () => {
  it('tells the layer’s real time extent with the map and the layer list', async () => {
    const { client } = await t.signedIn('admin');
    const { map, pipes, plain } = await datedPipes();
    const shown = (await client.get(`/api/maps/${map.id}/show`, { query: { with_layers: 1 } })).json<{
      data: { layers: { id: number; time_extent: unknown }[] };
    }>().data.layers;
    const listed = (await client.get(`/api/maps/${map.id}/layers`)).json<{
      data: { id: number; time_extent: unknown }[];
    }>().data;
    for (const layers of [shown, listed]) {
      expect(layers.find((layer) => layer.id === pipes.id)?.time_extent).toEqual([
        '1998-03-14T00:00:00Z',
        '2021-01-01T23:59:59Z',
      ]);
      expect(layers.find((layer) => layer.id === plain.id)?.time_extent).toBeNull();
    }
  });

  it('lists, filters, searches, exports and counts exactly the features inside the range', async () => {
    const { client } = await t.signedIn('admin');
    const { map, pipes, early, late, undated, old, next } = await datedPipes();
    const inside = [early, late, undated];

    const page = await client.get(`/api/maps/${map.id}/layers/${pipes.id}/features`, {
      query: { datetime: RANGE, per_page: 2 },
    });
    expect(page.status).toBe(200);
    const first = page.json<Ids & { meta: { total: number }; links: { next: string } }>();
    expect(first.meta.total).toBe(3);
    expect(first.data.map((f) => f.id)).toEqual([early, late]);
    // The next page's link keeps the range.
    expect(decodeURIComponent(first.links.next)).toContain(`datetime=${RANGE}`);
    const open = await client.get(`/api/maps/${map.id}/layers/${pipes.id}/features`, {
      query: { datetime: '../2019-06-01' },
    });
    expect(open.json<Ids>().data.map((f) => f.id)).toEqual([old, early, undated]);

    const filtered = await client.post(`/api/maps/${map.id}/filter-features`, {
      layers_filter: [{ layer_id: pipes.id, filters: [], datetime: RANGE }],
    });
    expect(filtered.status).toBe(200);
    expect(filtered.json<Ids>().data.map((f) => f.id)).toEqual(inside);

    const searched = await client.post(`/api/maps/${map.id}/main-search/features`, {
      layer_id: pipes.id,
      search_value: 'P-',
      datetime: '2021-01-01/..',
    });
    expect(searched.status).toBe(200);
    expect(searched.json<Ids>().data.map((f) => f.id)).toEqual([next, undated]);

    const started = await client.post(`/api/maps/${map.id}/export-filter-features`, {
      format: 'geojson',
      layers_filter: [{ layer_id: pipes.id, filters: [], datetime: RANGE }],
    });
    expect(started.status).toBe(201);
    const exportId = started.json<{ data: { id: string; status: string } }>().data;
    expect(exportId.status).toBe('ready');
    const file = JSON.parse((await client.get(`/api/get-export/${exportId.id}`)).raw.toString('utf8')) as {
      features: { properties: { code: string } }[];
    };
    expect(file.features.map((f) => f.properties.code).sort()).toEqual(['P-2', 'P-3', 'P-5']);

    const counted = await client.post(`/api/maps/${map.id}/layers/${pipes.id}/aggregate`, {
      group_by: null,
      metrics: [{ op: 'count' }],
      datetime: RANGE,
    });
    expect(counted.status).toBe(200);
    expect(counted.json<{ data: { total: { count: number } } }>().data.total.count).toBe(3);
  });

  it('refuses a range on a layer without time and one that does not read, naming the field', async () => {
    const { client } = await t.signedIn('admin');
    const { map, pipes, plain } = await datedPipes();
    const listed = await client.get(`/api/maps/${map.id}/layers/${plain.id}/features`, {
      query: { datetime: RANGE },
    });
    expect(listed.status).toBe(422);
    expect(listed.text).toContain('datetime');
    const filtered = await client.post(`/api/maps/${map.id}/filter-features`, {
      layers_filter: [{ layer_id: pipes.id, filters: [], datetime: '2020-12-31/2019-01-01' }],
    });
    expect(filtered.status).toBe(422);
    expect(filtered.text).toContain('layers_filter.0.datetime');
  });
});
