import { LinkProperty, NodeProperty, Project, Workspace } from 'epanet-js';
import { EpanetFailure } from './epanet-messages.ts';
import { epanet } from './epanet-thread.ts';
import type { HydraulicModel, ModelNode, ModelPipe } from './hydraulic-model.ts';
import { writeInp } from './inp-writer.ts';
import { UnionFind } from '@shared/water-network/union-find.ts';

/** One metre of water column in bar (ρ g = 9,806.65 Pa per metre). */
export const BAR_PER_M = 0.0980665;

let workspace: Promise<Workspace> | undefined;

/** The WebAssembly engine, loaded once per process (about 15 ms). */
function engine(): Promise<Workspace> {
  workspace ??= (async () => {
    const ws = new Workspace();
    await ws.loadModule();
    return ws;
  })();
  return workspace;
}

/**
 * The part of the model a source reaches through open pipes. EPANET cannot solve a network
 * with a demand no source reaches (error 110), so those parts are left out and reported.
 */
export function reachedPart(model: HydraulicModel): { model: HydraulicModel; unreached: ModelNode[] } {
  const index = new Map(model.nodes.map((node, position) => [node.id, position]));
  const sets = new UnionFind(model.nodes.length);
  for (const pipe of model.pipes)
    if (!pipe.closed) sets.union(index.get(pipe.from) as number, index.get(pipe.to) as number);
  const fed = new Set(
    model.nodes.flatMap((node, position) => (node.kind === 'junction' ? [] : [sets.find(position)])),
  );
  const reached = (id: string) => fed.has(sets.find(index.get(id) as number));
  return {
    model: {
      nodes: model.nodes.filter((node) => reached(node.id)),
      pipes: model.pipes.filter((pipe) => reached(pipe.from) && reached(pipe.to)),
      nodeOfFeature: model.nodeOfFeature,
    },
    unreached: model.nodes.filter((node) => !reached(node.id)),
  };
}

export interface NodeResult {
  head: number;
  pressure: number;
}
export interface PipeResult {
  flow: number;
  velocity: number;
  /** Metres per km. */
  headloss: number;
}

export interface RunResult {
  nodes: Map<string, NodeResult>;
  pipes: Map<string, PipeResult>;
  /** EPANET's own warnings, as its report writes them. */
  warnings: string[];
}

/** An opened project with the model loaded; `solve` may be called many times (fire flow). */
export interface OpenModel {
  solve(): RunResult;
  setDemand(nodeId: string, lps: number): void;
  close(): void;
}

const REPORT = 'run.rpt';

/** Node ids in the order the INP writer puts them: junctions, reservoirs, tanks. */
const inpNodeOrder = (model: HydraulicModel): string[] =>
  (['junction', 'reservoir', 'tank'] as const).flatMap((kind) =>
    model.nodes.filter((node) => node.kind === kind).map((node) => node.id),
  );

/**
 * EPANET's 1-based index of every id. It numbers objects in the file's order, so the order we
 * wrote is the answer; a few ids are checked against the engine, and a surprise falls back to
 * asking for each (thousands of string round trips into WebAssembly take ~0.1 s).
 */
function indexesOf(
  ids: readonly string[],
  written: readonly string[],
  idAt: (index: number) => string,
  indexOf: (id: string) => number,
): number[] {
  const position = new Map(written.map((id, index) => [id, index + 1]));
  const probes = [0, Math.floor(written.length / 2), written.length - 1].filter((index) => index >= 0);
  if (probes.every((index) => idAt(index + 1) === written[index]))
    return ids.map((id) => position.get(id) as number);
  return ids.map(indexOf);
}

/** Loads a model that a source reaches everywhere (see reachedPart) into EPANET. */
export async function openModel(model: HydraulicModel): Promise<OpenModel> {
  const ws = await engine();
  const project = new Project(ws);
  ws.writeFile('model.inp', writeInp(model, { title: 'Atlasboard' }));
  try {
    project.open('model.inp', REPORT, '');
  } catch (error) {
    throw new EpanetFailure((error as Error).message);
  }
  const nodeIds = model.nodes.map((node) => node.id);
  const pipeIds = model.pipes.map((pipe: ModelPipe) => pipe.id);
  const nodeIndex = indexesOf(
    nodeIds,
    inpNodeOrder(model),
    (index) => project.getNodeId(index),
    (id) => project.getNodeIndex(id),
  );
  const linkIndex = indexesOf(
    pipeIds,
    pipeIds,
    (index) => project.getLinkId(index),
    (id) => project.getLinkIndex(id),
  );
  return {
    solve() {
      try {
        project.solveH();
      } catch (error) {
        throw new EpanetFailure((error as Error).message);
      }
      const heads = project.getNodeValues(NodeProperty.Head);
      const pressures = project.getNodeValues(NodeProperty.Pressure);
      const flows = project.getLinkValues(LinkProperty.Flow);
      const velocities = project.getLinkValues(LinkProperty.Velocity);
      const losses = project.getLinkValues(LinkProperty.Headloss);
      const nodes = new Map<string, NodeResult>();
      nodeIds.forEach((id, position) => {
        const at = (nodeIndex[position] as number) - 1;
        nodes.set(id, { head: heads[at] as number, pressure: pressures[at] as number });
      });
      const pipes = new Map<string, PipeResult>();
      pipeIds.forEach((id, position) => {
        const at = (linkIndex[position] as number) - 1;
        pipes.set(id, {
          flow: flows[at] as number,
          velocity: Math.abs(velocities[at] as number),
          headloss: losses[at] as number,
        });
      });
      const warnings = ws
        .readFile(REPORT)
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => /^WARNING/i.test(line));
      return { nodes, pipes, warnings };
    },
    setDemand(nodeId, lps) {
      project.setNodeValue(project.getNodeIndex(nodeId), NodeProperty.BaseDemand, lps);
    },
    close() {
      project.close();
    },
  };
}

/**
 * One steady-state run of a model a source reaches everywhere, on the EPANET worker thread
 * (epanet-thread.ts), so the calling thread keeps answering meanwhile. Pass the same model
 * object again to have the worker reuse its opened project.
 */
export function runModel(model: HydraulicModel): Promise<RunResult> {
  return epanet().run(model);
}
