import type { InferredType } from '../imports/schema-inference.ts';
import type { InpLink, InpModel, InpNode } from './inp-reader.ts';

export type Feature = { g: { type: string; coordinates: unknown }; p: Record<string, unknown> };

export interface LayerPlan {
  name: string;
  color: string;
  schema: [string, InferredType][];
  features: Feature[];
}

const xy = (node: InpNode): [number, number] => [node.x as number, node.y as number];

/** The link's line: its end nodes and the [VERTICES] between them. */
const lineOf = (link: InpLink, nodes: ReadonlyMap<string, InpNode>): [number, number][] => [
  xy(nodes.get(link.from) as InpNode),
  ...link.vertices,
  xy(nodes.get(link.to) as InpNode),
];

/**
 * The model as four layers (junctions, one source layer for reservoirs and tanks since the
 * configuration has one, pipes, valves). A valve link becomes a 0.1 m pipe with a valve point
 * at its middle: the map's valves stand on pipes, they are not links.
 */
export function plan(model: InpModel): LayerPlan[] {
  const nodes = new Map(model.nodes.map((node) => [node.id, node]));
  const point = (coordinates: [number, number]) => ({ type: 'Point', coordinates });
  const junctions = model.nodes.filter((node) => node.kind === 'junction');
  const sources = model.nodes.filter((node) => node.kind !== 'junction');
  const pipes: Feature[] = [];
  const valves: Feature[] = [];
  for (const link of model.links) {
    const line = lineOf(link, nodes);
    const [a, b] = line as [[number, number], [number, number]];
    // A valve between two nodes at one point has no line: the point alone joins them.
    if (link.kind === 'pipe' || a[0] !== b[0] || a[1] !== b[1] || line.length > 2)
      pipes.push({
        g: { type: 'LineString', coordinates: line },
        p: {
          epanet_id: link.id,
          kind: link.kind,
          length_m: link.lengthM,
          diameter_mm: link.diameterMm,
          hw_c: link.c,
          status: link.closed ? 'closed' : link.type === 'CV' ? 'cv' : 'open',
        },
      });
    if (link.kind === 'valve')
      valves.push({
        g: point([(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]),
        p: {
          epanet_id: link.id,
          valve_type: link.type,
          diameter_mm: link.diameterMm,
          is_open: !link.closed,
          operable: true,
        },
      });
  }
  return [
    {
      name: 'Pipes',
      color: '#1f78b4',
      schema: [
        ['epanet_id', 'string'],
        ['kind', 'string'],
        ['length_m', 'number'],
        ['diameter_mm', 'number'],
        ['hw_c', 'number'],
        ['status', 'string'],
      ],
      features: pipes,
    },
    {
      name: 'Valves',
      color: '#e31a1c',
      schema: [
        ['epanet_id', 'string'],
        ['valve_type', 'string'],
        ['diameter_mm', 'number'],
        ['is_open', 'boolean'],
        ['operable', 'boolean'],
      ],
      features: valves,
    },
    {
      name: 'Junctions',
      color: '#33a02c',
      schema: [
        ['epanet_id', 'string'],
        ['elevation_m', 'number'],
        ['demand_lps', 'number'],
      ],
      features: junctions.map((node) => ({
        g: point(xy(node)),
        p: { epanet_id: node.id, elevation_m: node.elevation, demand_lps: node.demandLps },
      })),
    },
    {
      name: 'Reservoirs and tanks',
      color: '#6a3d9a',
      schema: [
        ['epanet_id', 'string'],
        ['kind', 'string'],
        ['elevation_m', 'number'],
        ['head_m', 'number'],
        ['level_m', 'number'],
        ['diameter_m', 'number'],
      ],
      features: sources.map((node) => ({
        g: point(xy(node)),
        p: {
          epanet_id: node.id,
          kind: node.kind,
          elevation_m: node.elevation,
          ...(node.kind === 'tank'
            ? { level_m: node.level, diameter_m: node.tankDiameterM }
            : { head_m: node.head }),
        },
      })),
    },
  ];
}
