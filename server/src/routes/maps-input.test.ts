import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertFeature, insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => t.database.reset());

interface MapData {
  data: { id: number; zoom: number; rotation: number; center: number[] };
}

describe('map views picked by pinch or trackpad', () => {
  it('creates and updates a map with a fractional zoom and rotation, and reads them back', async () => {
    const { client } = await t.signedIn('admin');
    const created = await client.post('/api/maps', { title: 'Pinched', zoom: 7.5, rotation: 0.25 });
    expect(created.status).toBe(201);
    const id = created.json<MapData>().data.id;
    expect((await client.get(`/api/maps/${id}`)).json<MapData>().data).toMatchObject({
      zoom: 7.5,
      rotation: 0.25,
    });

    const updated = await client.post(`/api/maps/${id}`, { zoom: 12.25, rotation: 359.5 });
    expect(updated.status).toBe(200);
    expect((await client.get(`/api/maps/${id}`)).json<MapData>().data).toMatchObject({
      zoom: 12.25,
      rotation: 359.5,
    });
  });

  it('creates a map with only a fractional rotation, the zoom taking its default', async () => {
    const { client } = await t.signedIn('admin');
    const created = await client.post('/api/maps', { title: 'Turned', rotation: 1.2 });
    expect(created.status).toBe(201);
    expect(created.json<MapData>().data).toMatchObject({ zoom: 2, rotation: 1.2 });
  });
});

describe('boolean query parameters', () => {
  const layersOf = (body: unknown) => (body as { data: { layers?: unknown[] } }).data.layers;

  it('takes with_layers as a bare name, true, 1, and false or 0 as off', async () => {
    const { client } = await t.signedIn('user');
    const map = await insertMap(t.database.db);
    await insertLayer(t.database.db, map.id);
    const show = (query: string) => client.get(`/api/maps/${map.id}/show${query}`);

    for (const query of ['?with_layers', '?with_layers=', '?with_layers=1', '?with_layers=true']) {
      const response = await show(query);
      expect(response.status, query).toBe(200);
      expect(layersOf(response.body), query).toHaveLength(1);
    }
    for (const query of ['', '?with_layers=0', '?with_layers=false']) {
      const response = await show(query);
      expect(response.status, query).toBe(200);
      expect(layersOf(response.body), query).toBeUndefined();
    }
    const wrong = await show('?with_layers=maybe');
    expect(wrong.status).toBe(422);
    expect(wrong.json()).toMatchObject({ errors: { with_layers: [expect.any(String)] } });
  });

  it('takes include_data the same way on a layer', async () => {
    const { client } = await t.signedIn('user');
    const map = await insertMap(t.database.db);
    const layer = await insertLayer(t.database.db, map.id);
    await insertFeature(t.database.db, layer.id, { type: 'Point', coordinates: [1, 2] }, {});
    const features = async (query: string) => {
      const response = await client.get(`/api/maps/${map.id}/layers/${layer.id}${query}`);
      expect(response.status, query).toBe(200);
      return (response.body as { data: { features?: unknown } }).data.features;
    };
    expect(await features('?include_data')).toBeDefined();
    expect(await features('?include_data=1')).toBeDefined();
    expect(await features('?include_data=0')).toBeUndefined();
  });
});
