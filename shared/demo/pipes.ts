import type { Random } from './random.ts';
import type { StreetGrid, StreetKind } from './street-grid.ts';
import { distance, type LocalPoint } from './town-geometry.ts';

export const MATERIALS = ['cast_iron', 'ductile_iron', 'pvc', 'pe', 'steel', 'asbestos_cement'] as const;
export type Material = (typeof MATERIALS)[number];
export const PIPE_STATUSES = ['in_service', 'abandoned'] as const;
export type PipeStatus = (typeof PIPE_STATUSES)[number];

/** One pipe segment: a main between two junctions (a valve may add a vertex in between later). */
export interface Pipe {
  code: string;
  points: LocalPoint[];
  street: string;
  kind: StreetKind;
  material: Material;
  diameter_mm: number;
  install_date: string;
  status: PipeStatus;
}

const DIAMETERS: Record<StreetKind, readonly number[]> = {
  avenue: [300, 300, 400, 500],
  main: [150, 200, 200, 250],
  street: [80, 100, 100, 110, 125, 150],
};

/** What was laid in which era, as [share, material] lists (the town grew outwards). */
function materialOf(random: Random, year: number, diameter: number): Material {
  if (diameter >= 300) return year < 1975 ? random.pick(['steel', 'cast_iron']) : 'ductile_iron';
  const eras: [number, Material[]][] = [
    [1940, ['cast_iron', 'cast_iron', 'cast_iron', 'cast_iron', 'steel']],
    [1970, ['cast_iron', 'cast_iron', 'asbestos_cement', 'asbestos_cement', 'steel']],
    [1990, ['asbestos_cement', 'ductile_iron', 'ductile_iron', 'pvc', 'pvc']],
    [2005, ['ductile_iron', 'pvc', 'pvc', 'pe', 'pe']],
    [Infinity, ['pe', 'pe', 'pe', 'ductile_iron', 'pvc']],
  ];
  const era = eras.find(([until]) => year < until) ?? eras[eras.length - 1];
  return random.pick(era?.[1] ?? ['pe']);
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** Mains along every street segment; older, and more often abandoned, towards the centre. */
export function layPipes(random: Random, grid: StreetGrid): Pipe[] {
  const points = [...grid.junctions.values()].map((junction) => junction.point);
  const radius = Math.max(...points.map((point) => Math.hypot(point.x, point.y)));
  return grid.segments.map((segment, index) => {
    const from = (grid.junctions.get(segment.from) as { point: LocalPoint }).point;
    const to = (grid.junctions.get(segment.to) as { point: LocalPoint }).point;
    const middle = { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 };
    const share = Math.hypot(middle.x, middle.y) / radius;
    const year = Math.round(Math.min(2023, Math.max(1902, 1905 + share * 105 + random.between(-12, 12))));
    const diameter = random.pick(DIAMETERS[segment.kind]);
    const material =
      diameter === 110 ? random.pick(['pvc', 'pe'] as const) : materialOf(random, year, diameter);
    const abandoned = random.chance(year < 1960 ? 0.08 : 0.01);
    if (distance(from, to) <= 0) throw new Error('a street segment of zero length');
    return {
      code: `P-${pad(index + 1, 5)}`,
      points: [from, to],
      street: segment.street,
      kind: segment.kind,
      material,
      diameter_mm: diameter,
      install_date: `${year}-${pad(random.integer(1, 12), 2)}-${pad(random.integer(1, 28), 2)}`,
      status: abandoned ? 'abandoned' : 'in_service',
    };
  });
}
