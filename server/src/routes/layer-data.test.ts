import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertFeature, insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => t.database.reset());

type Errors = { errors: Record<string, string[]> };
const point = (lon: number, lat: number) => ({ type: 'Point', coordinates: [lon, lat] });

describe('layer data', () => {
  it('gets a layer, with its features inside a bbox and capped on request', async () => {
    const { client } = await t.signedIn('user');
    const db = t.database.db;
    const map = await insertMap(db);
    const layer = await insertLayer(db, map.id);
    const near = await insertFeature(db, layer.id, point(-9.14, 38.72), { name: 'near' });
    await insertFeature(db, layer.id, point(10, 50), { name: 'far' });
    const url = `/api/maps/${map.id}/layers/${layer.id}`;

    const plain = (await client.get(url)).json<{ data: Record<string, unknown> }>().data;
    expect(plain).toMatchObject({ id: layer.id, features_count: 2, extent: [-9.14, 38.72, 10, 50] });
    expect(plain.features).toBeUndefined();

    const all = await client.get(url, { query: { include_data: 'true' } });
    expect(all.json()).toMatchObject({
      data: { features_truncated: false, features: { type: 'FeatureCollection', features: [{}, {}] } },
    });
    const inside = await client.get(url, { query: { include_data: 'true', bbox: '-10,38,-9,39' } });
    expect(inside.json()).toMatchObject({
      data: {
        features: {
          features: [
            {
              type: 'Feature',
              id: near.id,
              layer_id: layer.id,
              geometry: point(-9.14, 38.72),
              properties: { name: 'near' },
            },
          ],
        },
      },
    });
    expect(
      inside.json<{ data: { features: { features: unknown[] } } }>().data.features.features,
    ).toHaveLength(1);
    for (const bbox of ['1,2,3', '5,0,1,1', '0,0,200,1', '1.2.3,0,1,1']) {
      const bad = await client.get(url, { query: { include_data: 'true', bbox } });
      expect(bad.status, bbox).toBe(422);
      expect(Object.keys(bad.json<Errors>().errors)).toEqual(['bbox']);
    }

    await db.query(
      `INSERT INTO features (layer_id, geom) SELECT $1, ST_SetSRID(ST_MakePoint(0, 0), 4326) FROM generate_series(1, 5000)`,
      [layer.id],
    );
    const capped = await client.get(url, { query: { include_data: 'true' } });
    const body = capped.json<{
      data: { features_count: number; features_truncated: boolean; features: { features: { id: number }[] } };
    }>();
    expect(body.data.features_count).toBe(5002);
    expect(body.data.features_truncated).toBe(true);
    expect(body.data.features.features).toHaveLength(5000);
    expect(body.data.features.features[0]?.id).toBe(near.id);
  });
});
