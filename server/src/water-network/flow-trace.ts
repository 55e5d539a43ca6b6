import type { HydraulicModel, ModelPipe } from './hydraulic-model.ts';

export type FlowDirection = 'upstream' | 'downstream';

/** A pipe carrying less than this (L/s, either way) carries nothing: EPANET's rounding, not water. */
export const FLOW_TOLERANCE_LPS = 0.001;

/** Where a trace starts: the pieces of a pipe, or the model nodes of a valve or node feature. */
export type FlowStart = { pipes: readonly ModelPipe[] } | { nodes: readonly string[] };

export interface FlowTrace {
  /** Pipe feature ids, the start's own included. */
  pipeIds: number[];
  /** Model nodes reached (the start's included): their features are the answer's nodes. */
  nodeIds: string[];
}

interface Links {
  into: Map<string, ModelPipe[]>;
  out: Map<string, ModelPipe[]>;
  /** Open pipes with no flow worth the name, at both their ends. */
  still: Map<string, ModelPipe[]>;
}

const push = (map: Map<string, ModelPipe[]>, key: string, pipe: ModelPipe) => {
  const known = map.get(key);
  if (known) known.push(pipe);
  else map.set(key, [pipe]);
};

/**
 * Every pipe oriented by the sign of its flow (EPANET's flow is positive from `from` to `to`).
 * A closed pipe, or one the run left out, carries nothing and joins nothing; a closed valve
 * already separates the pipes at it in the model, so no walk crosses it.
 */
function linksOf(model: HydraulicModel, flows: ReadonlyMap<string, number>): Links {
  const links: Links = { into: new Map(), out: new Map(), still: new Map() };
  for (const pipe of model.pipes) {
    // Closed, or in a part no source reaches (left out of the run): no water at all.
    const flow = pipe.closed ? undefined : flows.get(pipe.id);
    if (flow === undefined) continue;
    if (Math.abs(flow) < FLOW_TOLERANCE_LPS) {
      push(links.still, pipe.from, pipe);
      push(links.still, pipe.to, pipe);
      continue;
    }
    const [tail, head] = flow > 0 ? [pipe.from, pipe.to] : [pipe.to, pipe.from];
    push(links.out, tail, pipe);
    push(links.into, head, pipe);
  }
  return links;
}

/** Where the walk begins: a flowing piece's tail (upstream) or head (downstream); a still piece's ends, upstream only. */
function seedsOf(start: FlowStart, flows: ReadonlyMap<string, number>, direction: FlowDirection): string[] {
  if ('nodes' in start) return [...start.nodes];
  return start.pipes.flatMap((pipe) => {
    const flow = pipe.closed ? 0 : flows.get(pipe.id);
    if (flow === undefined) return [];
    if (Math.abs(flow) < FLOW_TOLERANCE_LPS) return direction === 'upstream' ? [pipe.from, pipe.to] : [];
    const [tail, head] = flow > 0 ? [pipe.from, pipe.to] : [pipe.to, pipe.from];
    return [direction === 'upstream' ? tail : head];
  });
}

/**
 * Upstream: every pipe and node the start's water came through from the sources, walking
 * against the flow. Downstream: everywhere the start's water goes on to, walking with it.
 * Water that stands still (a dead end with no demand, a closed valve) came from the still pipes
 * around it, so upstream from a node with no flow in or out goes on along them until the flow
 * starts; downstream from it there is nothing. Each node is walked once, so loops end.
 */
export function traceFlow(
  model: HydraulicModel,
  flows: ReadonlyMap<string, number>,
  start: FlowStart,
  direction: FlowDirection,
): FlowTrace {
  const links = linksOf(model, flows);
  const sources = new Set(model.nodes.filter((node) => node.kind !== 'junction').map((node) => node.id));
  const pipes = new Set<number>('pipes' in start ? start.pipes.map((pipe) => pipe.pipeId) : []);
  const seen = new Set<string>();
  const queue = seedsOf(start, flows, direction);
  while (queue.length > 0) {
    const node = queue.pop() as string;
    if (seen.has(node)) continue;
    seen.add(node);
    const into = links.into.get(node) ?? [];
    const out = links.out.get(node) ?? [];
    const onward = direction === 'upstream' ? into : out;
    const still =
      direction === 'upstream' && into.length === 0 && out.length === 0 && !sources.has(node)
        ? (links.still.get(node) ?? [])
        : [];
    for (const pipe of [...onward, ...still]) {
      pipes.add(pipe.pipeId);
      queue.push(pipe.from === node ? pipe.to : pipe.from);
    }
  }
  return { pipeIds: [...pipes].sort((a, b) => a - b), nodeIds: [...seen].sort() };
}
