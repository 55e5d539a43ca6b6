import { describe, expect, it } from 'vitest';
import { buildNetworkGraph, type PipeInput, type PointInput } from './network-graph.ts';
import {
  components,
  danglingEnds,
  isolateOperable,
  isolatePipe,
  traceFeature,
  unconnectedNodes,
} from './network-queries.ts';

/**
 * A hand-built network in metres, tolerance 0.5 m, whose answers are worked out on paper:
 *
 *   (100,200) 8
 *        |                  (150,50) 7 dangling, its lower end 1.2 m above pipe 2
 *   (100,100)        pipe 10 from (50,100) ends 0.3 m above pipe 1, splitting it at x = 50
 *        3
 *  15 ·· 1 ──── V11 ──── 2 ──── (200,0) ──── 4 ── V12 ── 4 ──── (300,0) ──── 6 ──── (400,0)
 *  pipe 15 stops 2 m west of pipe 1          hydrant 21 on 2         |   6 starts 0.3 m off (300,0)
 *                                                                    5 with V13 at (300,50), hydrant 23 at its end
 *  pipe 9 far away; valve 14 and hydrant 22 off the network.
 */
const line = (id: number, ...points: [number, number][]): PipeInput => ({
  id,
  parts: [points.map(([x, y]) => ({ x, y }))],
});
const at = (id: number, x: number, y: number): PointInput => ({ id, point: { x, y } });

const pipes = [
  line(1, [0, 0], [100, 0]),
  line(2, [100, 0], [200, 0]),
  line(3, [100, 0], [100, 100]),
  line(4, [200, 0], [300, 0]),
  line(5, [300, 0], [300, 100]),
  line(6, [300, 0.3], [400, 0]),
  line(7, [150, 50], [150, 1.2]),
  line(8, [100, 100], [100, 200]),
  line(9, [0, 500], [100, 500]),
  line(10, [50, 100], [50, 0.3]),
  line(15, [-2, 0], [-50, 0]),
];
const valves = [at(11, 100, 0), at(12, 250, 0), at(13, 300, 50), at(14, 500, 500)];
const nodes = [at(21, 150, 0.2), at(22, 600, 600), at(23, 300, 100)];
const graph = buildNetworkGraph({ pipes, valves, nodes, toleranceM: 0.5 });

describe('the water network graph', () => {
  it('finds the connected parts, largest first', () => {
    expect(components(graph)).toEqual([
      { id: 1, pipe_ids: [1, 2, 3, 4, 5, 6, 8, 10] },
      { id: 2, pipe_ids: [7] },
      { id: 3, pipe_ids: [9] },
      { id: 4, pipe_ids: [15] },
    ]);
  });

  it('lists the valves and nodes farther than the tolerance from every pipe', () => {
    expect(unconnectedNodes(graph)).toEqual([14, 22]);
  });

  it('reports free ends near another pipe, nearest first, and no end that is joined', () => {
    const found = danglingEnds(graph, 2.5).map(({ pipe_id, near_pipe_id, distance_m, point }) => ({
      pipe_id,
      near_pipe_id,
      distance_m: Math.round(distance_m * 1000) / 1000,
      point,
    }));
    expect(found).toEqual([
      { pipe_id: 7, near_pipe_id: 2, distance_m: 1.2, point: { x: 150, y: 1.2 } },
      { pipe_id: 1, near_pipe_id: 15, distance_m: 2, point: { x: 0, y: 0 } },
      { pipe_id: 15, near_pipe_id: 1, distance_m: 2, point: { x: -2, y: 0 } },
    ]);
    expect(danglingEnds(graph, 1)).toEqual([]);
  });

  it('isolates a pipe between a junction valve and a valve inside the next pipe', () => {
    expect(isolatePipe(graph, 2)).toEqual({ valve_ids: [11, 12], pipe_ids: [2, 4], node_ids: [21] });
  });

  it('follows a pipe end that meets another pipe inside it', () => {
    expect(isolatePipe(graph, 1)).toEqual({ valve_ids: [11], pipe_ids: [1, 10], node_ids: [] });
  });

  it('leaves a hydrant beyond a closed valve in service, and needs no valve that only the cut-off part reaches', () => {
    expect(isolatePipe(graph, 6)).toEqual({ valve_ids: [12, 13], pipe_ids: [4, 5, 6], node_ids: [] });
    expect(isolatePipe(graph, 5)).toEqual({ valve_ids: [12], pipe_ids: [4, 5, 6], node_ids: [23] });
  });

  it('goes on to the next ring of valves past an inoperable one, naming it and the extra pipes', () => {
    // Valve 12 inside pipe 4 cannot be closed: pipe 2's isolation reaches on through pipe 4 to
    // (300,0), where pipe 5 is held by valve 13 and pipe 6 runs on unvalved to its end.
    expect(isolateOperable(graph, 2, new Set([12]))).toEqual({
      valve_ids: [11, 13],
      pipe_ids: [2, 4, 5, 6],
      node_ids: [21],
      skipped_valve_ids: [12],
      extra_pipe_ids: [5, 6],
    });
    // Every valve operable: the same answer as a plain isolation, nothing skipped.
    expect(isolateOperable(graph, 2, new Set())).toEqual({
      ...isolatePipe(graph, 2),
      skipped_valve_ids: [],
      extra_pipe_ids: [],
    });
  });

  it('cannot isolate a pipe no valve bounds: the whole part goes', () => {
    expect(isolatePipe(graph, 9)).toEqual({ valve_ids: [], pipe_ids: [9], node_ids: [] });
  });

  it('traces everything connected with every valve open, from a pipe, a valve or a hydrant', () => {
    const whole = { pipe_ids: [1, 2, 3, 4, 5, 6, 8, 10], node_ids: [11, 12, 13, 21, 23] };
    expect(traceFeature(graph, 3)).toEqual(whole);
    expect(traceFeature(graph, 12)).toEqual(whole);
    expect(traceFeature(graph, 21)).toEqual(whole);
    expect(traceFeature(graph, 7)).toEqual({ pipe_ids: [7], node_ids: [] });
  });

  it('traces a feature off the network to itself, and knows nothing of other ids', () => {
    expect(traceFeature(graph, 14)).toEqual({ pipe_ids: [], node_ids: [14] });
    expect(traceFeature(graph, 22)).toEqual({ pipe_ids: [], node_ids: [22] });
    expect(traceFeature(graph, 99)).toBeNull();
  });

  it('joins the parts of a multi-line pipe only where they meet', () => {
    const multi = buildNetworkGraph({
      pipes: [
        {
          id: 1,
          parts: [
            [
              { x: 0, y: 0 },
              { x: 10, y: 0 },
            ],
            [
              { x: 20, y: 0 },
              { x: 30, y: 0 },
            ],
          ],
        },
        line(2, [10, 0], [20, 0]),
        line(3, [40, 0], [50, 0]),
      ],
      valves: [at(4, 10, 0)],
      nodes: [],
      toleranceM: 0.5,
    });
    expect(components(multi)).toEqual([
      { id: 1, pipe_ids: [1, 2] },
      { id: 2, pipe_ids: [3] },
    ]);
    expect(isolatePipe(multi, 2)).toEqual({ valve_ids: [4], pipe_ids: [1, 2], node_ids: [] });
  });
});
