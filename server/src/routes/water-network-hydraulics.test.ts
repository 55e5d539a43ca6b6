import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertFeature, insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { line, point } from '../../test-support/metric-geometry.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => t.database.reset());

type Errors = { errors: Record<string, string[]> };

/** Hazen-Williams head loss in SI units (m), Q in L/s, D in mm. */
const headLoss = (lengthM: number, flowLps: number, c: number, diameterMm: number) =>
  (10.67 * lengthM * (flowLps / 1000) ** 1.852) / (c ** 1.852 * (diameterMm / 1000) ** 4.8704);

/**
 * A reservoir (head 55 m) at the west end of a 900 m main of 200 mm PVC (C 150 by the default
 * table, length given as 900 m), a service point at its east end drawing 9 L/s at 5 m elevation,
 * and a hydrant halfway along a 300 m branch of 100 mm ductile iron beyond a valve.
 */
async function line900() {
  const db = t.database.db;
  const map = await insertMap(db);
  const pipes = await insertLayer(db, map.id, { name: 'Pipes', geometry_type: 'LineString' });
  const valves = await insertLayer(db, map.id, { name: 'Valves', geometry_type: 'Point' });
  const services = await insertLayer(db, map.id, { name: 'Service points', geometry_type: 'Point' });
  const hydrants = await insertLayer(db, map.id, { name: 'Hydrants', geometry_type: 'Point' });
  const sources = await insertLayer(db, map.id, { name: 'Sources', geometry_type: 'Point' });
  const main = await insertFeature(db, pipes.id, line([0, 0], [900, 0]), {
    diameter_mm: 200,
    material: 'pvc',
    length_m: 900,
  });
  const branch = await insertFeature(db, pipes.id, line([900, 0], [900, 300]), {
    diameter_mm: 100,
    material: 'ductile_iron',
  });
  const valve = await insertFeature(db, valves.id, point(900, 150), { is_open: true });
  const service = await insertFeature(db, services.id, point(900, 0), { demand_lps: 9, elevation_m: 5 });
  const hydrant = await insertFeature(db, hydrants.id, point(900, 300), {});
  const reservoir = await insertFeature(db, sources.id, point(0, 0), { kind: 'reservoir', head_m: 55 });
  const config = {
    pipe_layer_id: pipes.id,
    valve_layer_ids: [valves.id],
    node_layer_ids: [services.id, hydrants.id],
    tolerance_m: 0.5,
    hydraulics: { source_layer_id: sources.id, service_layer_ids: [services.id] },
  };
  const { client } = await t.signedIn('admin');
  expect((await client.put(`/api/maps/${map.id}/water-network`, config)).status).toBe(200);
  return { map, ids: { main, branch, valve, service, hydrant, reservoir }, layers: { pipes, sources } };
}

interface Simulation {
  nodes: {
    id: string;
    kind: string;
    feature_ids: number[];
    pressure_m: number | null;
    pressure_bar: number | null;
  }[];
  pipes: { pipe_id: number; status: string; flow_lps: number | null; velocity_mps: number | null }[];
  warnings: { code: string }[];
  low_pressure: { node_id: string; feature_ids: number[]; pressure_m: number }[];
}

describe('simulate', () => {
  it('answers the pressure at a service point as the head less the Hazen-Williams loss', async () => {
    const { map, ids } = await line900();
    const { client } = await t.signedIn('user');
    const response = await client.post(`/api/maps/${map.id}/water-network/simulate`, {});
    expect(response.status).toBe(200);
    const { data } = response.json() as { data: Simulation };
    const at = data.nodes.find((node) => node.feature_ids.includes(ids.service.id));
    const expected = 55 - headLoss(900, 9, 150, 200) - 5;
    expect(Math.abs((at?.pressure_m ?? 0) - expected)).toBeLessThan(0.1);
    expect(at?.pressure_bar).toBeCloseTo(expected * 0.0980665, 2);
    const main = data.pipes.find((pipe) => pipe.pipe_id === ids.main.id);
    expect(main).toMatchObject({ status: 'open' });
    expect(main?.flow_lps).toBeCloseTo(9, 3);
    expect(data.nodes.find((node) => node.feature_ids.includes(ids.reservoir.id))?.kind).toBe('reservoir');
    expect(data.warnings).toEqual([]);
    expect(data.low_pressure).toEqual([]);
  });

  it('gives the fire flow at the hydrant: its pressure at the answer is the residual', async () => {
    const { map, ids } = await line900();
    const { client } = await t.signedIn('user');
    const response = await client.post(`/api/maps/${map.id}/water-network/fire-flow`, {
      hydrant_id: ids.hydrant.id,
    });
    expect(response.status).toBe(200);
    const { data } = response.json() as { data: { flow_lps: number; residual_bar: number } };
    expect(data.residual_bar).toBe(1.4);
    // At the answer: 55 m less both losses leaves 1.4 bar, within a bisection step.
    const pressureAt = (fire: number) =>
      55 - headLoss(900, 9 + fire, 150, 200) - headLoss(300, fire, 130, 100);
    expect(pressureAt(data.flow_lps)).toBeGreaterThan(1.4 / 0.0980665 - 0.1);
    expect(pressureAt(data.flow_lps + 0.2)).toBeLessThan(1.4 / 0.0980665);
  });

  it('exports the model as INP with the pipes and the reservoir', async () => {
    const { map, ids } = await line900();
    const { client } = await t.signedIn('user');
    const response = await client.get(`/api/maps/${map.id}/water-network/model.inp`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(text).toContain('[RESERVOIRS]');
    expect(text).toMatch(new RegExp(`^R${ids.reservoir.id}\\t55$`, 'm'));
    expect(text).toMatch(new RegExp(`^P${ids.main.id}\\t\\S+\\t\\S+\\t900\\t200\\t150\\t0\\tOpen$`, 'm'));
  });

  it('names the pipes without a diameter or with a negative C, and a map without a source, in a 422', async () => {
    const { map, ids, layers } = await line900();
    const db = t.database.db;
    await db.query(`UPDATE features SET properties = properties || '{"diameter_mm": 0}' WHERE id = $1`, [
      ids.main.id,
    ]);
    await db.query(`UPDATE features SET properties = properties || '{"hw_c": -10}' WHERE id = $1`, [
      ids.branch.id,
    ]);
    const { client } = await t.signedIn('user');
    const url = `/api/maps/${map.id}/water-network/simulate`;
    const bad = await client.post(url, {});
    expect(bad.status).toBe(422);
    const errors = (bad.json() as Errors).errors;
    expect(Object.keys(errors).sort()).toEqual([`pipes.${ids.branch.id}`, `pipes.${ids.main.id}`].sort());
    expect(errors[`pipes.${ids.main.id}`]?.[0]).toContain(String(ids.main.id));

    await db.query('DELETE FROM features WHERE layer_id = $1', [layers.sources.id]);
    await db.query(
      `UPDATE features SET properties = properties - 'hw_c' || '{"diameter_mm": 150}' WHERE layer_id = $1`,
      [layers.pipes.id],
    );
    const none = await client.post(url, {});
    expect(none.status).toBe(422);
    expect(Object.keys((none.json() as Errors).errors)).toEqual(['hydraulics.source_layer_id']);
  });

  it('keeps the hydraulic settings when the topology screen saves only the layers', async () => {
    const { map } = await line900();
    const { client } = await t.signedIn('admin');
    const url = `/api/maps/${map.id}/water-network`;
    const before = (await client.get(url)).json() as { data: { hydraulics: { source_layer_id: number } } };
    const { hydraulics, ...layersOnly } = before.data;
    expect((await client.put(url, layersOnly)).status).toBe(200);
    const after = (await client.get(url)).json() as { data: { hydraulics: unknown } };
    expect(after.data.hydraulics).toEqual(hydraulics);
  });
});
