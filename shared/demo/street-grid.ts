import type { Random } from './random.ts';
import { avenueNames, streetNames } from './street-names.ts';
import type { LocalPoint } from './town-geometry.ts';

/**
 * An irregular street grid: columns and rows at uneven spacing, junctions jittered, the outline
 * a wobbly oval, a few plain streets missing (dead ends, big blocks), every few rows and columns
 * an avenue, and two diagonal avenues that cross the blocks corner to corner (so they meet the
 * grid only at junctions and cross each other at one). Only the largest connected part is kept.
 */
export type StreetKind = 'avenue' | 'main' | 'street';

export interface Junction {
  id: number;
  point: LocalPoint;
}

export interface StreetSegment {
  from: number;
  to: number;
  street: string;
  kind: StreetKind;
}

export interface StreetGrid {
  junctions: Map<number, Junction>;
  segments: StreetSegment[];
}

const COLUMNS = 60;
const ROWS = 46;
const isAvenueRow = (j: number) => j % 9 === 4;
const isAvenueColumn = (i: number) => i % 11 === 5;
const isMainRow = (j: number) => j % 3 === 1;
const isMainColumn = (i: number) => i % 3 === 1;
/** Two diagonals, [start column, start row, row step]; they meet at junction (24, 22). */
const DIAGONALS: [number, number, number][] = [
  [8, 6, 1],
  [8, 38, -1],
];

function positions(random: Random, count: number, min: number, max: number): number[] {
  const values = [0];
  for (let k = 1; k < count; k += 1) values.push((values[k - 1] as number) + random.between(min, max));
  const middle = (values[count - 1] as number) / 2;
  return values.map((value) => value - middle);
}

export function streetGrid(random: Random): StreetGrid {
  const xs = positions(random, COLUMNS, 50, 85);
  const ys = positions(random, ROWS, 50, 80);
  const rx = (xs[COLUMNS - 1] as number) * 0.98;
  const ry = (ys[ROWS - 1] as number) * 0.98;
  const id = (i: number, j: number) => i * ROWS + j;
  const all = new Map<number, Junction>();
  for (let i = 0; i < COLUMNS; i += 1)
    for (let j = 0; j < ROWS; j += 1) {
      const point = {
        x: (xs[i] as number) + random.between(-8, 8),
        y: (ys[j] as number) + random.between(-8, 8),
      };
      const angle = Math.atan2(point.y / ry, point.x / rx);
      const reach = 0.94 + 0.08 * Math.sin(3 * angle + 1.3) + 0.06 * Math.sin(5 * angle + 0.4);
      if (Math.hypot(point.x / rx, point.y / ry) <= reach) all.set(id(i, j), { id: id(i, j), point });
    }

  const rowNames = streetNames(random, ROWS + COLUMNS);
  const avenues = avenueNames(random, 16);
  let nextAvenue = 0;
  const avenueName = () => avenues[nextAvenue++] as string;
  const rowStreet = ys.map((_, j) => (isAvenueRow(j) ? avenueName() : (rowNames[j] as string)));
  const columnStreet = xs.map((_, i) => (isAvenueColumn(i) ? avenueName() : (rowNames[ROWS + i] as string)));

  const candidates: StreetSegment[] = [];
  const link = (a: number, b: number, street: string, kind: StreetKind) => {
    if (!all.has(a) || !all.has(b)) return;
    // Plain streets go missing here and there; avenues and mains never do.
    if (kind === 'street' && random.chance(0.07)) return;
    candidates.push({ from: a, to: b, street, kind });
  };
  for (let j = 0; j < ROWS; j += 1)
    for (let i = 0; i + 1 < COLUMNS; i += 1) link(id(i, j), id(i + 1, j), rowStreet[j] as string, rowKind(j));
  for (let i = 0; i < COLUMNS; i += 1)
    for (let j = 0; j + 1 < ROWS; j += 1)
      link(id(i, j), id(i, j + 1), columnStreet[i] as string, columnKind(i));
  for (const [i0, j0, step] of DIAGONALS) {
    const street = avenueName();
    for (let k = 0; i0 + k + 1 < COLUMNS && j0 + step * (k + 1) >= 0 && j0 + step * (k + 1) < ROWS; k += 1)
      link(id(i0 + k, j0 + step * k), id(i0 + k + 1, j0 + step * (k + 1)), street, 'avenue');
  }
  return largestConnectedPart(all, candidates);
}

const rowKind = (j: number): StreetKind => (isAvenueRow(j) ? 'avenue' : isMainRow(j) ? 'main' : 'street');
const columnKind = (i: number): StreetKind =>
  isAvenueColumn(i) ? 'avenue' : isMainColumn(i) ? 'main' : 'street';

function largestConnectedPart(all: Map<number, Junction>, candidates: StreetSegment[]): StreetGrid {
  const parent = new Map<number, number>();
  const root = (node: number): number => {
    let current = node;
    while ((parent.get(current) ?? current) !== current) current = parent.get(current) as number;
    parent.set(node, current);
    return current;
  };
  for (const segment of candidates) parent.set(root(segment.from), root(segment.to));
  const sizes = new Map<number, number>();
  for (const segment of candidates) sizes.set(root(segment.from), (sizes.get(root(segment.from)) ?? 0) + 1);
  const biggest = [...sizes.entries()].reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
  const segments = candidates.filter((segment) => root(segment.from) === biggest);
  const junctions = new Map<number, Junction>();
  for (const segment of segments)
    for (const node of [segment.from, segment.to]) junctions.set(node, all.get(node) as Junction);
  return { junctions, segments };
}
