import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepsMaps } from '../maps/map-cache.ts';
import { insertFeature, insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { GRID_MAX_Z, buildGrid, builtGridVersion, cellsAcross } from './feature-grid.ts';

/**
 * The low-zoom grid of a big point layer, built in statements of 20,000 rows on the embedded
 * database (one connection) and in one transaction on PostgreSQL: either way every level holds,
 * per cell, the lowest id and the count of the layer's points there.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => t.database.reset());

/** More points than two steps read, so steps add cells to those of the steps before. */
const COUNT = 45_000;

async function pointLayer() {
  const db = t.database.db;
  const map = await insertMap(db);
  const layer = await insertLayer(db, map.id);
  // Spread irregularly over about 30 × 30 km, with every tenth point repeated at one place.
  await db.query(
    `INSERT INTO features (layer_id, geom, properties)
     SELECT $1, ST_SetSRID(CASE WHEN i % 10 = 0 THEN ST_MakePoint(-9.1, 38.7)
       ELSE ST_MakePoint(-9.3 + 0.3 * ((i * 0.7548776662) % 1), 38.6 + 0.3 * ((i * 0.5698402910) % 1)) END, 4326),
       jsonb_build_object('n', i)
     FROM generate_series(1, ${COUNT}) i`,
    [layer.id],
  );
  return layer;
}

/** Every level's cells, as `z/cx/cy lowest-id count`, worked out from the points in one query. */
async function expectedCells(layerId: number): Promise<string[]> {
  const rows = await t.database.db.query<{ cell: string }>(
    `WITH finest AS (
       SELECT id, floor((ST_X(geom) + 180) / 360 * $2::float8)::int AS cx,
         floor((1 - ln(tan(radians(ST_Y(geom))) + 1 / cos(radians(ST_Y(geom)))) / pi()) / 2 * $2::float8)::int AS cy
       FROM features WHERE layer_id = $1)
     SELECT z || '/' || (cx >> (${GRID_MAX_Z} - z)) || '/' || (cy >> (${GRID_MAX_Z} - z)) || ' ' || min(id) || ' ' || count(*) AS cell
     FROM finest, generate_series(0, ${GRID_MAX_Z}) z
     GROUP BY z, cx >> (${GRID_MAX_Z} - z), cy >> (${GRID_MAX_Z} - z)`,
    [layerId, cellsAcross(GRID_MAX_Z)],
  );
  return rows.map((row) => row.cell).sort();
}

async function gridCells(layerId: number, version: string): Promise<string[]> {
  const rows = await t.database.db.query<{ cell: string }>(
    `SELECT z || '/' || cx || '/' || cy || ' ' || feature_id || ' ' || n AS cell
     FROM feature_grid WHERE layer_id = $1 AND version = $2`,
    [layerId, version],
  );
  return rows.map((row) => row.cell).sort();
}

describe('the low-zoom grid of a big point layer', () => {
  it('holds at every level the lowest id and the count of each cell', async () => {
    const layer = await pointLayer();
    const version = await buildGrid(t.database.db, layer.id);
    expect(version).toBeDefined();
    expect(await builtGridVersion(t.database.db, layer.id)).toBe(version);
    const expected = await expectedCells(layer.id);
    // The place every tenth point shares is in a cell holding at least 4,500 points at every level.
    const crowded = expected.filter((cell) => Number(cell.split(' ')[2]) >= COUNT / 10);
    expect(new Set(crowded.map((cell) => cell.split('/')[0]))).toHaveProperty('size', GRID_MAX_Z + 1);
    expect(await gridCells(layer.id, version ?? '')).toEqual(expected);
  });

  it('is not labelled with a version that changed while it was built', async () => {
    const db = t.database.db;
    const layer = await pointLayer();
    const query = db.query.bind(db);
    let added: { id: number } | undefined;
    // A point added while the build reads the layer's features, after its first step.
    const spy = vi.spyOn(db, 'query').mockImplementation(async (sql, params) => {
      if (!added && sql.includes('picked AS MATERIALIZED') && Number(params?.[4]) > 0) {
        spy.mockRestore();
        added = await insertFeature(db, layer.id, { type: 'Point', coordinates: [-9.2, 38.65] });
      }
      return query(sql, params) as never;
    });
    try {
      const before = await buildGrid(db, layer.id);
      if (keepsMaps(db)) {
        // In steps: the build is dropped with its rows, and the next one is of the layer now.
        expect(added).toBeDefined();
        expect(before).toBeUndefined();
        expect(await db.query('SELECT 1 FROM feature_grid WHERE layer_id = $1', [layer.id])).toEqual([]);
        expect(await builtGridVersion(db, layer.id)).toBeUndefined();
      } else {
        // One transaction: its snapshot is of one version, whatever was added meanwhile.
        expect(before).toBeDefined();
      }
    } finally {
      spy.mockRestore();
    }
    const now = await buildGrid(db, layer.id);
    const [current] = await db.query<{ version: string }>(
      'SELECT version::text AS version FROM layers WHERE id = $1',
      [layer.id],
    );
    expect(now).toBe(current?.version);
    expect(await gridCells(layer.id, now ?? '')).toEqual(await expectedCells(layer.id));
  });
});
