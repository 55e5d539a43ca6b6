import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertFeature, insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { DEFAULT_HYDRAULICS } from '@shared/water-network/hydraulic-settings.ts';
import { lonLat, line, point } from '../../test-support/metric-geometry.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => t.database.reset());

type Errors = { errors: Record<string, string[]> };

/**
 * Three pipes in a row, 0 → 100 → 200 → 300 m east, a valve where the first two meet and one
 * inside the third; a hydrant on the second; a short pipe whose end stops 1.5 m north of the
 * second; a valve 40 m off every pipe. Tolerance 0.5 m.
 */
async function smallNetwork() {
  const db = t.database.db;
  const map = await insertMap(db);
  const pipes = await insertLayer(db, map.id, { name: 'Pipes', geometry_type: 'LineString' });
  const valves = await insertLayer(db, map.id, { name: 'Valves', geometry_type: 'Point' });
  const hydrants = await insertLayer(db, map.id, { name: 'Hydrants', geometry_type: 'Point' });
  const zones = await insertLayer(db, map.id, { name: 'Zones', geometry_type: 'Polygon' });
  const p1 = await insertFeature(db, pipes.id, line([0, 0], [100, 0]));
  const p2 = await insertFeature(db, pipes.id, line([100, 0], [200, 0]));
  const p3 = await insertFeature(db, pipes.id, line([200, 0], [300, 0]));
  const stub = await insertFeature(db, pipes.id, line([150, 40], [150, 1.5]));
  const v1 = await insertFeature(db, valves.id, point(100, 0));
  const v2 = await insertFeature(db, valves.id, point(250, 0));
  const stray = await insertFeature(db, valves.id, point(50, 40));
  const h1 = await insertFeature(db, hydrants.id, point(130, 0));
  const zone = await insertFeature(db, zones.id, {
    type: 'Polygon',
    coordinates: [[lonLat(0, 0), lonLat(10, 0), lonLat(10, 10), lonLat(0, 0)]],
  });
  const config = {
    pipe_layer_id: pipes.id,
    valve_layer_ids: [valves.id],
    node_layer_ids: [hydrants.id],
    tolerance_m: 0.5,
  };
  return {
    map,
    layers: { pipes, valves, hydrants, zones },
    ids: { p1, p2, p3, stub, v1, v2, stray, h1, zone },
    config,
  };
}

describe('water network configuration', () => {
  it('answers defaults for a map without one, and stores what an admin sets', async () => {
    const { client } = await t.signedIn('admin');
    const { map, config } = await smallNetwork();
    const url = `/api/maps/${map.id}/water-network`;
    expect((await client.get(url)).json()).toEqual({
      data: {
        pipe_layer_id: null,
        valve_layer_ids: [],
        node_layer_ids: [],
        tolerance_m: 1,
        hydraulics: DEFAULT_HYDRAULICS,
      },
    });
    const saved = await client.put(url, config);
    expect(saved.status).toBe(200);
    const stored = { ...config, hydraulics: DEFAULT_HYDRAULICS };
    expect(saved.json()).toEqual({ data: stored });
    const { client: reader } = await t.signedIn('user');
    expect((await reader.get(url)).json()).toEqual({ data: stored });
  });

  it('refuses layers of the wrong kind, of another map or in two roles, per field, and stores nothing', async () => {
    const { client } = await t.signedIn('admin');
    const { map, layers, config } = await smallNetwork();
    const other = await insertLayer(t.database.db, (await insertMap(t.database.db)).id, {
      geometry_type: 'Point',
    });
    const url = `/api/maps/${map.id}/water-network`;
    const response = await client.put(url, {
      pipe_layer_id: layers.valves.id,
      valve_layer_ids: [layers.pipes.id, other.id],
      node_layer_ids: [layers.hydrants.id, layers.hydrants.id],
      tolerance_m: 0.5,
    });
    expect(response.status).toBe(422);
    expect(response.json<Errors>().errors).toEqual({
      pipe_layer_id: ['The pipe layer must be a vector line layer of this map.'],
      'valve_layer_ids.0': ['Valve and node layers must be vector point layers of this map.'],
      'valve_layer_ids.1': ['Valve and node layers must be vector point layers of this map.'],
      'node_layer_ids.1': ['A layer can have only one role in the water network.'],
    });
    expect(Object.keys((await client.put(url, { ...config, tolerance_m: 0 })).json<Errors>().errors)).toEqual(
      ['tolerance_m'],
    );
    expect((await client.get(url)).json<{ data: { pipe_layer_id: null } }>().data.pipe_layer_id).toBeNull();
  });

  it('lets only admins change it or run the check; anyone who reads the map may trace and isolate', async () => {
    const { client: admin } = await t.signedIn('admin');
    const { client: editor } = await t.signedIn('editor');
    const { map, ids, config } = await smallNetwork();
    const url = `/api/maps/${map.id}/water-network`;
    expect((await editor.put(url, config)).status).toBe(403);
    await admin.put(url, config);
    expect((await editor.post(`${url}/check`)).status).toBe(403);
    expect((await editor.post(`${url}/trace`, { feature_id: ids.p1.id })).status).toBe(200);
    expect((await editor.post(`${url}/isolate`, { pipe_id: ids.p1.id })).status).toBe(200);
    expect((await t.client().get(url)).status).toBe(401);
    expect((await admin.get('/api/maps/9999/water-network')).status).toBe(404);
  });

  it('drops a deleted layer from the configuration', async () => {
    const { client } = await t.signedIn('admin');
    const { map, layers, config } = await smallNetwork();
    await client.put(`/api/maps/${map.id}/water-network`, config);
    await t.database.db.query('DELETE FROM layers WHERE id = $1', [layers.hydrants.id]);
    expect((await client.get(`/api/maps/${map.id}/water-network`)).json()).toEqual({
      data: { ...config, node_layer_ids: [], hydraulics: DEFAULT_HYDRAULICS },
    });
  });
});

describe('water network answers', () => {
  it('checks the topology: parts, nodes off the network and the end that stops short', async () => {
    const { client } = await t.signedIn('admin');
    const { map, ids, config } = await smallNetwork();
    await client.put(`/api/maps/${map.id}/water-network`, config);
    const check = await client.post(`/api/maps/${map.id}/water-network/check`);
    expect(check.status).toBe(200);
    const data = check.json<{ data: Record<string, unknown> & { dangling: { distance_m: number }[] } }>()
      .data;
    expect(data).toMatchObject({
      components: [
        { id: 1, pipe_ids: [ids.p1.id, ids.p2.id, ids.p3.id] },
        { id: 2, pipe_ids: [ids.stub.id] },
      ],
      pipes_count: 4,
      nodes_count: 4,
      unconnected_node_ids: [ids.stray.id],
      dangling: [{ pipe_id: ids.stub.id, near_pipe_id: ids.p2.id }],
      near_distance_m: 2.5,
    });
    expect(data.dangling[0]?.distance_m).toBeCloseTo(1.5, 1);
    const [lon, lat] = lonLat(150, 1.5);
    const end = (data.dangling[0] as unknown as { point: { coordinates: [number, number] } }).point
      .coordinates;
    expect(end[0]).toBeCloseTo(lon, 6);
    expect(end[1]).toBeCloseTo(lat, 6);
  });

  it('isolates a pipe with the valves around it, and traces everything connected', async () => {
    const { client: admin } = await t.signedIn('admin');
    const { client } = await t.signedIn('user');
    const { map, ids, config, layers } = await smallNetwork();
    await admin.put(`/api/maps/${map.id}/water-network`, config);
    const url = `/api/maps/${map.id}/water-network`;
    const hydrants = (featureIds: number[]) => [
      { layer_id: layers.hydrants.id, role: 'hydrant', feature_ids: featureIds },
    ];
    expect((await client.post(`${url}/isolate`, { pipe_id: ids.p2.id })).json()).toEqual({
      data: {
        pipe_id: ids.p2.id,
        valve_ids: [ids.v1.id, ids.v2.id],
        pipe_ids: [ids.p2.id, ids.p3.id],
        node_ids: [ids.h1.id],
        skipped_valve_ids: [],
        extra_pipe_ids: [],
        node_layers: hydrants([ids.h1.id]),
      },
    });
    expect((await client.post(`${url}/isolate`, { pipe_id: ids.p1.id })).json()).toEqual({
      data: {
        pipe_id: ids.p1.id,
        valve_ids: [ids.v1.id],
        pipe_ids: [ids.p1.id],
        node_ids: [],
        skipped_valve_ids: [],
        extra_pipe_ids: [],
        node_layers: hydrants([]),
      },
    });
    // Valve 1 seized: isolating pipe 2 goes past it and pipe 1 goes dry too.
    await t.database.db.query(`UPDATE features SET properties = '{"operable": false}' WHERE id = $1`, [
      ids.v1.id,
    ]);
    expect((await client.post(`${url}/isolate`, { pipe_id: ids.p2.id })).json()).toEqual({
      data: {
        pipe_id: ids.p2.id,
        valve_ids: [ids.v2.id],
        pipe_ids: [ids.p1.id, ids.p2.id, ids.p3.id],
        node_ids: [ids.h1.id],
        skipped_valve_ids: [ids.v1.id],
        extra_pipe_ids: [ids.p1.id],
        node_layers: hydrants([ids.h1.id]),
      },
    });
    expect((await client.post(`${url}/trace`, { feature_id: ids.h1.id })).json()).toEqual({
      data: {
        feature_id: ids.h1.id,
        pipe_ids: [ids.p1.id, ids.p2.id, ids.p3.id],
        node_ids: [ids.v1.id, ids.v2.id, ids.h1.id],
      },
    });
    expect((await client.post(`${url}/trace`, { feature_id: ids.stray.id })).json()).toEqual({
      data: { feature_id: ids.stray.id, pipe_ids: [], node_ids: [ids.stray.id] },
    });
  });

  it('answers 422 per field for what is not a pipe, not on the network, or an unconfigured map', async () => {
    const { client } = await t.signedIn('admin');
    const { map, ids, config } = await smallNetwork();
    const url = `/api/maps/${map.id}/water-network`;
    const unconfigured = await client.post(`${url}/isolate`, { pipe_id: ids.p1.id });
    expect(unconfigured.json<Errors>().errors).toEqual({
      pipe_layer_id: ['This map has no water network configured.'],
    });
    await client.put(url, config);
    const valve = await client.post(`${url}/isolate`, { pipe_id: ids.v1.id });
    expect(valve.status).toBe(422);
    expect(valve.json<Errors>().errors).toEqual({
      pipe_id: ["The feature is not a pipe of this map's water network."],
    });
    const zone = await client.post(`${url}/trace`, { feature_id: ids.zone.id });
    expect(zone.json<Errors>().errors).toEqual({
      feature_id: ["The feature is not part of this map's water network."],
    });
    expect((await client.post(`${url}/trace`, { feature_id: 'one' })).status).toBe(422);
    expect((await client.post(`${url}/isolate`, { pipe_id: 99999999999 })).status).toBe(422);
  });

  it('rebuilds the graph when a feature of the network changes', async () => {
    const { client } = await t.signedIn('admin');
    const { map, ids, config } = await smallNetwork();
    const url = `/api/maps/${map.id}/water-network`;
    await client.put(url, config);
    expect(
      (await client.post(`${url}/check`)).json<{ data: { components: unknown[] } }>().data.components,
    ).toHaveLength(2);
    await t.database.db.query(
      'UPDATE features SET geom = ST_SetSRID(ST_GeomFromGeoJSON($2), 4326) WHERE id = $1',
      [ids.stub.id, JSON.stringify(line([150, 40], [150, 0]))],
    );
    const after = (await client.post(`${url}/check`)).json<{
      data: { components: unknown[]; dangling: unknown[] };
    }>();
    expect(after.data.components).toEqual([
      { id: 1, pipe_ids: [ids.p1.id, ids.p2.id, ids.p3.id, ids.stub.id] },
    ]);
    expect(after.data.dangling).toEqual([]);
  });
});
