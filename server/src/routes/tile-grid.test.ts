import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import type { TestClient } from '../../test-support/test-client.ts';
import { getTile, tilePixel } from '../../test-support/tile-requests.ts';
import { GRID_MIN_FEATURES } from '../tiles/feature-grid.ts';
import { gridBuildUnderWay } from '../tiles/layer-grid.ts';
import { thinningCell } from '../tiles/tile-frame.ts';

let t: TestApp;
let client: TestClient;
let mapId: number;
let layerId: number;
/** Every point's web mercator position, by id. */
let points: Map<number, { x: number; y: number }>;

const COUNT = 20_000;
const ORIGIN = 20037508.342789244;
const CENTRE = { lon: -9.15, lat: 38.75 };

// One layer for the whole file: writing 20,000 points is the slow part, and each test only reads
// it except the last, which deletes.
beforeAll(async () => {
  t = await startTestApp();
  await t.database.reset();
  ({ client } = await t.signedIn('editor'));
  mapId = (await insertMap(t.database.db)).id;
  layerId = (await insertLayer(t.database.db, mapId)).id;
  // Evenly spread but irregular (an R2 low-discrepancy sequence) over about 26 × 33 km.
  await t.database.db.query(
    `INSERT INTO features (layer_id, geom, properties)
     SELECT $1, ST_SetSRID(ST_MakePoint(-9.3 + 0.3 * ((i * 0.7548776662) % 1), 38.6 + 0.3 * ((i * 0.5698402910) % 1)), 4326),
       jsonb_build_object('n', i)
     FROM generate_series(1, ${COUNT}) i`,
    [layerId],
  );
  const rows = await t.database.db.query<{ id: number; x: number; y: number }>(
    `SELECT id, ST_X(m) AS x, ST_Y(m) AS y FROM (
       SELECT id, ST_Transform(geom, 3857) AS m FROM features WHERE layer_id = $1) f`,
    [layerId],
  );
  points = new Map(rows.map((row) => [row.id, { x: row.x, y: row.y }]));
}, 120_000);
afterAll(async () => t.close());

/** Where a point falls at zoom z: its pixel in the whole world's 4096-per-tile grid. */
function worldPixel(point: { x: number; y: number }, z: number) {
  const size = 2 ** z * 4096;
  return { gx: ((point.x + ORIGIN) / (2 * ORIGIN)) * size, gy: ((ORIGIN - point.y) / (2 * ORIGIN)) * size };
}

async function tileAt(z: number, headers: Record<string, string> = {}) {
  const { x, y } = tilePixel(CENTRE.lon, CENTRE.lat, z);
  const response = await getTile(
    t,
    client,
    `/api/maps/${mapId}/layers/${layerId}/tiles/${z}/${x}/${y}`,
    headers,
  );
  const layer = new VectorTile(new PbfReader(response.rawPayload)).layers[String(layerId)];
  const ids = Array.from({ length: layer?.length ?? 0 }, (_, index) => Number(layer?.feature(index).id));
  return { response, ids, x, y };
}

/** Of the given ids, those lying inside tile z/x/y (not in its buffer), by grid cell of that zoom. */
function byCell(ids: Iterable<number>, z: number, x: number, y: number): Map<string, number[]> {
  const cell = thinningCell(z, 'Point');
  const cells = new Map<string, number[]>();
  for (const id of ids) {
    const point = points.get(id);
    if (!point) continue;
    const { gx, gy } = worldPixel(point, z);
    if (Math.floor(gx / 4096) !== x || Math.floor(gy / 4096) !== y) continue;
    const key = `${Math.floor(gx / cell)}/${Math.floor(gy / cell)}`;
    cells.set(
      key,
      [...(cells.get(key) ?? []), id].sort((a, b) => a - b),
    );
  }
  return cells;
}

describe('low-zoom tiles of a big point layer', () => {
  it.each([3, 6, 9, 10, 11])(
    'keep at z%i exactly the lowest id of each grid cell that has points',
    async (z) => {
      expect(COUNT).toBeGreaterThanOrEqual(GRID_MIN_FEATURES);
      const { ids, x, y } = await tileAt(z);
      const shown = byCell(ids, z, x, y);
      const expected = byCell(points.keys(), z, x, y);
      expect(shown.size).toBeGreaterThan(z >= 9 ? 100 : 1);
      for (const kept of shown.values()) expect(kept).toHaveLength(1);
      expect(new Map([...shown].map(([key, kept]) => [key, kept[0]]))).toEqual(
        new Map([...expected].map(([key, all]) => [key, all[0]])),
      );
    },
  );

  it.each([6, 11])(
    'drop at z%i a deleted point at once and show the next one of its cell once the grid is rebuilt',
    async (z) => {
      const before = await tileAt(z);
      const crowded = [...byCell(points.keys(), z, before.x, before.y).values()].find(
        (all) => all.length > 1,
      );
      const [kept, next] = crowded ?? [];
      expect(before.ids).toContain(kept);
      expect(before.ids).not.toContain(next);

      const edit = await client.post(`/api/maps/${mapId}/updateFeatures`, {
        features: [],
        delete_ids: [kept],
      });
      expect(edit.status).toBe(200);
      const meanwhile = await tileAt(z, { 'if-none-match': String(before.response.headers.etag) });
      expect(meanwhile.response.statusCode).toBe(200);
      expect(meanwhile.ids).not.toContain(kept);
      expect(meanwhile.ids.length).toBe(before.ids.length - 1);

      await gridBuildUnderWay(t.database.db, layerId);
      const after = await tileAt(z, { 'if-none-match': String(meanwhile.response.headers.etag) });
      expect(after.response.statusCode).toBe(200);
      expect(after.ids).not.toContain(kept);
      expect(after.ids).toContain(next);
      expect(after.ids.length).toBe(before.ids.length);
      points.delete(kept ?? 0);
    },
  );
});
