import { distance, nearestOnSegment, type XY } from './plane.ts';
import { SpatialHash } from './spatial-hash.ts';
import { UnionFind } from './union-find.ts';

/** A pipe feature in metres: one line per part (a MultiLineString has several). */
export interface PipeInput {
  id: number;
  parts: XY[][];
}
export interface PointInput {
  id: number;
  point: XY;
}
export interface NetworkInput {
  pipes: readonly PipeInput[];
  valves: readonly PointInput[];
  nodes: readonly PointInput[];
  toleranceM: number;
}

/** A stretch of pipe between two vertices: a whole pipe, or a piece of one that a valve splits. */
export interface PipeEdge {
  pipeId: number;
  from: number;
  to: number;
  /** The piece of the pipe's line this edge covers, from `from` to `to` (for lengths in a model). */
  line: XY[];
}

export interface PipeSegment {
  pipeId: number;
  a: XY;
  b: XY;
}

export interface NetworkGraph {
  toleranceM: number;
  edges: PipeEdge[];
  /** Edge indexes per vertex (a loop appears twice). */
  incident: number[][];
  /** Valve ids per vertex; a vertex with valves is where a walk that closes valves stops. */
  vertexValves: number[][];
  vertexPoints: XY[];
  pipeEdges: Map<number, number[]>;
  /** Every valve of the configured layers: its vertex, or null when it is off the network. */
  valveVertex: Map<number, number | null>;
  /** Every other node: the edges it sits on (two where it sits on a split), none when off the network. */
  nodeEdges: Map<number, number[]>;
  /** Where each other node stands (a hydraulic model joins it to the nearer end of its edge). */
  nodePoints: Map<number, XY>;
  /** Every pipe segment, by place: for "which pipe is near this point" questions. */
  segments: SpatialHash<PipeSegment>;
}

/** Pipe ends and valves: the points that may become vertices. */
interface Anchor {
  point: XY;
  valveId?: number;
}

/** One line of a pipe; parts are numbered so the busy loops key by numbers, not strings. */
interface Part {
  pipeId: number;
  line: XY[];
}

interface Split {
  part: number;
  /** Segment index plus the position along it: orders the splits of one part. */
  position: number;
  vertex: number;
  distance: number;
}

interface SegmentRef extends PipeSegment {
  part: number;
  index: number;
}

function segmentIndex(parts: readonly Part[], cellSize: number): SpatialHash<SegmentRef> {
  const hash = new SpatialHash<SegmentRef>(cellSize);
  parts.forEach(({ pipeId, line }, part) => {
    for (let index = 0; index + 1 < line.length; index += 1) {
      const a = line[index] as XY;
      const b = line[index + 1] as XY;
      const segment = { pipeId, part, index, a, b };
      hash.insert(segment, Math.min(a.x, b.x), Math.min(a.y, b.y), Math.max(a.x, b.x), Math.max(a.y, b.y));
    }
  });
  return hash;
}

/** Pipe ends and valves within the tolerance of each other become one vertex. */
function clusterAnchors(
  anchors: readonly Anchor[],
  tolerance: number,
): { vertexOf: number[]; count: number } {
  const sets = new UnionFind(anchors.length);
  const hash = new SpatialHash<number>(tolerance);
  anchors.forEach((anchor, index) =>
    hash.insert(index, anchor.point.x, anchor.point.y, anchor.point.x, anchor.point.y),
  );
  anchors.forEach((anchor, index) => {
    for (const other of hash.near(anchor.point.x, anchor.point.y, tolerance))
      if (other > index && distance(anchor.point, (anchors[other] as Anchor).point) <= tolerance)
        sets.union(index, other);
  });
  const vertexByRoot = new Map<number, number>();
  const vertexOf = anchors.map((_, index) => {
    const root = sets.find(index);
    const known = vertexByRoot.get(root);
    if (known !== undefined) return known;
    vertexByRoot.set(root, vertexByRoot.size);
    return vertexByRoot.size - 1;
  });
  return { vertexOf, count: vertexByRoot.size };
}

/**
 * Where a vertex lies inside another pipe (a valve on a line, or a pipe end on a main that
 * was not split when digitised), that pipe is split there: the nearest segment of each part
 * within the tolerance, unless the part already ends at that vertex.
 */
function findSplits(
  anchors: readonly Anchor[],
  vertexOf: readonly number[],
  vertexCount: number,
  partEnds: readonly [number, number][],
  segments: SpatialHash<SegmentRef>,
  tolerance: number,
): Split[] {
  const best = new Map<number, Split>();
  anchors.forEach((anchor, index) => {
    const vertex = vertexOf[index] as number;
    for (const segment of segments.near(anchor.point.x, anchor.point.y, tolerance)) {
      const ends = partEnds[segment.part];
      if (ends && (ends[0] === vertex || ends[1] === vertex)) continue;
      const hit = nearestOnSegment(anchor.point, segment.a, segment.b);
      if (hit.distance > tolerance) continue;
      const key = segment.part * vertexCount + vertex;
      const known = best.get(key);
      if (!known || hit.distance < known.distance)
        best.set(key, {
          part: segment.part,
          position: segment.index + hit.t,
          vertex,
          distance: hit.distance,
        });
    }
  });
  return [...best.values()];
}

/**
 * Builds the pipe graph from geometries in metres. Pipe ends and valves within `toleranceM`
 * of each other join into one vertex; a vertex inside another pipe splits it; other nodes
 * (hydrants, meters) are attached to the pipes they lie on and never change the graph.
 */
export function buildNetworkGraph(input: NetworkInput): NetworkGraph {
  const tolerance = input.toleranceM;
  const parts: Part[] = input.pipes.flatMap((pipe) =>
    pipe.parts.filter((line) => line.length >= 2).map((line) => ({ pipeId: pipe.id, line })),
  );
  // Part i ends at anchors 2i and 2i + 1; valves follow.
  const anchors: Anchor[] = parts.flatMap(({ line }) => [
    { point: line[0] as XY },
    { point: line[line.length - 1] as XY },
  ]);
  for (const valve of input.valves) anchors.push({ point: valve.point, valveId: valve.id });

  const { vertexOf, count } = clusterAnchors(anchors, tolerance);
  const partEnds = parts.map((_, part): [number, number] => [
    vertexOf[2 * part] as number,
    vertexOf[2 * part + 1] as number,
  ]);

  // A segment goes into every cell its box touches, so cells much smaller than a street's
  // pipes would fill the index with copies; 20 m (or the dangling check's reach) keeps it lean.
  const segments = segmentIndex(parts, Math.max(tolerance * 5, 20));
  const splitsByPart: Split[][] = parts.map(() => []);
  for (const split of findSplits(anchors, vertexOf, count, partEnds, segments, tolerance))
    splitsByPart[split.part]?.push(split);

  const edges: PipeEdge[] = [];
  const stopsByPart: PartStops[] = [];
  const incident: number[][] = Array.from({ length: count }, () => []);
  const pipeEdges = new Map<number, number[]>();
  const addEdge = (pipeId: number, from: number, to: number, line: XY[]) => {
    const index = edges.push({ pipeId, from, to, line }) - 1;
    incident[from]?.push(index);
    incident[to]?.push(index);
    const known = pipeEdges.get(pipeId);
    if (known) known.push(index);
    else pipeEdges.set(pipeId, [index]);
    return index;
  };
  parts.forEach(({ pipeId, line }, part) => {
    const ends = partEnds[part] as [number, number];
    const inner = (splitsByPart[part] ?? []).sort((a, b) => a.position - b.position);
    const stops = [ends[0], ...inner.map((split) => split.vertex), ends[1]];
    const positions = [0, ...inner.map((split) => split.position), line.length - 1];
    const edgeIndexes: number[] = [];
    for (let index = 0; index + 1 < stops.length; index += 1)
      edgeIndexes.push(
        addEdge(
          pipeId,
          stops[index] as number,
          stops[index + 1] as number,
          piece(line, positions[index] as number, positions[index + 1] as number),
        ),
      );
    stopsByPart.push({ positions, edgeIndexes });
  });

  const vertexValves: number[][] = Array.from({ length: count }, () => []);
  const vertexPoints: XY[] = Array.from({ length: count }, () => ({ x: 0, y: 0 }));
  const placed = new Set<number>();
  // Pipe ends first: a free end's vertex is drawn where the pipe really ends.
  anchors.forEach((anchor, index) => {
    const vertex = vertexOf[index] as number;
    if (!placed.has(vertex)) vertexPoints[vertex] = anchor.point;
    placed.add(vertex);
  });
  const valveVertex = new Map<number, number | null>();
  anchors.forEach((anchor, index) => {
    if (anchor.valveId === undefined) return;
    const vertex = vertexOf[index] as number;
    const onNetwork = (incident[vertex]?.length ?? 0) > 0;
    valveVertex.set(anchor.valveId, onNetwork ? vertex : null);
    if (onNetwork) vertexValves[vertex]?.push(anchor.valveId);
  });

  const graph: NetworkGraph = {
    toleranceM: tolerance,
    edges,
    incident,
    vertexValves,
    vertexPoints,
    pipeEdges,
    valveVertex,
    nodeEdges: new Map(),
    nodePoints: new Map(),
    segments,
  };
  for (const node of input.nodes) {
    graph.nodeEdges.set(node.id, edgesAt(segments, stopsByPart, node.point, tolerance));
    graph.nodePoints.set(node.id, node.point);
  }
  return graph;
}

/** The line between two positions (segment index + fraction) along it. */
function piece(line: readonly XY[], from: number, to: number): XY[] {
  const at = (position: number): XY => {
    const index = Math.min(Math.floor(position), line.length - 2);
    const a = line[index] as XY;
    const b = line[index + 1] as XY;
    const t = position - index;
    return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
  };
  const inner: XY[] = [];
  for (let index = Math.floor(from) + 1; index < to; index += 1) inner.push(line[index] as XY);
  return [at(from), ...inner, at(to)];
}

/** A part's edges in order along it, with the positions (segment index + fraction) between them. */
interface PartStops {
  positions: number[];
  edgeIndexes: number[];
}

/**
 * The edges passing within `radius` of a point: of a pipe split by a valve, only the piece the
 * point lies on, so a hydrant beyond a closed valve keeps its water.
 */
function edgesAt(
  segments: SpatialHash<SegmentRef>,
  stopsByPart: readonly PartStops[],
  point: XY,
  radius: number,
): number[] {
  const found = new Set<number>();
  for (const segment of segments.near(point.x, point.y, radius)) {
    const hit = nearestOnSegment(point, segment.a, segment.b);
    const stops = stopsByPart[segment.part];
    if (hit.distance > radius || !stops) continue;
    const position = segment.index + hit.t;
    stops.edgeIndexes.forEach((edge, index) => {
      const from = stops.positions[index] as number;
      const to = stops.positions[index + 1] as number;
      if (position >= from - 1e-9 && position <= to + 1e-9) found.add(edge);
    });
  }
  return [...found].sort((a, b) => a - b);
}
