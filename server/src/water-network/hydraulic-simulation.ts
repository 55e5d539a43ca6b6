import type { components } from '../../../generated/openapi-types.ts';
import { BAR_PER_M, openModel, reachedPart, runModel, type RunResult } from './epanet-run.ts';
import type { HydraulicModel } from './hydraulic-model.ts';
import type { XY } from './plane.ts';

export type Simulation = components['schemas']['WaterNetworkSimulation'];
type Warning = components['schemas']['HydraulicWarning'];

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
/** The longest list of low-pressure nodes an answer carries. */
const LOW_LISTED = 200;

/** Runs the model and answers in the document's terms; `position` gives [lon, lat] of a point. */
export async function simulate(
  model: HydraulicModel,
  lowPressureM: number,
  position: (point: XY) => [number, number],
): Promise<Simulation> {
  const { model: fed, unreached } = reachedPart(model);
  const run: RunResult = await runModel(fed);
  const warnings: Warning[] = [];
  if (unreached.length > 0)
    warnings.push({
      code: 'disconnected',
      node_ids: unreached.map((node) => node.id),
      text: `${unreached.length} nodes are not reached by any source and were left out of the run.`,
    });
  const nodes = model.nodes.map((node) => {
    const result = run.nodes.get(node.id);
    const pressure = result && node.kind === 'junction' ? result.pressure : result ? 0 : null;
    return {
      id: node.id,
      kind: node.kind,
      feature_ids: [...node.featureIds].sort((a, b) => a - b),
      coordinates: position(node.point),
      elevation_m: node.elevation,
      demand_lps: round(node.demandLps, 4),
      head_m: result ? round(result.head, 3) : null,
      pressure_m: pressure === null ? null : round(pressure, 3),
      pressure_bar: pressure === null ? null : round(pressure * BAR_PER_M, 4),
    };
  });
  const negative = nodes.filter((node) => node.kind === 'junction' && (node.pressure_m ?? 0) < 0);
  if (negative.length > 0)
    warnings.push({
      code: 'negative_pressure',
      node_ids: negative.map((node) => node.id),
      text: `${negative.length} nodes have a negative pressure.`,
    });
  for (const text of run.warnings) warnings.push({ code: 'epanet', node_ids: [], text });

  const pointOf = new Map(model.nodes.map((node) => [node.id, node.point]));
  const lines = new Map<number, [number, number][][]>();
  for (const pipe of model.pipes) {
    const ends = [pointOf.get(pipe.from), pointOf.get(pipe.to)];
    if (!ends[0] || !ends[1]) continue;
    const line = [ends[0], ...pipe.vertices, ends[1]].map(position);
    lines.set(pipe.pipeId, [...(lines.get(pipe.pipeId) ?? []), line]);
  }
  const pipes = new Map<number, Simulation['pipes'][number]>();
  for (const pipe of model.pipes) {
    const result = run.pipes.get(pipe.id);
    const answer = {
      pipe_id: pipe.pipeId,
      status: pipe.closed ? ('closed' as const) : result ? ('open' as const) : ('disconnected' as const),
      flow_lps: result ? round(result.flow, 4) : null,
      velocity_mps: result ? round(result.velocity, 4) : null,
      headloss_m_per_km: result ? round(result.headloss, 4) : null,
      lines: lines.get(pipe.pipeId) ?? [],
    };
    const known = pipes.get(pipe.pipeId);
    if (!known || (answer.velocity_mps ?? -1) > (known.velocity_mps ?? -1)) pipes.set(pipe.pipeId, answer);
  }

  const served = nodes.filter(
    (node, index) =>
      node.kind === 'junction' &&
      node.pressure_m !== null &&
      (model.nodes[index]?.featureIds.length ?? 0) > 0,
  );
  const reachedJunctions = nodes.filter((node) => node.kind === 'junction' && node.pressure_m !== null);
  const pressures = reachedJunctions.map((node) => node.pressure_m as number);
  return {
    nodes,
    pipes: [...pipes.values()].sort((a, b) => a.pipe_id - b.pipe_id),
    warnings,
    low_pressure: served
      .filter((node) => (node.pressure_m as number) < lowPressureM)
      .sort((a, b) => (a.pressure_m as number) - (b.pressure_m as number))
      .slice(0, LOW_LISTED)
      .map((node) => ({
        node_id: node.id,
        feature_ids: node.feature_ids,
        pressure_m: node.pressure_m as number,
      })),
    low_pressure_m: lowPressureM,
    min_pressure_m: pressures.length > 0 ? Math.min(...pressures) : null,
    max_pressure_m: pressures.length > 0 ? Math.max(...pressures) : null,
    demand_lps: round(
      fed.nodes.reduce((sum, node) => sum + (node.kind === 'junction' ? node.demandLps : 0), 0),
      4,
    ),
  };
}

export interface FireFlowAnswer {
  staticPressureM: number;
  flowLps: number;
}

/** The answer is within this of the residual pressure (m), or its bracket this narrow (L/s). */
const PRESSURE_CLOSE_M = 0.005;
const FLOW_STEP = 0.05;
/** No hydrant gives more than this (L/s): the search stops there. */
const FLOW_CAP = 2000;
/** Each step is one EPANET solve; the search converges in far fewer. */
const MAX_STEPS = 40;

/**
 * The extra demand at a node that brings its pressure down to `residualM`. The pressure falls
 * as the draw grows, close to p0 − k·Q^1.852 (Hazen-Williams), so each step fits k to the last
 * solve and jumps to where that curve meets the residual, kept inside the bracket found so far
 * (bisection when the jump would leave it). Every step is one solve of the same opened project.
 */
export async function fireFlow(
  model: HydraulicModel,
  nodeId: string,
  residualM: number,
): Promise<FireFlowAnswer> {
  const { model: fed } = reachedPart(model);
  const node = fed.nodes.find((candidate) => candidate.id === nodeId);
  if (!node) throw new Error(`node ${nodeId} is not reached by a source`);
  const open = await openModel(fed);
  try {
    const pressureWith = (extra: number): number => {
      open.setDemand(nodeId, node.demandLps + extra);
      return open.solve().nodes.get(nodeId)?.pressure ?? -Infinity;
    };
    const staticPressureM = pressureWith(0);
    if (staticPressureM <= residualM) return { staticPressureM, flowLps: 0 };
    let low = 0;
    let high = FLOW_CAP;
    let flow = 10;
    for (let step = 0; step < MAX_STEPS && high - low > FLOW_STEP; step += 1) {
      const pressure = pressureWith(flow);
      if (Math.abs(pressure - residualM) < PRESSURE_CLOSE_M)
        return { staticPressureM, flowLps: round(flow, 1) };
      if (pressure > residualM) low = flow;
      else high = flow;
      const k = (staticPressureM - pressure) / flow ** 1.852;
      const guess = k > 0 ? ((staticPressureM - residualM) / k) ** (1 / 1.852) : flow * 2;
      flow = guess > low && guess < high ? guess : (low + high) / 2;
    }
    return { staticPressureM, flowLps: round(low, 1) };
  } finally {
    open.close();
  }
}
