import { describe, expect, it } from 'vitest';
import { accessChanged, insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { POINT_INDEX_MIN_FEATURES } from '../features/point-index.ts';
import { keepsMaps } from '../maps/map-cache.ts';
import { useStatementCountingApp } from '../../test-support/statement-counting-app.ts';

/**
 * The filters panel asks for a box of a layer each time the map moves, so what it costs is the
 * statements it sends. Once the caller's session is known and the layer's attachments are kept
 * beside its point index: none where maps are kept in memory (the embedded database), and on
 * PostgreSQL one, which reads the map with all of its layers together.
 */
const { t, statements, signedIn } = useStatementCountingApp();

interface Page {
  data: { id: number; properties: Record<string, unknown>; files: { name: string }[] }[];
  meta: { total: number };
}

const box = [-8.9905, 38.0095, -8.9805, 38.0135];

/** A big point layer (one the server keeps a point index of): a lattice 105 points wide. */
async function insertBigPointLayer(mapId: number) {
  const db = t().database.db;
  const layer = await insertLayer(db, mapId);
  await db.query(
    `INSERT INTO features (layer_id, geom, properties)
     SELECT $1, ST_SetSRID(ST_MakePoint(-9 + (g % 105) * 0.001, 38 + (g / 105) * 0.001), 4326),
            jsonb_build_object('code', 'row-' || g)
     FROM generate_series(0, $2::int - 1) g`,
    [layer.id, POINT_INDEX_MIN_FEATURES + 500],
  );
  return layer;
}

async function pointLayers() {
  const map = await insertMap(t().database.db);
  const layer = await insertBigPointLayer(map.id);
  const other = await insertBigPointLayer(map.id);
  const inBox = (
    await t().database.db.query<{ id: number }>(
      `SELECT id FROM features WHERE layer_id = $1
         AND ST_Intersects(geom, ST_MakeEnvelope($2, $3, $4, $5, 4326)) ORDER BY id`,
      [layer.id, ...box],
    )
  ).map((row) => Number(row.id));
  return { map, layer, other, inBox };
}

async function asker(mapId: number) {
  const client = await signedIn();
  return async (layerId: number) => {
    const before = statements.length;
    const response = await client.post(
      `/api/maps/${mapId}/filter-features`,
      { layers_filter: [{ layer_id: layerId, filters: [], bbox: box }] },
      { query: { per_page: 100 } },
    );
    expect(response.status).toBe(200);
    return { page: response.json<Page>(), statements: statements.length - before };
  };
}

/**
 * A layer's point index is built in the background once its version has held a second; until
 * then its boxes are the database's. Asks until the answer costs `expected` statements, a few
 * seconds at most, and returns that answer (the test then checks it as any other).
 */
async function indexed(
  ask: (layerId: number) => Promise<{ page: Page; statements: number }>,
  layerId: number,
  expected: number,
) {
  let answer = await ask(layerId);
  for (let tries = 0; tries < 40 && answer.statements > expected; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    answer = await ask(layerId);
  }
  return answer;
}

const filesOn = (page: Page) =>
  page.data.filter((feature) => feature.files.length > 0).map((feature) => feature.files.map((f) => f.name));

describe('the filters panel box', () => {
  it('sends no statement where maps are kept, one on PostgreSQL, with the points the database finds', async () => {
    const { map, layer, other, inBox } = await pointLayers();
    expect(inBox).toHaveLength(40);
    const ask = await asker(map.id);
    const expected = keepsMaps(t().database.db) ? 0 : 1;
    const boxed = await indexed(ask, layer.id, expected);
    expect(boxed.statements).toBe(expected);
    expect(boxed.page.data.map((feature) => feature.id)).toEqual(inBox);
    expect(boxed.page.meta.total).toBe(40);
    // The other layer of the same map: its own 40 points, at the same cost once its index is built.
    const second = await indexed(ask, other.id, expected);
    expect(second.statements).toBe(expected);
    expect(second.page.data.map((feature) => feature.id)).not.toEqual(inBox);
    expect(second.page.meta.total).toBe(40);
  });

  it('costs the same for a reader from whom a property is hidden, and leaves it out', async () => {
    const { map, layer, inBox } = await pointLayers();
    const db = t().database.db;
    const ask = await asker(map.id);
    const [reader] = await db.query<{ id: number }>('SELECT id FROM users ORDER BY id DESC LIMIT 1');
    await db.query(
      `INSERT INTO layer_rules (map_id, layer_id, user_id, access, hidden_properties)
       VALUES ($1, $2, $3, 'read', '["code"]')`,
      [map.id, layer.id, reader?.id],
    );
    await accessChanged(db);
    const expected = keepsMaps(db) ? 0 : 1;
    const boxed = await indexed(ask, layer.id, expected);
    expect(boxed.statements).toBe(expected);
    expect(boxed.page.data.map((feature) => feature.id)).toEqual(inBox);
    expect(boxed.page.data.map((feature) => feature.properties)).toEqual(inBox.map(() => ({})));
  });

  it('answers with the files as they are now, whoever changed them and however', async () => {
    const { map, layer, inBox } = await pointLayers();
    const db = t().database.db;
    const ask = await asker(map.id);
    const expected = keepsMaps(db) ? 0 : 1;
    const [first, second] = inBox as [number, number];
    expect(filesOn((await indexed(ask, layer.id, expected)).page)).toEqual([]);

    // Written beside the server (psql, another tool): the layer's files version moves with it.
    await db.query(
      `INSERT INTO feature_files (feature_id, name, mime_type, size, storage_key)
       VALUES ($1, 'a.jpg', 'image/jpeg', 1, 'k/a'), ($1, 'b.jpg', 'image/jpeg', 1, 'k/b'), ($2, 'c.pdf', 'application/pdf', 1, 'k/c')`,
      [first, second],
    );
    expect(filesOn((await ask(layer.id)).page)).toEqual([['a.jpg', 'b.jpg'], ['c.pdf']]);
    // Kept again: the next box reads no files.
    const again = await ask(layer.id);
    expect(filesOn(again.page)).toEqual([['a.jpg', 'b.jpg'], ['c.pdf']]);
    expect(again.statements).toBe(expected);

    await db.query(`UPDATE feature_files SET name = 'renamed.jpg' WHERE name = 'a.jpg'`);
    expect(filesOn((await ask(layer.id)).page)).toEqual([['renamed.jpg', 'b.jpg'], ['c.pdf']]);

    await db.query(`DELETE FROM feature_files WHERE feature_id = $1`, [first]);
    expect(filesOn((await ask(layer.id)).page)).toEqual([['c.pdf']]);

    // A file moved to a feature of the box from one outside it.
    const [outside] = await db.query<{ id: number }>(
      `SELECT id FROM features WHERE layer_id = $1 AND NOT (id = ANY($2::int[])) LIMIT 1`,
      [layer.id, inBox],
    );
    await db.query(
      `INSERT INTO feature_files (feature_id, name, mime_type, size, storage_key) VALUES ($1, 'd.txt', 'text/plain', 1, 'k/d')`,
      [outside?.id],
    );
    expect(filesOn((await ask(layer.id)).page)).toEqual([['c.pdf']]);
    await db.query(`UPDATE feature_files SET feature_id = $1 WHERE name = 'd.txt'`, [first]);
    expect(filesOn((await ask(layer.id)).page)).toEqual([['d.txt'], ['c.pdf']]);

    await db.query(`TRUNCATE feature_files`);
    expect(filesOn((await ask(layer.id)).page)).toEqual([]);
  });
});
