import { msg, type Problems } from '../i18n/messages.ts';
import type { HydraulicSettings } from '@shared/water-network/hydraulic-settings.ts';
import type { NetworkGraph } from '@shared/water-network/network-graph.ts';
import { distance, type XY } from '@shared/water-network/plane.ts';
import type { InpLink } from './inp-reader.ts';

export type Properties = Record<string, unknown>;

/** What the model needs besides the graph: the features' properties, by feature id. */
export interface ModelInput {
  graph: NetworkGraph;
  settings: HydraulicSettings;
  pipes: ReadonlyMap<number, Properties>;
  valves: ReadonlyMap<number, Properties>;
  /** Features of the node layers (hydrants, service points); sources are in `sources`. */
  nodes: ReadonlyMap<number, Properties>;
  /** Source features; the graph was built with them among its nodes, so it knows where they stand. */
  sources: ReadonlyMap<number, Properties>;
  serviceIds: ReadonlySet<number>;
}

export interface ModelNode {
  id: string;
  kind: 'junction' | 'reservoir' | 'tank';
  point: XY;
  /** The graph vertex it stands for (a closed valve's vertex gives one node per pipe piece). */
  vertex: number;
  elevation: number;
  demandLps: number;
  featureIds: number[];
  /** Reservoir: total head. Tank: level above elevation, and its diameter. */
  head?: number;
  level?: number;
  tankDiameter?: number;
  /** A service point stands here: it counts for the low-pressure list. */
  serves: boolean;
}

/** A pipe as the solver takes it: the ends and hydraulics an INP link has, and the feature it stands for. */
export interface ModelPipe extends Pick<
  InpLink,
  'id' | 'from' | 'to' | 'lengthM' | 'diameterMm' | 'c' | 'closed'
> {
  pipeId: number;
  /** Inner vertices, for drawing (the INP's [VERTICES]). */
  vertices: XY[];
}

export interface HydraulicModel {
  nodes: ModelNode[];
  pipes: ModelPipe[];
  /** Model node of every valve, node and source feature on the network. */
  nodeOfFeature: Map<number, string>;
}

const numberOf = (value: unknown): number | null => {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : null;
};

const lineLength = (line: readonly XY[]): number =>
  line.reduce((sum, point, index) => (index === 0 ? 0 : sum + distance(line[index - 1] as XY, point)), 0);

/** At most this many features are named in a 422: enough to find them, not a wall of text. */
const NAMED = 50;

/**
 * Nodes of the model. Each graph vertex is a junction, except where a closed valve stands:
 * there every pipe piece gets its own end (the closed valve separates them, as an isolation
 * does). A node feature joins the nearer end of its pipe piece; a source turns that node into
 * a reservoir or tank.
 */
export function buildModel(input: ModelInput): HydraulicModel | Problems {
  const { graph, settings } = input;
  const problems: Problems = {};
  const name = (field: string, key: string, params: Record<string, string | number>) => {
    if (Object.keys(problems).length < NAMED)
      (problems[field] ??= []).push(msg(`water_network.${key}`, params));
  };
  const closedVertex = graph.vertexValves.map((valves) =>
    valves.some((id) => input.valves.get(id)?.[settings.valve_open_property] === false),
  );
  const nodes: ModelNode[] = [];
  const nodeIndex = new Map<string, number>();
  const nodeAt = (vertex: number, edge: number): string => {
    const id = closedVertex[vertex] ? `N${vertex}_${edge}` : `N${vertex}`;
    if (!nodeIndex.has(id)) {
      nodeIndex.set(id, nodes.length);
      nodes.push({
        id,
        kind: 'junction',
        point: graph.vertexPoints[vertex] as XY,
        vertex,
        elevation: 0,
        demandLps: 0,
        featureIds: [],
        serves: false,
      });
    }
    return id;
  };
  const nodeOfFeature = new Map<number, string>();
  const attach = (featureId: number, nodeId: string, properties: Properties | undefined) => {
    const node = nodes[nodeIndex.get(nodeId) as number] as ModelNode;
    node.featureIds.push(featureId);
    nodeOfFeature.set(featureId, nodeId);
    const elevation = numberOf(properties?.[settings.elevation_property]);
    if (elevation !== null && node.featureIds.length === 1) node.elevation = elevation;
    else if (elevation !== null && node.elevation === 0) node.elevation = elevation;
    return node;
  };

  const pipes: ModelPipe[] = [];
  const geometric = new Map<number, number>();
  for (const edge of graph.edges)
    geometric.set(edge.pipeId, (geometric.get(edge.pipeId) ?? 0) + lineLength(edge.line));
  const badPipes = new Set<number>();
  graph.edges.forEach((edge, index) => {
    if (edge.from === edge.to) return;
    const properties = input.pipes.get(edge.pipeId) ?? {};
    const diameter = numberOf(properties[settings.diameter_property]);
    const own = numberOf(properties[settings.roughness_property]);
    const material = properties[settings.material_property];
    const c =
      own ?? settings.roughness.find((entry) => entry.material === material)?.c ?? settings.default_roughness;
    if (!badPipes.has(edge.pipeId)) {
      if (diameter === null || diameter <= 0)
        name(`pipes.${edge.pipeId}`, 'no_diameter', { id: edge.pipeId });
      if (c <= 0) name(`pipes.${edge.pipeId}`, 'bad_roughness', { id: edge.pipeId, c });
      if (diameter === null || diameter <= 0 || c <= 0) badPipes.add(edge.pipeId);
    }
    const total = geometric.get(edge.pipeId) ?? 0;
    const given = numberOf(properties[settings.length_property]);
    const piece = lineLength(edge.line);
    // A given length is shared among the pieces a valve cuts the pipe into, by their drawn share.
    const length = given !== null && given > 0 && total > 0 ? (given * piece) / total : piece;
    const status = properties[settings.pipe_status_property];
    pipes.push({
      id: `P${edge.pipeId}_${index}`,
      pipeId: edge.pipeId,
      from: nodeAt(edge.from, index),
      to: nodeAt(edge.to, index),
      lengthM: Math.max(length, 0.01),
      diameterMm: diameter ?? 0,
      c,
      closed: typeof status === 'string' && settings.closed_pipe_values.includes(status),
      vertices: edge.line.slice(1, -1),
    });
  });
  // One piece per pipe keeps its id plain, as a person reading the INP expects.
  const pieces = new Map<number, number>();
  for (const pipe of pipes) pieces.set(pipe.pipeId, (pieces.get(pipe.pipeId) ?? 0) + 1);
  for (const pipe of pipes) if (pieces.get(pipe.pipeId) === 1) pipe.id = `P${pipe.pipeId}`;

  graph.vertexValves.forEach((valves, vertex) => {
    const edge = graph.incident[vertex]?.[0];
    if (edge === undefined) return;
    for (const valveId of valves) attach(valveId, nodeAt(vertex, edge), input.valves.get(valveId));
  });
  const nearerEnd = (featureId: number): string | null => {
    const edgeIndex = graph.nodeEdges.get(featureId)?.[0];
    const point = graph.nodePoints.get(featureId);
    const edge = edgeIndex === undefined ? undefined : graph.edges[edgeIndex];
    if (!edge || !point || edgeIndex === undefined) return null;
    const from = graph.vertexPoints[edge.from] as XY;
    const to = graph.vertexPoints[edge.to] as XY;
    return nodeAt(distance(point, from) <= distance(point, to) ? edge.from : edge.to, edgeIndex);
  };
  for (const [featureId, properties] of input.nodes) {
    const at = nearerEnd(featureId);
    if (at === null) continue;
    const node = attach(featureId, at, properties);
    const own = numberOf(properties[settings.demand_property]);
    const service = input.serviceIds.has(featureId);
    node.demandLps += own ?? (service ? settings.base_demand_lps : 0);
    node.serves ||= service;
  }

  for (const [featureId, properties] of input.sources) {
    const at = nearerEnd(featureId);
    if (at === null) {
      name(`sources.${featureId}`, 'source_off_network', { id: featureId });
      continue;
    }
    const node = attach(featureId, at, properties);
    const tank = properties[settings.source_kind_property] === 'tank';
    node.kind = tank ? 'tank' : 'reservoir';
    node.id = `${tank ? 'T' : 'R'}${featureId}`;
    if (tank) {
      node.level = numberOf(properties[settings.tank_level_property]) ?? 0;
      node.tankDiameter = numberOf(properties[settings.tank_diameter_property]) ?? 20;
    } else {
      const head = numberOf(properties[settings.head_property]);
      if (head === null)
        name(`sources.${featureId}`, 'source_no_head', { id: featureId, property: settings.head_property });
      node.head = head ?? 0;
    }
  }
  if (input.sources.size === 0) name('hydraulics.source_layer_id', 'no_source', {});
  if (Object.keys(problems).length > 0) return problems;

  // Sources renamed their nodes: pipes and features follow.
  const renamed = new Map<string, string>();
  for (const [id, index] of nodeIndex) {
    const node = nodes[index] as ModelNode;
    if (node.id !== id) renamed.set(id, node.id);
  }
  for (const pipe of pipes) {
    pipe.from = renamed.get(pipe.from) ?? pipe.from;
    pipe.to = renamed.get(pipe.to) ?? pipe.to;
  }
  for (const [featureId, id] of nodeOfFeature) nodeOfFeature.set(featureId, renamed.get(id) ?? id);
  return { nodes, pipes, nodeOfFeature };
}

export const isModel = (built: HydraulicModel | Problems): built is HydraulicModel =>
  Array.isArray((built as HydraulicModel).nodes);
