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
  const reached = walk(
    graph,
    graph.pipeEdges.get(pipeId) ?? [],
    (vertex) => graph.vertexValves[vertex]?.length === 0,
  );
  const valves: number[] = [];
  for (const vertex of reached.vertices) {
    const here = graph.vertexValves[vertex] ?? [];
    if (here.length === 0) continue;
    if ((graph.incident[vertex] ?? []).some((index) => !reached.edges.has(index))) valves.push(...here);
  }
  return {
    valve_ids: ascending(valves),
    pipe_ids: ascending([pipeId, ...pipesOf(graph, reached.edges)]),
    node_ids: ascending(nodesOn(graph, reached.edges)),
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
