import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLayerIds, startOnEmptyDatabase, type DemoLayerIds } from '../../test-support/demo-town.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import type { TestClient } from '../../test-support/test-client.ts';
import { DEFAULT_HYDRAULICS } from '@shared/water-network/hydraulic-settings.ts';

/** The water network tools on the demo map as `npm start` seeds it (map 1, pipes 1…3360). */
let t: TestApp;
let admin: TestClient;
let ids: DemoLayerIds;
const url = '/api/maps/1/water-network';
beforeAll(async () => {
  t = await startTestApp();
  await startOnEmptyDatabase(t.database.db, {});
  ids = await demoLayerIds(t.database.db);
  admin = (await t.signedIn('admin')).client;
});
afterAll(async () => t.close());

interface Simulation {
  nodes: { kind: string; feature_ids: number[]; pressure_m: number | null }[];
  demand_lps: number;
}
interface Check {
  components: { id: number; pipe_ids: number[] }[];
  pipes_count: number;
  nodes_count: number;
  unconnected_node_ids: number[];
  dangling: { pipe_id: number; near_pipe_id: number; distance_m: number }[];
}
/**
 * Pipe ends of the cut-off part where a pipe outside it joins, with no closed valve there or
 * inside the pipe: where water would still get in. Worked out in SQL, apart from the graph.
 */
const leaks = async (pipeIds: number[], valveIds: number[]) =>
  (
    await t.database.db.query<{ n: number }>(
      `WITH cut AS (SELECT id, geom FROM features WHERE id = ANY($2::int[])),
       ends AS (SELECT id, geom, ST_StartPoint(geom) AS at FROM cut UNION ALL SELECT id, geom, ST_EndPoint(geom) FROM cut),
       closed AS (SELECT geom FROM features WHERE id = ANY($3::int[]))
       SELECT count(*)::int AS n FROM ends e
       WHERE EXISTS (SELECT 1 FROM features o WHERE o.layer_id = $1 AND NOT o.id = ANY($2::int[])
           AND ST_DWithin(o.geom::geography, e.at::geography, 0.5))
         AND NOT EXISTS (SELECT 1 FROM closed v WHERE ST_DWithin(v.geom::geography, e.at::geography, 0.5)
           OR (ST_DWithin(v.geom::geography, e.geom::geography, 0.5)
             AND NOT ST_DWithin(v.geom::geography, ST_Boundary(e.geom)::geography, 0.5)))`,
      [ids.pipes, pipeIds, valveIds],
    )
  )[0]?.n;

describe('the demo map water network', () => {
  it('comes configured: pipes, valves, hydrants and service points joined within half a metre, and sources', async () => {
    const layers = await t.database.db.query<{ id: number; name: string }>('SELECT id, name FROM layers');
    const layer = (name: string) => layers.find((row) => row.name === name)?.id;
    expect((await admin.get(url)).json()).toEqual({
      data: {
        pipe_layer_id: ids.pipes,
        valve_layer_ids: [ids.valves],
        node_layer_ids: [ids.hydrants, layer('Service points')],
        tolerance_m: 0.5,
        hydraulics: {
          ...DEFAULT_HYDRAULICS,
          source_layer_id: layer('Sources'),
          service_layer_ids: [layer('Service points')],
        },
      },
    });
  });

  it('simulates out of the box: 20–80 m at every service point a source reaches', async () => {
    const client = (await t.signedIn('user')).client;
    const response = await client.post(`${url}/simulate`);
    expect(response.status).toBe(200);
    const { data } = response.json<{ data: Simulation }>();
    const services = new Set(
      (
        await t.database.db.query<{ id: number }>(
          `SELECT f.id FROM features f JOIN layers l ON l.id = f.layer_id WHERE l.name = 'Service points'`,
        )
      ).map((row) => row.id),
    );
    const served = data.nodes.filter((node) => node.feature_ids.some((id) => services.has(id)));
    const reached = served.filter((node) => node.pressure_m !== null);
    // Most of the town is reached; what is not sits behind closed valves or abandoned pipes.
    expect(reached.length).toBeGreaterThan(served.length * 0.95);
    for (const node of reached) {
      expect(node.pressure_m).toBeGreaterThanOrEqual(20);
      expect(node.pressure_m).toBeLessThanOrEqual(80);
    }
    expect(
      data.nodes
        .filter((node) => node.kind !== 'junction')
        .map((node) => node.kind)
        .sort(),
    ).toEqual(['reservoir', 'tank']);
    expect(data.demand_lps).toBeGreaterThan(100);
  });

  it('finds exactly the two planted errors: pipe 3360 on its own, 1 m short of another pipe, and valve 4265', async () => {
    const check = (await admin.post(`${url}/check`)).json<{ data: Check }>().data;
    expect(check.pipes_count).toBe(3360);
    expect(check.components.map((part) => part.pipe_ids.length)).toEqual([3359, 1]);
    expect(check.components[1]?.pipe_ids).toEqual([3360]);
    expect(check.unconnected_node_ids).toEqual([4265]);
    expect(check.dangling.map((end) => end.pipe_id)).toEqual([3360]);
    expect(check.dangling[0]?.distance_m).toBeGreaterThan(0.9);
    expect(check.dangling[0]?.distance_m).toBeLessThan(1.1);
  });

  it('isolates a pipe behind valves that sit at the ends of the pipes that lose service', async () => {
    const client = (await t.signedIn('user')).client;
    const isolation = (await client.post(`${url}/isolate`, { pipe_id: 100 })).json<{
      data: { valve_ids: number[]; pipe_ids: number[] };
    }>().data;
    expect(isolation.pipe_ids).toContain(100);
    expect(isolation.valve_ids.length).toBeGreaterThan(0);
    // Every valve to close is at an end of (or inside) a pipe that loses service.
    const near = await t.database.db.query<{ id: number }>(
      `SELECT DISTINCT v.id FROM features v, features p WHERE v.id = ANY($1::int[]) AND p.id = ANY($2::int[])
         AND ST_DWithin(v.geom::geography, p.geom::geography, 0.5)`,
      [isolation.valve_ids, isolation.pipe_ids],
    );
    expect(near.map((row) => row.id).sort((a, b) => a - b)).toEqual(isolation.valve_ids);
    expect(await leaks(isolation.pipe_ids, isolation.valve_ids)).toBe(0);
    // and the check can fail: without its valves the part is open.
    expect(await leaks(isolation.pipe_ids, [])).toBeGreaterThan(0);
  });

  it('traces the whole town from any pipe of it, and the planted pipe on its own', async () => {
    const trace = (id: number) =>
      admin
        .post(`${url}/trace`, { feature_id: id })
        .then((response) => response.json<{ data: { pipe_ids: number[]; node_ids: number[] } }>().data);
    const town = await trace(1);
    expect(town.pipe_ids).toHaveLength(3359);
    expect(town.pipe_ids).not.toContain(3360);
    expect(town.node_ids).not.toContain(4265);
    expect((await trace(3360)).pipe_ids).toEqual([3360]);
    expect(await trace(4265)).toEqual({ feature_id: 4265, pipe_ids: [], node_ids: [4265] });
  });
});
