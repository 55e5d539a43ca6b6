import { nearestOnSegment, type XY } from './plane.ts';
import type { NetworkGraph } from './network-graph.ts';

const ascending = (ids: Iterable<number>): number[] => [...new Set(ids)].sort((a, b) => a - b);

/** Edges reached from the start edges, passing a vertex only when `passes` allows it. */
function walk(
  graph: NetworkGraph,
  startEdges: readonly number[],
  passes: (vertex: number) => boolean,
): { edges: Set<number>; vertices: Set<number> } {
  const edges = new Set<number>(startEdges);
  const vertices = new Set<number>();
  const queue: number[] = [];
  for (const index of startEdges) {
    const edge = graph.edges[index];
    if (edge) queue.push(edge.from, edge.to);
  }
  while (queue.length > 0) {
    const vertex = queue.pop() as number;
    if (vertices.has(vertex)) continue;
    vertices.add(vertex);
    if (!passes(vertex)) continue;
    for (const index of graph.incident[vertex] ?? []) {
      if (edges.has(index)) continue;
      edges.add(index);
      const edge = graph.edges[index];
      if (edge) queue.push(edge.from, edge.to);
    }
  }
  return { edges, vertices };
}

const pipesOf = (graph: NetworkGraph, edges: Iterable<number>): number[] =>
  ascending([...edges].map((index) => (graph.edges[index] as { pipeId: number }).pipeId));

/** Nodes all of whose edges were reached (a node where a valve splits a pipe belongs to neither side alone). */
function nodesOn(graph: NetworkGraph, edges: ReadonlySet<number>): number[] {
  const found: number[] = [];
  for (const [id, nodeEdges] of graph.nodeEdges)
    if (nodeEdges.length > 0 && nodeEdges.every((edge) => edges.has(edge))) found.push(id);
  return found;
}

export interface Component {
  id: number;
  pipe_ids: number[];
}

/** Connected parts with every valve open: largest first, ties by smallest pipe id. */
export function components(graph: NetworkGraph): Component[] {
  const seen = new Set<number>();
  const parts: number[][] = [];
  for (const [pipeId, start] of graph.pipeEdges) {
    if (seen.has(pipeId)) continue;
    const pipes = pipesOf(graph, walk(graph, start, () => true).edges);
    for (const pipe of pipes) seen.add(pipe);
    parts.push(pipes);
  }
  parts.sort((a, b) => b.length - a.length || (a[0] as number) - (b[0] as number));
  return parts.map((pipe_ids, index) => ({ id: index + 1, pipe_ids }));
}

/** Valves and nodes farther than the tolerance from every pipe. */
export function unconnectedNodes(graph: NetworkGraph): number[] {
  const ids: number[] = [];
  for (const [id, vertex] of graph.valveVertex) if (vertex === null) ids.push(id);
  for (const [id, edges] of graph.nodeEdges) if (edges.length === 0) ids.push(id);
  return ascending(ids);
}

export interface Dangling {
  pipe_id: number;
  near_pipe_id: number;
  distance_m: number;
  /** In metres, like the graph; the caller turns it back into lon/lat. */
  point: XY;
}

/**
 * Free pipe ends (joined to nothing) within `nearM` of another pipe, nearest first: an end
 * that stops that close to a pipe without meeting it is most likely a digitising error.
 */
export function danglingEnds(graph: NetworkGraph, nearM: number): Dangling[] {
  const found: Dangling[] = [];
  graph.incident.forEach((edges, vertex) => {
    if (edges.length !== 1) return;
    const own = (graph.edges[edges[0] as number] as { pipeId: number }).pipeId;
    const point = graph.vertexPoints[vertex] as XY;
    let nearest: { pipeId: number; distance: number } | undefined;
    for (const segment of graph.segments.near(point.x, point.y, nearM)) {
      if (segment.pipeId === own) continue;
      const hit = nearestOnSegment(point, segment.a, segment.b);
      const closer = !nearest || hit.distance < nearest.distance;
      if (hit.distance <= nearM && closer) nearest = { pipeId: segment.pipeId, distance: hit.distance };
    }
    if (nearest)
      found.push({ pipe_id: own, near_pipe_id: nearest.pipeId, distance_m: nearest.distance, point });
  });
  return found.sort((a, b) => a.distance_m - b.distance_m || a.pipe_id - b.pipe_id);
}

export interface Isolation {
  valve_ids: number[];
  pipe_ids: number[];
  node_ids: number[];
}

/**
 * Walks from the pipe and stops at valves. The valves to close are those met that still lead
 * somewhere not walked; a valve with every side inside the cut-off part need not be closed.
 */
export function isolatePipe(graph: NetworkGraph, pipeId: number): Isolation {
  const { valve_ids, pipe_ids, node_ids } = isolateAround(graph, pipeId, new Set());
  return { valve_ids, pipe_ids, node_ids };
}

function isolateAround(
  graph: NetworkGraph,
  pipeId: number,
  inoperable: ReadonlySet<number>,
): Isolation & { skipped: number[] } {
  // A vertex stops the walk when one of its valves can be closed; where all of them are
  // inoperable the water goes on, to the next ring of valves.
  const operableAt = (vertex: number) =>
    (graph.vertexValves[vertex] ?? []).filter((id) => !inoperable.has(id));
  const reached = walk(graph, graph.pipeEdges.get(pipeId) ?? [], (vertex) => operableAt(vertex).length === 0);
  const valves: number[] = [];
  const skipped: number[] = [];
  for (const vertex of reached.vertices) {
    const here = graph.vertexValves[vertex] ?? [];
    if (here.length === 0) continue;
    const leads = (graph.incident[vertex] ?? []).some((index) => !reached.edges.has(index));
    if (leads) valves.push(...operableAt(vertex));
    skipped.push(...here.filter((id) => inoperable.has(id)));
  }
  return {
    valve_ids: ascending(valves),
    pipe_ids: ascending([pipeId, ...pipesOf(graph, reached.edges)]),
    node_ids: ascending(nodesOn(graph, reached.edges)),
    skipped: ascending(skipped),
  };
}

export interface OperableIsolation extends Isolation {
  /** Inoperable valves the search met and went past. */
  skipped_valve_ids: number[];
  /** Pipes that lose service only because those valves cannot be closed. */
  extra_pipe_ids: number[];
}

/** The isolation when some valves cannot be closed: the next ring of valves closes instead. */
export function isolateOperable(
  graph: NetworkGraph,
  pipeId: number,
  inoperable: ReadonlySet<number>,
): OperableIsolation {
  const ideal = isolatePipe(graph, pipeId);
  const { skipped, ...real } = isolateAround(graph, pipeId, inoperable);
  const before = new Set(ideal.pipe_ids);
  return {
    ...real,
    skipped_valve_ids: skipped,
    extra_pipe_ids: real.pipe_ids.filter((id) => !before.has(id)),
  };
}

export interface Trace {
  pipe_ids: number[];
  node_ids: number[];
}

/** Everything connected to a pipe, valve or node with every valve open; null if it is none of them. */
export function traceFeature(graph: NetworkGraph, featureId: number): Trace | null {
  let start: number[];
  if (graph.pipeEdges.has(featureId)) start = graph.pipeEdges.get(featureId) ?? [];
  else if (graph.valveVertex.has(featureId)) {
    const vertex = graph.valveVertex.get(featureId);
    start = vertex === null || vertex === undefined ? [] : (graph.incident[vertex] ?? []);
  } else if (graph.nodeEdges.has(featureId)) start = graph.nodeEdges.get(featureId) ?? [];
  else return null;
  if (start.length === 0) return { pipe_ids: [], node_ids: [featureId] };
  const reached = walk(graph, start, () => true);
  const valves = [...reached.vertices].flatMap((vertex) => graph.vertexValves[vertex] ?? []);
  return {
    pipe_ids: pipesOf(graph, reached.edges),
    node_ids: ascending([...valves, ...nodesOn(graph, reached.edges)]),
  };
}
