import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertFeature, insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { getTile, tilePixel } from '../../test-support/tile-requests.ts';

const APP_URL = 'https://atlas.example.com';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ APP_URL });
});
afterAll(async () => t.close());
beforeEach(async () => t.database.reset());

interface TileJson {
  tilejson: string;
  tiles: string[];
  minzoom: number;
  maxzoom: number;
  bounds: number[];
  center: number[];
  vector_layers: { id: string; fields: Record<string, string> }[];
}

async function pipesLayer() {
  const map = await insertMap(t.database.db);
  const layer = await insertLayer(t.database.db, map.id, {
    name: 'Pipes',
    geometry_type: 'LineString',
    properties: [
      { name: 'material', type: 'enum', options: ['PVC', 'Steel'] },
      { name: 'diameter_mm', type: 'integer' },
      { name: 'in_service', type: 'boolean' },
    ],
  });
  const feature = await insertFeature(
    t.database.db,
    layer.id,
    {
      type: 'LineString',
      coordinates: [
        [-9.14, 38.72],
        [-9.13, 38.73],
      ],
    },
    { material: 'PVC', diameter_mm: 200, in_service: true },
  );
  return { map, layer, feature };
}

async function readToken(): Promise<string> {
  const { client } = await t.signedIn('user');
  const response = await client.post('/api/user/tokens', { name: 'maplibre', abilities: ['read'] });
  return response.json<{ data: { token: string } }>().data.token;
}

describe('TileJSON', () => {
  it('describes the layer’s tiles on APP_URL, whatever Host the request names', async () => {
    const { map, layer } = await pipesLayer();
    const token = await readToken();
    const response = await t.client().get(`/api/maps/${map.id}/layers/${layer.id}/tiles.json`, {
      headers: { authorization: `Bearer ${token}`, host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(response.status).toBe(200);
    const doc = response.json<TileJson>();
    expect(doc).toMatchObject({
      tilejson: '3.0.0',
      name: 'Pipes',
      scheme: 'xyz',
      tiles: [`${APP_URL}/api/maps/${map.id}/layers/${layer.id}/tiles/{z}/{x}/{y}`],
      minzoom: 0,
      maxzoom: 22,
      vector_layers: [
        {
          id: String(layer.id),
          description: 'Pipes',
          fields: { material: 'String', diameter_mm: 'Number', in_service: 'Boolean' },
        },
      ],
    });
    const [west, south, east, north] = doc.bounds;
    expect([west, south, east, north].map((value) => Number(value?.toFixed(6)))).toEqual([
      -9.14, 38.72, -9.13, 38.73,
    ]);
    expect(doc.center[0]).toBeCloseTo(-9.135, 6);
    expect(doc.center[1]).toBeCloseTo(38.725, 6);
    expect(doc.center[2]).toBeGreaterThanOrEqual(10);
  });

  it('gives a MapLibre-style client a tiles URL that serves the tile with the same token', async () => {
    const { map, layer, feature } = await pipesLayer();
    const token = await readToken();
    const auth = { authorization: `Bearer ${token}` };
    const doc = (
      await t.client().get(`/api/maps/${map.id}/layers/${layer.id}/tiles.json`, { headers: auth })
    ).json<TileJson>();
    // What MapLibre does with a TileJSON source: fill the template and fetch it.
    const at = tilePixel(-9.135, 38.725, 14);
    const url = new URL(
      (doc.tiles[0] ?? '').replace('{z}', '14').replace('{x}', String(at.x)).replace('{y}', String(at.y)),
    );
    expect(url.origin).toBe(APP_URL);
    const client = t.client();
    const tile = await getTile(t, client, url.pathname, auth);
    expect(tile.statusCode).toBe(200);
    const vectorLayerId = doc.vector_layers[0]?.id ?? '';
    const tileLayer = new VectorTile(new PbfReader(tile.rawPayload)).layers[vectorLayerId];
    expect(tileLayer?.length).toBe(1);
    expect(tileLayer?.feature(0).id).toBe(feature.id);
    expect(Object.keys(tileLayer?.feature(0).properties ?? {}).sort()).toEqual(
      Object.keys(doc.vector_layers[0]?.fields ?? {}).sort(),
    );
    // Without the token the same URL is refused.
    expect((await getTile(t, client, url.pathname)).statusCode).toBe(401);
  });

  it('is 401 without a user and 404 for a layer that is not a vector layer', async () => {
    const map = await insertMap(t.database.db);
    const remote = await insertLayer(t.database.db, map.id, {
      type: 'xyz',
      source: { url: 'https://tiles.example.com/{z}/{x}/{y}.png' },
    });
    expect((await t.client().get(`/api/maps/${map.id}/layers/${remote.id}/tiles.json`)).status).toBe(401);
    const token = await readToken();
    const response = await t.client().get(`/api/maps/${map.id}/layers/${remote.id}/tiles.json`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(404);
  });
});

describe('TileJSON without APP_URL', () => {
  it('takes the origin from the address the server listens on, never from Host', async () => {
    const own = await startTestApp();
    try {
      await own.app.listen({ port: 0, host: '127.0.0.1' });
      const address = own.app.server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      const map = await insertMap(own.database.db);
      const layer = await insertLayer(own.database.db, map.id);
      const { client } = await own.signedIn('user');
      const cookie = [...client.cookies].map(([key, value]) => `${key}=${value}`).join('; ');
      const response = await fetch(
        `http://127.0.0.1:${port}/api/maps/${map.id}/layers/${layer.id}/tiles.json`,
        {
          headers: { cookie, host: 'evil.example', 'x-forwarded-host': 'evil.example' },
        },
      );
      expect(response.status).toBe(200);
      const doc = (await response.json()) as TileJson;
      expect(doc.tiles).toEqual([
        // HOST is unset (0.0.0.0), so the server names itself localhost, on the port it got.
        `http://localhost:${port}/api/maps/${map.id}/layers/${layer.id}/tiles/{z}/{x}/{y}`,
      ]);
    } finally {
      await own.close();
    }
  });
});
