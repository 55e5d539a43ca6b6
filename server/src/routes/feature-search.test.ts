import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertFeature, insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => t.database.reset());

type Page = { data: { id: number; layer_id: number }[]; meta: { total: number; last_page: number } };
const point = (lon: number, lat = 38.7) => ({ type: 'Point', coordinates: [lon, lat] });

async function town() {
  const db = t.database.db;
  const map = await insertMap(db);
  const pipes = await insertLayer(db, map.id);
  const hydrants = await insertLayer(db, map.id);
  const add = (layer: number, lon: number, properties: Record<string, unknown>) =>
    insertFeature(db, layer, point(lon), properties).then((row) => row.id);
  const p1 = await add(pipes.id, 0, {
    material: 'pvc',
    diameter_mm: 100,
    laid: '1990-04-01',
    street: 'Rua Augusta',
  });
  const p2 = await add(pipes.id, 1, {
    material: 'steel',
    diameter_mm: 200,
    laid: '2005-01-01',
    street: 'Rua do Ouro',
  });
  const p3 = await add(pipes.id, 2, { material: 'PVC', diameter_mm: 300, laid: '2019-09-09' });
  const h1 = await add(hydrants.id, 0.5, { code: 'HY-001' });
  const h2 = await add(hydrants.id, 5, { code: 'HY-002' });
  return { map, pipes, hydrants, p1, p2, p3, h1, h2 };
}

describe('filtering features', () => {
  it('applies every operator of the document', async () => {
    const { client } = await t.signedIn('user');
    const { map, pipes, p1, p2, p3 } = await town();
    const run = async (filters: object[]) =>
      (
        await client.post(`/api/maps/${map.id}/filter-features`, {
          layers_filter: [{ layer_id: pipes.id, filters }],
        })
      )
        .json<Page>()
        .data.map((f) => f.id);
    expect(await run([{ property: 'material', operator: 'eq', value: 'pvc' }])).toEqual([p1]);
    expect(await run([{ property: 'diameter_mm', operator: 'eq', value: 200 }])).toEqual([p2]);
    expect(await run([{ property: 'material', operator: 'neq', value: 'pvc' }])).toEqual([p2, p3]);
    expect(await run([{ property: 'material', operator: 'in', value: ['steel', 'PVC'] }])).toEqual([p2, p3]);
    expect(await run([{ property: 'material', operator: 'contains', value: 'pV' }])).toEqual([p1, p3]);
    expect(await run([{ property: 'diameter_mm', operator: 'gte', value: 200 }])).toEqual([p2, p3]);
    expect(await run([{ property: 'diameter_mm', operator: 'lte', value: 150 }])).toEqual([p1]);
    expect(
      await run([{ property: 'laid', operator: 'between', value: ['2000-01-01', '2010-12-31'] }]),
    ).toEqual([p2]);
    expect(
      await run([
        { property: 'diameter_mm', operator: 'between', value: [100, 250] },
        { property: 'material', operator: 'neq', value: 'steel' },
      ]),
    ).toEqual([p1]);
  });

  it('combines layers and bounding boxes, and pages the result', async () => {
    const { client } = await t.signedIn('user');
    const { map, pipes, hydrants, p1, p2, h1 } = await town();
    const response = await client.post(
      `/api/maps/${map.id}/filter-features`,
      {
        layers_filter: [
          { layer_id: pipes.id, filters: [], bbox: [-0.5, 38, 1.5, 39] },
          { layer_id: hydrants.id, filters: [], bbox: [-0.5, 38, 1.5, 39] },
        ],
      },
      { query: { per_page: 2 } },
    );
    const page = response.json<Page>();
    expect(page.data.map((f) => f.id)).toEqual([p1, p2]);
    expect(page.meta).toMatchObject({ total: 3, last_page: 2 });
    const second = await client.post(
      `/api/maps/${map.id}/filter-features`,
      {
        layers_filter: [
          { layer_id: pipes.id, filters: [], bbox: [-0.5, 38, 1.5, 39] },
          { layer_id: hydrants.id, filters: [], bbox: [-0.5, 38, 1.5, 39] },
        ],
      },
      { query: { per_page: 2, page: 2 } },
    );
    expect(second.json<Page>().data.map((f) => f.id)).toEqual([h1]);
  });

  it('names a layer of another map and a value that does not fit its operator', async () => {
    const { client } = await t.signedIn('user');
    const { map, pipes } = await town();
    const stranger = await insertLayer(t.database.db, (await insertMap(t.database.db)).id);
    const response = await client.post(`/api/maps/${map.id}/filter-features`, {
      layers_filter: [
        { layer_id: pipes.id, filters: [{ property: 'diameter_mm', operator: 'between', value: [1] }] },
        { layer_id: stranger.id, filters: [{ property: 'material', operator: 'in', value: 'pvc' }] },
      ],
    });
    expect(response.status).toBe(422);
    expect(Object.keys(response.json<{ errors: object }>().errors).sort()).toEqual([
      'layers_filter.0.filters.0.value',
      'layers_filter.1.filters.0.value',
      'layers_filter.1.layer_id',
    ]);
  });
});

describe('the main search box', () => {
  it('finds up to 20 matches over the main search fields, starting matches first', async () => {
    const { client } = await t.signedIn('user');
    const { map, hydrants, h1, h2 } = await town();
    await t.database.db.query(
      `INSERT INTO main_searches (map_id, layer_id, label, fields, display_field) VALUES ($1, $2, 'Hydrants', '["code"]', 'code')`,
      [map.id, hydrants.id],
    );
    for (let i = 0; i < 25; i += 1)
      await insertFeature(t.database.db, hydrants.id, point(1), { code: `XHY-00${i}` });
    const response = await client.post(`/api/maps/${map.id}/main-search/features`, {
      search_value: 'hy-00',
      layer_id: hydrants.id,
    });
    expect(response.status).toBe(200);
    const found = response.json<Page>().data.map((f) => f.id);
    expect(found.slice(0, 2)).toEqual([h1, h2]);
    expect(found).toHaveLength(20);
  });

  it('answers 422 for a layer without a main search', async () => {
    const { client } = await t.signedIn('user');
    const { map, pipes } = await town();
    const response = await client.post(`/api/maps/${map.id}/main-search/features`, {
      search_value: 'x',
      layer_id: pipes.id,
    });
    expect(response.status).toBe(422);
    expect(response.json<{ errors: object }>().errors).toHaveProperty('layer_id');
  });
});
