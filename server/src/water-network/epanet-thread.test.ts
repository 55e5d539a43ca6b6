import { afterEach, describe, expect, it } from 'vitest';
import { EpanetFailure } from './epanet-messages.ts';
import { runModel } from './epanet-run.ts';
import { EpanetBusy, EpanetThread, EpanetTimeout, type EpanetLimits } from './epanet-thread.ts';
import { buildModel, isModel, type HydraulicModel, type Properties } from './hydraulic-model.ts';
import { DEFAULT_HYDRAULICS } from '@shared/water-network/hydraulic-settings.ts';
import { simulate } from './hydraulic-simulation.ts';
import { buildNetworkGraph, type PipeInput, type PointInput } from '@shared/water-network/network-graph.ts';
import type { XY } from '@shared/water-network/plane.ts';

/**
 * A reservoir (feature 1) 100 m off one corner of a square grid of junctions 100 m apart
 * (feature 1000 + x · side + y), each drawing 0.05 L/s, through 300 mm pipes.
 */
function grid(side: number): HydraulicModel {
  const at = (x: number, y: number) => ({ x: x * 100, y: y * 100 });
  const pipes: PipeInput[] = [{ id: 1, parts: [[{ x: -100, y: 0 }, at(0, 0)]] }];
  const nodes: PointInput[] = [{ id: 1, point: { x: -100, y: 0 } }];
  const properties = new Map<number, Properties>();
  for (let x = 0; x < side; x += 1)
    for (let y = 0; y < side; y += 1) {
      const id = 1000 + x * side + y;
      nodes.push({ id, point: at(x, y) });
      properties.set(id, { demand_lps: 0.05 });
      if (x > 0) pipes.push({ id: pipes.length + 1, parts: [[at(x - 1, y), at(x, y)]] });
      if (y > 0) pipes.push({ id: pipes.length + 1, parts: [[at(x, y - 1), at(x, y)]] });
    }
  const built = buildModel({
    graph: buildNetworkGraph({ pipes, valves: [], nodes, toleranceM: 0.5 }),
    settings: DEFAULT_HYDRAULICS,
    pipes: new Map(pipes.map((pipe) => [pipe.id, { diameter_mm: 300 }])),
    valves: new Map(),
    nodes: properties,
    sources: new Map([[1, { head_m: 60 }]]),
    serviceIds: new Set(),
  });
  if (!isModel(built)) throw new Error(JSON.stringify(built));
  return built;
}
const corner = (model: HydraulicModel, side: number, x: number, y: number) =>
  model.nodeOfFeature.get(1000 + x * side + y) as string;

const position = (point: XY): [number, number] => [point.x / 100_000, point.y / 100_000];
const threads: EpanetThread[] = [];
const thread = (limits: EpanetLimits) => {
  const made = new EpanetThread(limits);
  threads.push(made);
  return made;
};
afterEach(async () => {
  await Promise.all(threads.splice(0).map((made) => made.close()));
});

describe('EPANET on its worker thread', () => {
  it('keeps the calling thread turning while a simulation is solved', async () => {
    const model = grid(40);
    await simulate(model, 20, position);
    const order: string[] = [];
    const answer = simulate(model, 20, position).then(() => order.push('answered'));
    setImmediate(() => order.push('turned'));
    await answer;
    expect(order).toEqual(['turned', 'answered']);
  });

  it('runs runModel on the worker too', async () => {
    const model = grid(40);
    await runModel(model);
    const order: string[] = [];
    const answer = runModel(model).then(() => order.push('answered'));
    setImmediate(() => order.push('turned'));
    await answer;
    expect(order).toEqual(['turned', 'answered']);
  });

  it('answers the same pressures again from the project it keeps open', async () => {
    const model = grid(6);
    const first = await simulate(model, 20, position);
    const again = await simulate(model, 20, position);
    expect(again.nodes).toEqual(first.nodes);
    // Every junction draws: the farthest corner has the lowest pressure.
    const far = corner(model, 6, 5, 5);
    expect(first.min_pressure_m).toBe(first.nodes.find((node) => node.id === far)?.pressure_m);
    expect(first.min_pressure_m).toBeLessThan(first.max_pressure_m as number);
  });

  it('stops a request past its time limit and serves the next one from a fresh worker', async () => {
    const limits = { runMs: 1, queued: 4 };
    const epanet = thread(limits);
    await expect(epanet.run(grid(3))).rejects.toBeInstanceOf(EpanetTimeout);
    limits.runMs = 60_000;
    const model = grid(3);
    const run = await epanet.run(model);
    expect(run.nodes.get(corner(model, 3, 0, 0))?.pressure).toBeGreaterThan(0);
  });

  it('refuses requests beyond the queue at once and answers the ones it took', async () => {
    const epanet = thread({ runMs: 60_000, queued: 1 });
    const model = grid(3);
    const runs = [epanet.run(model), epanet.run(model), epanet.run(model)].map((run) =>
      run.then(
        (answer) => answer.nodes.size,
        (error: unknown) => error,
      ),
    );
    const [first, second, third] = await Promise.all(runs);
    expect([first, second]).toEqual([10, 10]);
    expect(third).toBeInstanceOf(EpanetBusy);
  });

  it("passes EPANET's refusal on as a failure of the model and goes on serving", async () => {
    const epanet = thread({ runMs: 60_000, queued: 4 });
    const model = grid(2);
    const rough = { ...model, pipes: model.pipes.map((pipe) => ({ ...pipe, c: -5 })) };
    await expect(epanet.run(rough)).rejects.toBeInstanceOf(EpanetFailure);
    expect((await epanet.run(model)).nodes.size).toBe(5);
  });
});
