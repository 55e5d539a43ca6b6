import { describe, expect, it } from 'vitest';
import { buildModel, isModel, type ModelInput, type Properties } from './hydraulic-model.ts';
import { DEFAULT_HYDRAULICS } from '@shared/water-network/hydraulic-settings.ts';
import { fireFlow, simulate } from './hydraulic-simulation.ts';
import { buildNetworkGraph, type PipeInput, type PointInput } from '@shared/water-network/network-graph.ts';
import type { XY } from '@shared/water-network/plane.ts';

/**
 * Known answers from the Hazen-Williams formula in SI units, worked out here apart from EPANET:
 * head loss h = 10.67 L Q^1.852 / (C^1.852 D^4.8704), Q in m³/s, D and L in m.
 */
const headLoss = (lengthM: number, flowLps: number, c: number, diameterMm: number) =>
  (10.67 * lengthM * (flowLps / 1000) ** 1.852) / (c ** 1.852 * (diameterMm / 1000) ** 4.8704);

const line = (id: number, ...points: [number, number][]): PipeInput => ({
  id,
  parts: [points.map(([x, y]) => ({ x, y }))],
});
const at = (id: number, x: number, y: number): PointInput => ({ id, point: { x, y } });
const position = (point: XY): [number, number] => [point.x / 100_000, point.y / 100_000];

interface Network {
  pipes: [PipeInput, Properties][];
  valves?: [PointInput, Properties][];
  nodes?: [PointInput, Properties][];
  sources?: [PointInput, Properties][];
  serviceIds?: number[];
}

function model({ pipes, valves = [], nodes = [], sources = [], serviceIds = [] }: Network) {
  const graph = buildNetworkGraph({
    pipes: pipes.map(([pipe]) => pipe),
    valves: valves.map(([valve]) => valve),
    nodes: [...nodes, ...sources].map(([node]) => node),
    toleranceM: 0.5,
  });
  const byId = (list: [{ id: number }, Properties][]) =>
    new Map(list.map(([item, props]) => [item.id, props]));
  const input: ModelInput = {
    graph,
    settings: DEFAULT_HYDRAULICS,
    pipes: byId(pipes),
    valves: byId(valves),
    nodes: byId(nodes),
    sources: byId(sources),
    serviceIds: new Set(serviceIds),
  };
  return buildModel(input);
}

const built = (network: Network) => {
  const result = model(network);
  if (!isModel(result)) throw new Error(JSON.stringify(result));
  return result;
};

describe('the hydraulic model of a network, solved by EPANET', () => {
  it('answers a reservoir feeding one pipe to a demand: pressure is the head less the Hazen-Williams loss', async () => {
    const [H, L, D, Q] = [62, 1250, 150, 12];
    const network = built({
      // The length property (1250 m) wins over the drawn 1000 m; cast iron has C 100 in the table.
      pipes: [[line(1, [0, 0], [1000, 0]), { diameter_mm: D, length_m: L, material: 'cast_iron' }]],
      sources: [[at(10, 0, 0), { head_m: H }]],
      nodes: [[at(20, 1000, 0), { demand_lps: Q }]],
    });
    const answer = await simulate(network, 20, position);
    const junction = answer.nodes.find((node) => node.feature_ids.includes(20));
    expect(junction?.pressure_m).toBeCloseTo(H - headLoss(L, Q, 100, D), 1);
    expect(Math.abs((junction?.pressure_m ?? 0) - (H - headLoss(L, Q, 100, D)))).toBeLessThan(0.1);
    expect(junction?.pressure_bar).toBeCloseTo((junction?.pressure_m ?? 0) * 0.0980665, 3);
    const pipe = answer.pipes[0];
    expect(pipe?.flow_lps).toBeCloseTo(Q, 3);
    // v = Q / A
    expect(pipe?.velocity_mps).toBeCloseTo(Q / 1000 / ((Math.PI * (D / 1000) ** 2) / 4), 3);
    expect(pipe?.lines).toEqual([[position({ x: 0, y: 0 }), position({ x: 1000, y: 0 })]]);
    expect(answer.warnings).toEqual([]);
  });

  it('splits the flow between two parallel pipes as the formula does', async () => {
    const Q = 40;
    const pipes: [PipeInput, Properties][] = [
      [line(1, [0, 0], [800, 0]), { diameter_mm: 200, material: 'pvc' }],
      [line(2, [0, 0], [400, 300], [800, 0]), { diameter_mm: 150, material: 'cast_iron' }],
      [line(3, [800, 0], [900, 0]), { diameter_mm: 300, material: 'pvc' }],
    ];
    const network = built({
      pipes,
      sources: [[at(10, 900, 0), { head_m: 80 }]],
      nodes: [[at(20, 0, 0), { demand_lps: Q }]],
    });
    const answer = await simulate(network, 20, position);
    // Equal head loss on both: Q_i ∝ (C_i^1.852 D_i^4.8704 / L_i)^(1/1.852).
    const k = (c: number, d: number, l: number) => ((c ** 1.852 * (d / 1000) ** 4.8704) / l) ** (1 / 1.852);
    const k1 = k(150, 200, 800);
    const k2 = k(100, 150, 1000);
    const flow = (id: number) => Math.abs(answer.pipes.find((pipe) => pipe.pipe_id === id)?.flow_lps ?? 0);
    expect(flow(1)).toBeCloseTo((Q * k1) / (k1 + k2), 1);
    expect(flow(2)).toBeCloseTo((Q * k2) / (k1 + k2), 1);
    // Water runs from the source at x = 900 to the demand at x = 0: against the lines' direction.
    expect(answer.pipes.find((pipe) => pipe.pipe_id === 1)?.flow_lps).toBeLessThan(0);
  });

  it('separates the pipes at a closed valve and leaves out what no source reaches', async () => {
    const network = built({
      pipes: [
        [line(1, [0, 0], [500, 0]), { diameter_mm: 100 }],
        [line(2, [500, 0], [1000, 0]), { diameter_mm: 100 }],
      ],
      valves: [[at(5, 500, 0), { is_open: false }]],
      sources: [[at(10, 0, 0), { head_m: 40 }]],
      nodes: [[at(20, 1000, 0), { demand_lps: 2 }]],
    });
    const answer = await simulate(network, 20, position);
    expect(answer.pipes.map((pipe) => [pipe.pipe_id, pipe.status])).toEqual([
      [1, 'open'],
      [2, 'disconnected'],
    ]);
    const dry = answer.nodes.find((node) => node.feature_ids.includes(20));
    expect(dry?.pressure_m).toBeNull();
    expect(answer.warnings.map((warning) => warning.code)).toEqual(['disconnected']);
    expect(answer.warnings[0]?.node_ids).toContain(dry?.id);
  });

  it('finds the fire flow that leaves the residual pressure at a hydrant', async () => {
    const [H, L, D] = [50, 600, 150];
    const network = built({
      pipes: [[line(1, [0, 0], [L, 0]), { diameter_mm: D, material: 'ductile_iron' }]],
      sources: [[at(10, 0, 0), { head_m: H }]],
      nodes: [[at(20, L, 0), {}]],
    });
    const node = network.nodeOfFeature.get(20) as string;
    const residual = 1.4 / 0.0980665;
    const answer = await fireFlow(network, node, residual);
    expect(answer.staticPressureM).toBeCloseTo(H, 3);
    // At the answer the loss is H - residual: within a bisection step of the formula's flow.
    expect(H - headLoss(L, answer.flowLps, 130, D)).toBeGreaterThan(residual - 0.1);
    expect(H - headLoss(L, answer.flowLps + 0.2, 130, D)).toBeLessThan(residual);
  });

  it('names the pipes without a diameter or with a C not above 0, and asks for a source', () => {
    expect(
      model({
        pipes: [
          [line(1, [0, 0], [100, 0]), { diameter_mm: 0 }],
          [line(2, [100, 0], [200, 0]), { diameter_mm: 100, hw_c: -20 }],
          [line(3, [200, 0], [300, 0]), { diameter_mm: 100 }],
        ],
      }),
    ).toEqual({
      'pipes.1': [{ key: 'water_network.no_diameter', params: { id: 1 } }],
      'pipes.2': [{ key: 'water_network.bad_roughness', params: { id: 2, c: -20 } }],
      'hydraulics.source_layer_id': [{ key: 'water_network.no_source', params: {} }],
    });
  });
});
