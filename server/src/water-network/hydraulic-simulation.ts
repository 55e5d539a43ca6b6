import type { components } from '@generated/openapi-types.ts';
import { BAR_PER_M, reachedPart, type RunResult } from './epanet-run.ts';
import { epanet } from './epanet-thread.ts';
import type { FireFlowAnswer } from './fire-flow-search.ts';
import type { HydraulicModel } from './hydraulic-model.ts';
import type { XY } from '@shared/water-network/plane.ts';

export type Simulation = components['schemas']['WaterNetworkSimulation'];
type Warning = components['schemas']['HydraulicWarning'];

export type { FireFlowAnswer };

/**
 * The part a source reaches, once per model: the model is cached per state of the map's layers
 * and settings (hydraulic-source.ts), and the same part object lets the EPANET worker keep its
 * opened project between requests.
 */
const fedParts = new WeakMap<HydraulicModel, ReturnType<typeof reachedPart>>();
function fedPart(model: HydraulicModel): ReturnType<typeof reachedPart> {
  let part = fedParts.get(model);
  if (!part) {
    part = reachedPart(model);
    fedParts.set(model, part);
  }
  return part;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
/** The longest list of low-pressure nodes an answer carries. */
const LOW_LISTED = 200;

/** Runs the model and answers in the document's terms; `position` gives [lon, lat] of a point. */
export async function simulate(
  model: HydraulicModel,
  lowPressureM: number,
  position: (point: XY) => [number, number],
): Promise<Simulation> {
  const { model: fed, unreached } = fedPart(model);
  const run: RunResult = await epanet().run(fed);
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

/**
 * The fire flow at a node: the extra draw that brings its pressure down to `residualM`, found
 * by EPANET runs on the worker thread (see fire-flow-search.ts).
 */
export async function fireFlow(
  model: HydraulicModel,
  nodeId: string,
  residualM: number,
): Promise<FireFlowAnswer> {
  const { model: fed } = fedPart(model);
  if (!fed.nodes.some((candidate) => candidate.id === nodeId))
    throw new Error(`node ${nodeId} is not reached by a source`);
  return epanet().fireFlow(fed, nodeId, residualM);
}
