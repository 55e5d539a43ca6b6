import { faults, InpProblems, NAMED, sectionsOf, type Row } from './inp-sections.ts';

export { InpProblems } from './inp-sections.ts';

export interface InpNode {
  id: string;
  kind: 'junction' | 'reservoir' | 'tank';
  /** Metres (converted from feet in US units). */
  elevation: number;
  demandLps: number;
  head?: number;
  level?: number;
  tankDiameterM?: number;
  x?: number;
  y?: number;
}

export interface InpLink {
  id: string;
  kind: 'pipe' | 'valve';
  from: string;
  to: string;
  lengthM: number;
  diameterMm: number;
  c: number;
  closed: boolean;
  /** Valves: PRV, TCV, ...; pipes: CV for a check valve. */
  type?: string;
  vertices: [number, number][];
}

export interface InpModel {
  title: string;
  nodes: InpNode[];
  links: InpLink[];
  /** Sections present with data that the import leaves out (patterns, controls...). */
  ignored: string[];
}

/** Flow units to L/s; US units also measure lengths and heads in feet, diameters in inches. */
const FLOW_LPS: Record<string, number> = {
  LPS: 1,
  LPM: 1 / 60,
  MLD: 1e6 / 86_400,
  CMH: 1000 / 3600,
  CMD: 1000 / 86_400,
  CFS: 28.316_846_6,
  GPM: 0.063_090_2,
  MGD: 43.812_636_4,
  IMGD: 52.616_782_4,
  AFD: 14.276_410_7,
};
const US_UNITS = new Set(['CFS', 'GPM', 'MGD', 'IMGD', 'AFD']);
const READ = new Set([
  'TITLE',
  'JUNCTIONS',
  'RESERVOIRS',
  'TANKS',
  'PIPES',
  'VALVES',
  'PUMPS',
  'DEMANDS',
  'STATUS',
  'COORDINATES',
  'VERTICES',
  'OPTIONS',
  'END',
]);

/**
 * Reads an EPANET 2.2 INP file as one steady state: junctions, reservoirs, tanks, pipes and
 * valves with their coordinates and vertices. Every loop is bounded by the line cap; faults
 * are gathered (up to a few) and thrown together as InpProblems.
 */
export function readInp(text: string): InpModel {
  const { problems, fault } = faults();
  const { sections, title } = sectionsOf(text, fault);
  const rowsOf = (name: string) => sections.get(name) ?? [];

  const needs = (row: Row, count: number) => {
    if (row.fields.length >= count) return true;
    fault('fields', { line: row.line, section: row.section, count });
    return false;
  };
  const num = (row: Row, index: number, fallback?: number): number => {
    const value = row.fields[index];
    if (value === undefined && fallback !== undefined) return fallback;
    const parsed = Number(value);
    if (value === undefined || !Number.isFinite(parsed)) {
      fault('number', { line: row.line, section: row.section, value: value ?? '' });
      return 0;
    }
    return parsed;
  };
  const positive = (row: Row, value: number, field: string) => {
    if (value <= 0) fault('not_positive', { line: row.line, section: row.section, field });
  };

  // Options first: units decide every conversion below.
  let flow = 1;
  let us = false;
  let multiplier = 1;
  for (const row of rowsOf('OPTIONS')) {
    const [key = '', second = '', third = ''] = row.fields.map((field) => field.toUpperCase());
    if (key === 'UNITS') {
      if (FLOW_LPS[second] === undefined) fault('units', { line: row.line, value: row.fields[1] ?? '' });
      flow = FLOW_LPS[second] ?? 1;
      us = US_UNITS.has(second);
    } else if (key === 'HEADLOSS' && second !== 'H-W') fault('headloss', { line: row.line });
    else if (key === 'DEMAND' && second === 'MULTIPLIER') multiplier = Number(third) || 1;
  }
  const length = us ? 0.3048 : 1;
  const diameter = us ? 25.4 : 1;

  const nodes = new Map<string, InpNode>();
  const addNode = (row: Row, node: InpNode) => {
    if (nodes.has(node.id) || node.id.length > 255)
      fault('duplicate', { line: row.line, section: row.section, id: node.id });
    else nodes.set(node.id, node);
  };
  const demands = new Map<string, number>();
  for (const row of rowsOf('DEMANDS'))
    if (needs(row, 2)) {
      const id = row.fields[0] as string;
      demands.set(id, (demands.get(id) ?? 0) + num(row, 1));
    }
  for (const row of rowsOf('JUNCTIONS'))
    if (needs(row, 2)) {
      const id = row.fields[0] as string;
      const base = demands.get(id) ?? num(row, 2, 0);
      addNode(row, {
        id,
        kind: 'junction',
        elevation: num(row, 1) * length,
        demandLps: base * flow * multiplier,
      });
    }
  for (const row of rowsOf('RESERVOIRS'))
    if (needs(row, 2)) {
      const head = num(row, 1) * length;
      addNode(row, { id: row.fields[0] as string, kind: 'reservoir', elevation: head, demandLps: 0, head });
    }
  for (const row of rowsOf('TANKS'))
    if (needs(row, 6)) {
      const tankDiameterM = num(row, 5) * length;
      positive(row, tankDiameterM, 'diameter');
      addNode(row, {
        id: row.fields[0] as string,
        kind: 'tank',
        elevation: num(row, 1) * length,
        demandLps: 0,
        level: num(row, 2) * length,
        tankDiameterM,
      });
    }
  // Each demand row looks its junction up once: no search per unknown id.
  for (const row of rowsOf('DEMANDS')) {
    const id = row.fields[0] as string;
    if (row.fields.length >= 2 && nodes.get(id)?.kind !== 'junction')
      fault('unknown_node', { line: row.line, section: row.section, id });
  }

  const links = new Map<string, InpLink>();
  const endsKnown = (row: Row) => {
    let known = true;
    for (const id of row.fields.slice(1, 3))
      if (!nodes.has(id)) {
        fault('unknown_node', { line: row.line, section: row.section, id });
        known = false;
      }
    return known;
  };
  const addLink = (row: Row, link: InpLink) => {
    if (links.has(link.id) || link.id.length > 255)
      fault('duplicate', { line: row.line, section: row.section, id: link.id });
    else links.set(link.id, link);
  };
  for (const row of rowsOf('PIPES'))
    if (needs(row, 6) && endsKnown(row)) {
      const status = (row.fields[7] ?? 'OPEN').toUpperCase();
      const link: InpLink = {
        id: row.fields[0] as string,
        kind: 'pipe',
        from: row.fields[1] as string,
        to: row.fields[2] as string,
        lengthM: num(row, 3) * length,
        diameterMm: num(row, 4) * diameter,
        c: num(row, 5),
        closed: status === 'CLOSED',
        type: status === 'CV' ? 'CV' : undefined,
        vertices: [],
      };
      positive(row, link.lengthM, 'length');
      positive(row, link.diameterMm, 'diameter');
      positive(row, link.c, 'roughness');
      addLink(row, link);
    }
  for (const row of rowsOf('VALVES'))
    if (needs(row, 5) && endsKnown(row)) {
      const diameterMm = num(row, 3) * diameter;
      positive(row, diameterMm, 'diameter');
      addLink(row, {
        id: row.fields[0] as string,
        kind: 'valve',
        from: row.fields[1] as string,
        to: row.fields[2] as string,
        lengthM: 0.1,
        diameterMm,
        c: 150,
        closed: false,
        type: (row.fields[4] as string).toUpperCase(),
        vertices: [],
      });
    }
  // Pumps move water by a curve the map has no place for: refused rather than left out.
  for (const row of rowsOf('PUMPS').slice(0, 1)) fault('pumps', { line: row.line });
  for (const row of rowsOf('STATUS'))
    if (needs(row, 2)) {
      const link = links.get(row.fields[0] as string);
      if (!link) fault('unknown_link', { line: row.line, section: row.section, id: row.fields[0] as string });
      else link.closed = (row.fields[1] as string).toUpperCase() === 'CLOSED';
    }
  for (const row of rowsOf('COORDINATES'))
    if (needs(row, 3)) {
      const node = nodes.get(row.fields[0] as string);
      if (!node) fault('unknown_node', { line: row.line, section: row.section, id: row.fields[0] as string });
      else [node.x, node.y] = [num(row, 1), num(row, 2)];
    }
  for (const row of rowsOf('VERTICES'))
    if (needs(row, 3)) {
      const link = links.get(row.fields[0] as string);
      if (!link) fault('unknown_link', { line: row.line, section: row.section, id: row.fields[0] as string });
      else link.vertices.push([num(row, 1), num(row, 2)]);
    }

  if (rowsOf('PIPES').length === 0) fault('no_pipes', {});
  const all = [...nodes.values()];
  if (!all.some((node) => node.kind !== 'junction')) fault('no_source', {});
  for (const node of all.filter((candidate) => candidate.x === undefined).slice(0, NAMED))
    fault('no_coordinates', { id: node.id });
  if (problems.length > 0) throw new InpProblems(problems);
  const ignored = [...sections.keys()].filter((name) => !READ.has(name)).map((name) => `[${name}]`);
  return { title, nodes: all, links: [...links.values()], ignored };
}
