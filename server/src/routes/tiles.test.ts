import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertFeature, insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { getTile as getTileOf, tilePixel } from '../../test-support/tile-requests.ts';
import type { TestClient } from '../../test-support/test-client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => t.database.reset());

const getTile = (client: TestClient, url: string, headers: Record<string, string> = {}) =>
  getTileOf(t, client, url, headers);

const LISBON = { lon: -9.1393, lat: 38.7223 };

describe('vector tiles', () => {
  it('encodes the features of a tile with their ids, pixel positions and attributes', async () => {
    const { client } = await t.signedIn('user');
    const map = await insertMap(t.database.db);
    const layer = await insertLayer(t.database.db, map.id);
    const a = await insertFeature(
      t.database.db,
      layer.id,
      { type: 'Point', coordinates: [LISBON.lon, LISBON.lat] },
      { code: 'HY-1', pressure: 4.5 },
    );
    const b = await insertFeature(
      t.database.db,
      layer.id,
      { type: 'Point', coordinates: [LISBON.lon + 0.001, LISBON.lat - 0.001] },
      { code: 'HY-2', working: true },
    );
    const at = tilePixel(LISBON.lon, LISBON.lat, 14);
    const response = await getTile(client, `/api/maps/${map.id}/layers/${layer.id}/tiles/14/${at.x}/${at.y}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    expect(response.headers['cache-control']).toBe('private, max-age=0, must-revalidate');
    const tile = new VectorTile(new PbfReader(response.rawPayload));
    const tileLayer = tile.layers[String(layer.id)];
    expect(tileLayer?.extent).toBe(4096);
    expect(tileLayer?.length).toBe(2);
    const first = tileLayer?.feature(0);
    const second = tileLayer?.feature(1);
    expect([first?.id, second?.id]).toEqual([a.id, b.id]);
    expect(first?.properties).toEqual({ code: 'HY-1', pressure: 4.5 });
    expect(second?.properties).toEqual({ code: 'HY-2', working: true });
    const point = first?.loadGeometry()[0]?.[0];
    expect(Math.abs((point?.x ?? -99) - at.px)).toBeLessThanOrEqual(1);
    expect(Math.abs((point?.y ?? -99) - at.py)).toBeLessThanOrEqual(1);
    const other = tilePixel(LISBON.lon + 0.001, LISBON.lat - 0.001, 14);
    const point2 = second?.loadGeometry()[0]?.[0];
    expect(Math.abs((point2?.x ?? -99) - (other.px + (other.x - at.x) * 4096))).toBeLessThanOrEqual(1);
    expect(Math.abs((point2?.y ?? -99) - (other.py + (other.y - at.y) * 4096))).toBeLessThanOrEqual(1);
  });

  it('answers a tile holding one feature with a huge attribute, under 500 KB', async () => {
    const { client } = await t.signedIn('user');
    const map = await insertMap(t.database.db);
    const layer = await insertLayer(t.database.db, map.id);
    await insertFeature(
      t.database.db,
      layer.id,
      { type: 'Point', coordinates: [LISBON.lon, LISBON.lat] },
      { code: 'KML-1', description: 'p'.repeat(3_000_000) },
    );
    const at = tilePixel(LISBON.lon, LISBON.lat, 10);
    const response = await getTile(client, `/api/maps/${map.id}/layers/${layer.id}/tiles/10/${at.x}/${at.y}`);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThanOrEqual(500 * 1024);
    const tileLayer = new VectorTile(new PbfReader(response.rawPayload)).layers[String(layer.id)];
    expect(tileLayer?.feature(0).properties.code).toBe('KML-1');
  });

  it('answers 304 to a current ETag, and a new ETag after an edit', async () => {
    const { client } = await t.signedIn('editor');
    const map = await insertMap(t.database.db);
    const layer = await insertLayer(t.database.db, map.id, { properties: [{ name: 'code' }] });
    const feature = await insertFeature(
      t.database.db,
      layer.id,
      { type: 'Point', coordinates: [LISBON.lon, LISBON.lat] },
      { code: 'A' },
    );
    const at = tilePixel(LISBON.lon, LISBON.lat, 12);
    const url = `/api/maps/${map.id}/layers/${layer.id}/tiles/12/${at.x}/${at.y}`;
    const first = await getTile(client, url);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await getTile(client, url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const edit = await client.post(`/api/maps/${map.id}/updateFeatures`, {
      features: [{ type: 'Feature', id: feature.id, layer_id: layer.id, properties: { code: 'B' } }],
    });
    expect(edit.status).toBe(200);
    const after = await getTile(client, url, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    const tile = new VectorTile(new PbfReader(after.rawPayload));
    expect(tile.layers[String(layer.id)]?.feature(0).properties).toEqual({ code: 'B' });
  });

  it('holds what lies under a tile and its buffer, in tiles at the edges of the world too', async () => {
    const { client } = await t.signedIn('user');
    const map = await insertMap(t.database.db);
    const points = await insertLayer(t.database.db, map.id);
    const squares = await insertLayer(t.database.db, map.id, { geometry_type: 'Polygon' });
    const square = (lon: number, lat: number) => ({
      type: 'Polygon',
      coordinates: [
        [
          [lon, lat],
          [lon + 0.5, lat],
          [lon + 0.5, lat + 0.5],
          [lon, lat + 0.5],
          [lon, lat],
        ],
      ],
    });
    // East of the prime meridian (out of the buffer of the tile west of it at z1: 2.8°), near
    // both sides of the antimeridian, and far north.
    const places = [
      [10, 0.5],
      [179.2, 10],
      [-179.7, 10],
      [10, 84],
    ] as const;
    const pointIds: number[] = [];
    const squareIds: number[] = [];
    for (const [lon, lat] of places) {
      pointIds.push(
        (await insertFeature(t.database.db, points.id, { type: 'Point', coordinates: [lon, lat] })).id,
      );
      squareIds.push((await insertFeature(t.database.db, squares.id, square(lon, lat))).id);
    }
    const inTile = async (layerId: number, z: number, x: number, y: number) => {
      const response = await getTile(client, `/api/maps/${map.id}/layers/${layerId}/tiles/${z}/${x}/${y}`);
      if (response.statusCode === 204) return [];
      const layer = new VectorTile(new PbfReader(response.rawPayload)).layers[String(layerId)];
      return Array.from({ length: layer?.length ?? 0 }, (_, i) => layer?.feature(i).id);
    };
    for (const [layerId, [prime, east, west, north]] of [
      [points.id, pointIds],
      [squares.id, squareIds],
    ] as const) {
      // z1: the north-east quarter holds the first, the east and the far north; the north-west
      // the one west of the antimeridian.
      expect(await inTile(layerId, 1, 1, 0)).toEqual([prime, east, north]);
      expect(await inTile(layerId, 1, 0, 0)).toEqual([west]);
      // The whole world at z0.
      expect(await inTile(layerId, 0, 0, 0)).toEqual([prime, east, west, north]);
    }
    // z8 tile 135 starts at 9.84375°; the tile west of it holds 64 pixels (0.022°) more.
    const within = await insertFeature(t.database.db, squares.id, square(9.85, 0.5));
    const beyond = await insertFeature(t.database.db, squares.id, square(9.9, 0.5));
    const { y } = tilePixel(9.85, 0.5, 8);
    expect(await inTile(squares.id, 8, 135, y)).toEqual(expect.arrayContaining([within.id, beyond.id]));
    expect(await inTile(squares.id, 8, 134, y)).toEqual([within.id]);
  });

  it('writes polygon outer rings with positive area (MVT winding) whatever way they were drawn', async () => {
    const { client } = await t.signedIn('user');
    const map = await insertMap(t.database.db);
    const layer = await insertLayer(t.database.db, map.id, { geometry_type: 'Polygon' });
    const [w, s, e, n] = [LISBON.lon, LISBON.lat, LISBON.lon + 0.002, LISBON.lat + 0.002];
    // Clockwise on the ground, against RFC 7946's right-hand rule.
    await insertFeature(t.database.db, layer.id, {
      type: 'Polygon',
      coordinates: [
        [
          [w, s],
          [w, n],
          [e, n],
          [e, s],
          [w, s],
        ],
      ],
    });
    const at = tilePixel(w, s, 14);
    const response = await getTile(client, `/api/maps/${map.id}/layers/${layer.id}/tiles/14/${at.x}/${at.y}`);
    const ring =
      new VectorTile(new PbfReader(response.rawPayload)).layers[String(layer.id)]
        ?.feature(0)
        .loadGeometry()[0] ?? [];
    let area = 0;
    ring.forEach((p, i) => {
      const q = ring[(i + 1) % ring.length] ?? p;
      area += p.x * q.y - q.x * p.y;
    });
    expect(ring.length).toBeGreaterThanOrEqual(4);
    expect(area).toBeGreaterThan(0);
  });

  it('answers 204 for an empty tile and 404 outside the grid or for another map', async () => {
    const { client } = await t.signedIn('user');
    const map = await insertMap(t.database.db);
    const layer = await insertLayer(t.database.db, map.id);
    await insertFeature(t.database.db, layer.id, { type: 'Point', coordinates: [LISBON.lon, LISBON.lat] });
    expect((await getTile(client, `/api/maps/${map.id}/layers/${layer.id}/tiles/3/0/0`)).statusCode).toBe(
      204,
    );
    expect((await getTile(client, `/api/maps/${map.id}/layers/${layer.id}/tiles/3/8/0`)).statusCode).toBe(
      404,
    );
    const other = await insertMap(t.database.db);
    expect((await getTile(client, `/api/maps/${other.id}/layers/${layer.id}/tiles/0/0/0`)).statusCode).toBe(
      404,
    );
  });

  it('thins crowded points at low zoom to one per grid cell', async () => {
    const { client } = await t.signedIn('user');
    const map = await insertMap(t.database.db);
    const layer = await insertLayer(t.database.db, map.id);
    await t.database.db.query(
      `INSERT INTO features (layer_id, geom, properties)
       SELECT $1, ST_SetSRID(ST_MakePoint(-9.14 + i * 0.0001, 38.72), 4326), jsonb_build_object('n', i)
       FROM generate_series(1, 500) i`,
      [layer.id],
    );
    const at = tilePixel(-9.14, 38.72, 4);
    const response = await getTile(client, `/api/maps/${map.id}/layers/${layer.id}/tiles/4/${at.x}/${at.y}`);
    const tileLayer = new VectorTile(new PbfReader(response.rawPayload)).layers[String(layer.id)];
    expect(tileLayer?.length).toBe(1);
    // The one kept is the first point, at its own pixel and with its own attributes.
    const kept = tileLayer?.feature(0);
    const first = tilePixel(-9.14 + 0.0001, 38.72, 4);
    expect(kept?.properties).toEqual({ n: 1 });
    expect(Math.abs((kept?.loadGeometry()[0]?.[0]?.x ?? -99) - first.px)).toBeLessThanOrEqual(1);
    expect(Math.abs((kept?.loadGeometry()[0]?.[0]?.y ?? -99) - first.py)).toBeLessThanOrEqual(1);
    const near = tilePixel(-9.14, 38.72, 16);
    const detail = await getTile(
      client,
      `/api/maps/${map.id}/layers/${layer.id}/tiles/16/${near.x}/${near.y}`,
    );
    expect(new VectorTile(new PbfReader(detail.rawPayload)).layers[String(layer.id)]?.length).toBeGreaterThan(
      20,
    );
  });
});
