import { isAxiosError } from 'axios';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  checkWaterNetwork,
  getWaterNetwork,
  isolateWaterNetworkPipe,
  traceWaterNetwork,
  updateWaterNetwork,
} from '../generated/api/water-network/water-network';
import { DEFAULT_HYDRAULICS } from '../shared/water-network/hydraulic-settings';
import { applyScenario } from './scenarios';

async function rejection(call: Promise<unknown>): Promise<{ status?: number; data?: unknown }> {
  try {
    await call;
  } catch (error) {
    if (isAxiosError(error)) return { status: error.response?.status, data: error.response?.data };
    throw error;
  }
  throw new Error('expected the call to be rejected');
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);
const TOWN_CONFIG = {
  pipe_layer_id: 1,
  valve_layer_ids: [2],
  node_layer_ids: [3],
  tolerance_m: 15,
  hydraulics: DEFAULT_HYDRAULICS,
};

beforeEach(() => applyScenario('user'));

describe('mock water network', () => {
  it('comes configured on the mock town; only admins change it or run the check', async () => {
    expect((await getWaterNetwork(1)).data).toEqual(TOWN_CONFIG);
    expect((await rejection(updateWaterNetwork(1, TOWN_CONFIG))).status).toBe(403);
    expect((await rejection(checkWaterNetwork(1))).status).toBe(403);
    applyScenario('signed-out');
    expect((await rejection(getWaterNetwork(1))).status).toBe(401);
  });

  it('checks the town: one part, every valve and hydrant on it', async () => {
    applyScenario('admin');
    expect((await checkWaterNetwork(1)).data).toEqual({
      components: [{ id: 1, pipe_ids: range(1, 144) }],
      pipes_count: 144,
      nodes_count: 121,
      unconnected_node_ids: [],
      dangling: [],
      near_distance_m: 75,
    });
  });

  it('isolates a pipe between the valves at its two crossings, with its hydrant', async () => {
    expect((await isolateWaterNetworkPipe(1, { pipe_id: 1 })).data).toEqual({
      pipe_id: 1,
      valve_ids: [145, 146],
      pipe_ids: [1],
      node_ids: [226],
      // Mock valves are all operable: nothing is skipped.
      skipped_valve_ids: [],
      extra_pipe_ids: [],
      node_layers: [{ layer_id: 3, role: 'hydrant', feature_ids: [226] }],
    });
    const valve = await rejection(isolateWaterNetworkPipe(1, { pipe_id: 145 }));
    expect(valve).toMatchObject({ status: 422, data: { errors: { pipe_id: [expect.any(String)] } } });
  });

  it('traces the whole town from a hydrant', async () => {
    expect((await traceWaterNetwork(1, { feature_id: 226 })).data).toEqual({
      feature_id: 226,
      pipe_ids: range(1, 144),
      node_ids: range(145, 265),
    });
  });

  it('refuses a configuration with layers of the wrong kind, per field, and keeps the old one', async () => {
    applyScenario('admin');
    const refused = await rejection(
      updateWaterNetwork(1, {
        pipe_layer_id: 2,
        valve_layer_ids: [1],
        node_layer_ids: [3, 3],
        tolerance_m: 1,
      }),
    );
    expect(refused).toMatchObject({
      status: 422,
      data: {
        errors: {
          pipe_layer_id: ['The pipe layer must be a vector line layer of this map.'],
          'valve_layer_ids.0': ['Valve and node layers must be vector point layers of this map.'],
          'node_layer_ids.1': ['A layer can have only one role in the water network.'],
        },
      },
    });
    expect((await getWaterNetwork(1)).data).toEqual(TOWN_CONFIG);
    expect((await updateWaterNetwork(1, { ...TOWN_CONFIG, node_layer_ids: [] })).data.node_layer_ids).toEqual(
      [],
    );
  });

  it('answers 422 on a map without a network', async () => {
    const failure = await rejection(traceWaterNetwork(2, { feature_id: 1 }));
    expect(failure).toMatchObject({ status: 422, data: { errors: { pipe_layer_id: [expect.any(String)] } } });
  });
});
