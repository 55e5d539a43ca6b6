import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertFeature, insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => t.database.reset());

type List = { data: { id: number; layer_id: number }[] };
const ids = (list: List) => list.data.map((feature) => feature.id);

/** Metres north / east of a point at latitude 60, where a degree of longitude is half as long. */
const north = (metres: number) => metres / 111_320;
const east = (metres: number) => metres / (111_320 * Math.cos((60 * Math.PI) / 180));

async function network() {
  const db = t.database.db;
  const map = await insertMap(db);
  const pipes = await insertLayer(db, map.id, { geometry_type: 'LineString' });
  const valves = await insertLayer(db, map.id, { geometry_type: 'Point' });
  const meters = await insertLayer(db, map.id, { geometry_type: 'Point' });
  const pipe = await insertFeature(db, pipes.id, {
    type: 'LineString',
    coordinates: [
      [10, 60],
      [10.001, 60],
    ],
  });
  const point = (lon: number, lat: number) => ({ type: 'Point', coordinates: [lon, lat] });
  const near = await insertFeature(db, valves.id, point(10.0005, 60 + north(5)));
  const far = await insertFeature(db, valves.id, point(10.0005, 60 + north(20)));
  // 8 m east of the pipe's end: within 10 m on the ground, but farther than 10 m read as degrees of latitude.
  const pastEnd = await insertFeature(db, valves.id, point(10.001 + east(8), 60));
  const meter = await insertFeature(db, meters.id, point(11, 61));
  const [spatial] = await db.query<{ id: number }>(
    `INSERT INTO layer_relations (parent_layer_id, child_layer_id, rule, tolerance_m) VALUES ($1, $2, 'spatial', 10) RETURNING id`,
    [pipes.id, valves.id],
  );
  const [manual] = await db.query<{ id: number }>(
    `INSERT INTO layer_relations (parent_layer_id, child_layer_id, rule) VALUES ($1, $2, 'manual') RETURNING id`,
    [pipes.id, meters.id],
  );
  await db.query('INSERT INTO feature_links VALUES ($1, $2, $3)', [manual?.id, pipe.id, meter.id]);
  return { map, pipe, near, far, pastEnd, meter, spatial };
}

describe('related features', () => {
  it('finds spatial children within tolerance_m metres on the ground, and manual links', async () => {
    const { client } = await t.signedIn('user');
    const { map, pipe, near, pastEnd, meter } = await network();
    const children = await client.get(`/api/maps/${map.id}/features/${pipe.id}/children`);
    expect(children.status).toBe(200);
    expect(ids(children.json<List>())).toEqual([near.id, pastEnd.id, meter.id]);
  });

  it('finds the parents of a child by the same rules', async () => {
    const { client } = await t.signedIn('user');
    const { map, pipe, near, far, meter } = await network();
    expect(ids((await client.get(`/api/maps/${map.id}/features/${near.id}/parents`)).json<List>())).toEqual([
      pipe.id,
    ]);
    expect(ids((await client.get(`/api/maps/${map.id}/features/${meter.id}/parents`)).json<List>())).toEqual([
      pipe.id,
    ]);
    expect(ids((await client.get(`/api/maps/${map.id}/features/${far.id}/parents`)).json<List>())).toEqual(
      [],
    );
  });

  it('answers 404 for a feature of another map', async () => {
    const { client } = await t.signedIn('user');
    const { pipe } = await network();
    const other = await insertMap(t.database.db);
    expect((await client.get(`/api/maps/${other.id}/features/${pipe.id}/children`)).status).toBe(404);
    expect((await client.get(`/api/maps/${other.id}/features/${pipe.id}/history`)).status).toBe(404);
  });
});
