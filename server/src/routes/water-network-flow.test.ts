import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gdalFeatures } from '../../test-support/gdal.ts';
import { insertFeature, insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { line, point } from '../../test-support/metric-geometry.ts';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'atlasboard-flow-'));
  t = await startTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});
beforeEach(async () => t.database.reset());

type Errors = { errors: Record<string, string[]> };
interface FlowTrace {
  pipe_ids: number[];
  node_ids: number[];
  source_ids: number[];
  node_layers: { layer_id: number; role: string; feature_ids: number[] }[];
}

const PIPE = { diameter_mm: 150, material: 'pvc' };

/** A map with the network's layers; `configure` saves the configuration as an admin. */
async function layersOfMap() {
  const db = t.database.db;
  const map = await insertMap(db);
  const layers = {
    pipes: await insertLayer(db, map.id, { name: 'Pipes', geometry_type: 'LineString' }),
    valves: await insertLayer(db, map.id, { name: 'Valves', geometry_type: 'Point' }),
    hydrants: await insertLayer(db, map.id, { name: 'Hydrants', geometry_type: 'Point' }),
    services: await insertLayer(db, map.id, {
      name: 'Service points',
      geometry_type: 'Point',
      properties: [{ name: 'name' }],
    }),
    sources: await insertLayer(db, map.id, { name: 'Sources', geometry_type: 'Point' }),
  };
  const configure = async () => {
    const { client } = await t.signedIn('admin');
    const config = {
      pipe_layer_id: layers.pipes.id,
      valve_layer_ids: [layers.valves.id],
      node_layer_ids: [layers.hydrants.id, layers.services.id],
      tolerance_m: 0.5,
      hydraulics: { source_layer_id: layers.sources.id, service_layer_ids: [layers.services.id] },
    };
    expect((await client.put(`/api/maps/${map.id}/water-network`, config)).status).toBe(200);
  };
  return { db, map, layers, configure };
}

/**
 * A reservoir → main A (0 → 500 m east) → junction J, which splits into branch B (on east to
 * 1000 m, a service point at its end drawing 5 L/s) and branch C (north to 300 m, a hydrant
 * drawing 1 L/s just before the closed valve V at its end); beyond V, C2 runs on north to a
 * service point that no water reaches.
 */
async function branches() {
  const { db, map, layers, configure } = await layersOfMap();
  const a = await insertFeature(db, layers.pipes.id, line([0, 0], [500, 0]), PIPE);
  const b = await insertFeature(db, layers.pipes.id, line([500, 0], [1000, 0]), PIPE);
  const c = await insertFeature(db, layers.pipes.id, line([500, 0], [500, 300]), PIPE);
  const c2 = await insertFeature(db, layers.pipes.id, line([500, 300], [500, 600]), PIPE);
  const v = await insertFeature(db, layers.valves.id, point(500, 300), { is_open: false });
  const s1 = await insertFeature(db, layers.services.id, point(1000, 0), { demand_lps: 5 });
  const h = await insertFeature(db, layers.hydrants.id, point(500, 290), { demand_lps: 1 });
  const s2 = await insertFeature(db, layers.services.id, point(500, 600), { demand_lps: 2 });
  const r = await insertFeature(db, layers.sources.id, point(0, 0), { kind: 'reservoir', head_m: 60 });
  await configure();
  return {
    map,
    layers,
    ids: { a: a.id, b: b.id, c: c.id, c2: c2.id, v: v.id, s1: s1.id, h: h.id, s2: s2.id, r: r.id },
  };
}

async function traceFlow(mapId: number, featureId: number, direction: string) {
  const { client } = await t.signedIn('user');
  return client.post(`/api/maps/${mapId}/water-network/trace-flow`, { feature_id: featureId, direction });
}

async function traced(mapId: number, featureId: number, direction: string): Promise<FlowTrace> {
  const response = await traceFlow(mapId, featureId, direction);
  expect(response.status).toBe(200);
  return response.json<{ data: FlowTrace }>().data;
}

describe('trace-flow: upstream and downstream by the simulated flow', () => {
  it('follows the flow from the reservoir into both branches, and stops at the closed valve', async () => {
    const { map, layers, ids } = await branches();
    const down = await traced(map.id, ids.a, 'downstream');
    expect(down.pipe_ids).toEqual([ids.a, ids.b, ids.c]);
    expect(down.node_ids).toEqual([ids.v, ids.s1, ids.h]);
    expect(down.source_ids).toEqual([]);
    expect(down.node_layers).toEqual([
      { layer_id: layers.hydrants.id, role: 'hydrant', feature_ids: [ids.h] },
      { layer_id: layers.services.id, role: 'service', feature_ids: [ids.s1] },
    ]);

    const upB = await traced(map.id, ids.b, 'upstream');
    expect(upB).toMatchObject({ pipe_ids: [ids.a, ids.b], node_ids: [], source_ids: [ids.r] });
    const downB = await traced(map.id, ids.b, 'downstream');
    expect(downB).toMatchObject({ pipe_ids: [ids.b], node_ids: [ids.s1], source_ids: [] });

    // The closed valve: water stands on its near side, and none goes on.
    const upV = await traced(map.id, ids.v, 'upstream');
    expect(upV).toMatchObject({ pipe_ids: [ids.a, ids.c], node_ids: [ids.v, ids.h], source_ids: [ids.r] });
    const downV = await traced(map.id, ids.v, 'downstream');
    expect(downV).toMatchObject({ pipe_ids: [], node_ids: [ids.v, ids.h], source_ids: [] });

    const downR = await traced(map.id, ids.r, 'downstream');
    expect(downR.pipe_ids).toEqual([ids.a, ids.b, ids.c]);
    const upS1 = await traced(map.id, ids.s1, 'upstream');
    expect(upS1).toMatchObject({ pipe_ids: [ids.a, ids.b], source_ids: [ids.r] });
  });

  it('answers 422 for a start no water reaches, one off the network, and a bad direction', async () => {
    const { map, ids } = await branches();
    for (const featureId of [ids.c2, ids.s2]) {
      const response = await traceFlow(map.id, featureId, 'upstream');
      expect(response.status).toBe(422);
      expect(response.json<Errors>().errors).toEqual({
        feature_id: [`No source reaches feature ${featureId}, so no water flows through it.`],
      });
    }
    const zones = await insertLayer(t.database.db, map.id, { name: 'Zones', geometry_type: 'Point' });
    const stray = await insertFeature(t.database.db, zones.id, point(10, 10), {});
    expect((await traceFlow(map.id, stray.id, 'upstream')).json<Errors>().errors).toEqual({
      feature_id: ["The feature is not part of this map's water network."],
    });
    expect((await traceFlow(map.id, ids.a, 'sideways')).status).toBe(422);
  });

  it('answers the simulation 422 for a model that cannot run', async () => {
    const { db, map, layers, configure } = await layersOfMap();
    const a = await insertFeature(db, layers.pipes.id, line([0, 0], [500, 0]), PIPE);
    await configure();
    const response = await traceFlow(map.id, a.id, 'upstream');
    expect(response.status).toBe(422);
    expect(response.json<Errors>().errors).toEqual({
      'hydraulics.source_layer_id': ["This map's water network has no source (reservoir or tank)."],
    });
  });

  /**
   * Reservoir West feeds main P1 to J1 at 500 m; a square loop J1 → J2 (P2, east), J2 → J3 (P3,
   * south), J3 → J4 (P4, west), J4 → J1 (P5, north), all drawn that way round; P6 joins J2 to
   * reservoir East. A service point at J3 draws 1 L/s. Which way P3, P4 and P5 flow depends
   * only on which reservoir stands higher.
   */
  async function loop(westHead: number, eastHead: number) {
    const { db, map, layers, configure } = await layersOfMap();
    const pipe = (from: [number, number], to: [number, number]) =>
      insertFeature(db, layers.pipes.id, line(from, to), PIPE).then((feature) => feature.id);
    const ids = {
      p1: await pipe([0, 0], [500, 0]),
      p2: await pipe([500, 0], [1000, 0]),
      p3: await pipe([1000, 0], [1000, -500]),
      p4: await pipe([1000, -500], [500, -500]),
      p5: await pipe([500, -500], [500, 0]),
      p6: await pipe([1000, 0], [1500, 0]),
    };
    const west = await insertFeature(db, layers.sources.id, point(0, 0), {
      kind: 'reservoir',
      head_m: westHead,
    });
    const east = await insertFeature(db, layers.sources.id, point(1500, 0), {
      kind: 'reservoir',
      head_m: eastHead,
    });
    const service = await insertFeature(db, layers.services.id, point(1000, -500), { demand_lps: 1 });
    await configure();
    return { map, ids, west: west.id, east: east.id, service: service.id };
  }

  it('orients a loop by the heads of two sources: the higher one feeds it', async () => {
    const high = await loop(60, 50);
    // West is higher: water goes P1 → J1, round J1 → J4 → J3 (P5, P4 against their drawing)
    // and J3 → J2 (P3 against its drawing) on into the east reservoir.
    const up = await traced(high.map.id, high.ids.p4, 'upstream');
    expect(up).toMatchObject({ pipe_ids: [high.ids.p1, high.ids.p4, high.ids.p5], source_ids: [high.west] });
    const down = await traced(high.map.id, high.ids.p4, 'downstream');
    expect(down).toMatchObject({
      pipe_ids: [high.ids.p3, high.ids.p4, high.ids.p6],
      node_ids: [high.service],
      source_ids: [high.east],
    });

    const low = await loop(50, 60);
    const flipped = await traced(low.map.id, low.ids.p4, 'upstream');
    expect(flipped).toMatchObject({
      pipe_ids: [low.ids.p3, low.ids.p4, low.ids.p6],
      node_ids: [low.service],
      source_ids: [low.east],
    });
    const onward = await traced(low.map.id, low.ids.p4, 'downstream');
    expect(onward).toMatchObject({ pipe_ids: [low.ids.p1, low.ids.p4, low.ids.p5], source_ids: [low.west] });
  });
});

/**
 * Mains M1 (0 → 500 m), M2 (500 → 1000 m) and M3 (1000 → 1500 m) in a row with valves VA and VB
 * between them; hydrant H1 on M1, hydrant H2 and service point S2 on M2, service point S3 on M3.
 */
async function row() {
  const { db, map, layers, configure } = await layersOfMap();
  const m1 = await insertFeature(db, layers.pipes.id, line([0, 0], [500, 0]), PIPE);
  const m2 = await insertFeature(db, layers.pipes.id, line([500, 0], [1000, 0]), PIPE);
  const m3 = await insertFeature(db, layers.pipes.id, line([1000, 0], [1500, 0]), PIPE);
  const va = await insertFeature(db, layers.valves.id, point(500, 0), {});
  const vb = await insertFeature(db, layers.valves.id, point(1000, 0), {});
  const h1 = await insertFeature(db, layers.hydrants.id, point(200, 0), { name: 'H-1' });
  const h2 = await insertFeature(db, layers.hydrants.id, point(700, 0), { name: 'H-2' });
  const s2 = await insertFeature(db, layers.services.id, point(800, 0), { name: 'S-2' });
  const s3 = await insertFeature(db, layers.services.id, point(1200, 0), { name: 'S-3' });
  await configure();
  return { map, layers, ids: { m1, m2, m3, va, vb, h1, h2, s2, s3 } };
}

describe('isolation: the hydrants and service points that lose water', () => {
  it('lists them per layer, and goes past an inoperable valve to the next ring', async () => {
    const { map, layers, ids } = await row();
    const { client } = await t.signedIn('user');
    const url = `/api/maps/${map.id}/water-network/isolate`;
    const isolation = (await client.post(url, { pipe_id: ids.m2.id })).json<{ data: unknown }>().data;
    expect(isolation).toMatchObject({
      valve_ids: [ids.va.id, ids.vb.id],
      node_ids: [ids.h2.id, ids.s2.id],
      node_layers: [
        { layer_id: layers.hydrants.id, role: 'hydrant', feature_ids: [ids.h2.id] },
        { layer_id: layers.services.id, role: 'service', feature_ids: [ids.s2.id] },
      ],
    });
    await t.database.db.query(`UPDATE features SET properties = '{"operable": false}' WHERE id = $1`, [
      ids.vb.id,
    ]);
    const further = (await client.post(url, { pipe_id: ids.m2.id })).json<{ data: unknown }>().data;
    expect(further).toMatchObject({
      valve_ids: [ids.va.id],
      skipped_valve_ids: [ids.vb.id],
      node_layers: [
        { layer_id: layers.hydrants.id, role: 'hydrant', feature_ids: [ids.h2.id] },
        { layer_id: layers.services.id, role: 'service', feature_ids: [ids.s2.id, ids.s3.id] },
      ],
    });
  });

  it('exports exactly the service points that lose water, as GDAL reads the file', async () => {
    const { map, layers, ids } = await row();
    await t.database.db.query(`UPDATE features SET properties = '{"operable": false}' WHERE id = $1`, [
      ids.vb.id,
    ]);
    const { client } = await t.signedIn('user');
    const isolation = await client.post(`/api/maps/${map.id}/water-network/isolate`, { pipe_id: ids.m2.id });
    const { node_layers } = isolation.json<{ data: FlowTrace }>().data;
    const services = node_layers.find((entry) => entry.layer_id === layers.services.id);
    for (const format of ['gpkg', 'geojson'] as const) {
      const started = await client.post(`/api/maps/${map.id}/export-multi-selected-features`, {
        format,
        layer_id: layers.services.id,
        feature_ids: services?.feature_ids,
      });
      expect(started.status).toBe(201);
      const { data } = started.json<{ data: { id: string; file_name: string; status: string } }>();
      expect(data.status).toBe('ready');
      const download = await client.get(`/api/get-export/${data.id}`);
      const file = path.join(dataDir, `read-${data.id}-${data.file_name}`);
      await writeFile(file, download.raw);
      expect(gdalFeatures(file).map((feature) => feature.properties.name)).toEqual(['S-2', 'S-3']);
    }
  });
});
