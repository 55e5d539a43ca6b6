import type { Pipe } from './pipes.ts';
import type { Random } from './random.ts';
import type { StreetGrid } from './street-grid.ts';
import { along, distance, type LocalPoint } from './town-geometry.ts';

export const VALVE_TYPES = ['gate', 'butterfly'] as const;
export type ValveType = (typeof VALVE_TYPES)[number];

export interface Valve {
  code: string;
  point: LocalPoint;
  type: ValveType;
  diameter_mm: number;
  is_open: boolean;
}

const valveType = (diameter: number): ValveType => (diameter >= 300 ? 'butterfly' : 'gate');

/**
 * Valves at a share of the junctions (on the shared end point of the pipes there) and inside
 * long pipes. An inner valve becomes a vertex of its pipe, so it lies exactly on the line: the
 * water-network tools split pipes at valves and must find them there.
 */
export function placeValves(
  random: Random,
  grid: StreetGrid,
  pipes: readonly Pipe[],
): { valves: Valve[]; pipes: Pipe[] } {
  const widest = new Map<number, number>();
  const degree = new Map<number, number>();
  grid.segments.forEach((segment, index) => {
    const diameter = (pipes[index] as Pipe).diameter_mm;
    for (const node of [segment.from, segment.to]) {
      degree.set(node, (degree.get(node) ?? 0) + 1);
      widest.set(node, Math.max(widest.get(node) ?? 0, diameter));
    }
  });
  const spots: { point: LocalPoint; diameter: number }[] = [];
  for (const junction of grid.junctions.values())
    if ((degree.get(junction.id) ?? 0) >= 3 && random.chance(0.4))
      spots.push({ point: junction.point, diameter: widest.get(junction.id) ?? 100 });

  const withInnerValves = pipes.map((pipe) => {
    const [start, end] = pipe.points as [LocalPoint, LocalPoint];
    if (distance(start, end) < 80 || !random.chance(0.5)) return pipe;
    const point = along(start, end, random.between(0.3, 0.7));
    spots.push({ point, diameter: pipe.diameter_mm });
    return { ...pipe, points: [start, point, end] };
  });

  const valves = spots.map(({ point, diameter }, index) => ({
    code: `V-${String(index + 1).padStart(4, '0')}`,
    point,
    type: valveType(diameter),
    diameter_mm: diameter,
    is_open: !random.chance(0.04),
  }));
  return { valves, pipes: withInnerValves };
}
