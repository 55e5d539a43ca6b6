import type { Pipe } from './pipes.ts';
import { seededRandom } from './random.ts';
import { along, type LocalPoint } from './town-geometry.ts';

/**
 * What the demo town needs for a hydraulic simulation out of the box: a reservoir
 * and a tank where trunk mains end, and service points drawing water along the streets. They
 * draw from their own random stream, so every earlier feature of the town stays as it was.
 */
export interface Source {
  code: string;
  name: string;
  point: LocalPoint;
  kind: 'reservoir' | 'tank';
  /** Reservoir: total head (m). */
  head_m: number | null;
  /** Tank: ground elevation and water level above it (m), and its diameter. */
  elevation_m: number;
  level_m: number | null;
  diameter_m: number | null;
}

export interface ServicePoint {
  code: string;
  point: LocalPoint;
  demand_lps: number;
}

/** The reservoir's head and the tank's water surface, in metres above the (flat) town. */
export const RESERVOIR_HEAD_M = 72;
const TANK = { elevation_m: 44, level_m: 24, diameter_m: 25 };

const ends = (pipe: Pipe) => [
  pipe.points[0] as LocalPoint,
  pipe.points[pipe.points.length - 1] as LocalPoint,
];

/** The reservoir at the northernmost end of an in-service trunk main, the tank at the southernmost. */
export function placeSources(pipes: readonly Pipe[]): Source[] {
  const trunk = pipes.filter((pipe) => pipe.kind === 'avenue' && pipe.status === 'in_service').flatMap(ends);
  if (trunk.length === 0) throw new Error('a town without trunk mains');
  const north = trunk.reduce((best, point) => (point.y > best.y ? point : best));
  const south = trunk.reduce((best, point) => (point.y < best.y ? point : best));
  return [
    {
      code: 'S-1',
      name: 'North reservoir',
      point: north,
      kind: 'reservoir',
      head_m: RESERVOIR_HEAD_M,
      elevation_m: RESERVOIR_HEAD_M - 4,
      level_m: null,
      diameter_m: null,
    },
    { code: 'S-2', name: 'South tower', point: south, kind: 'tank', head_m: null, ...TANK },
  ];
}

/** A service point on about a third of the in-service street pipes, on the line, 0.05–0.3 L/s each. */
export function placeServicePoints(seed: number, pipes: readonly Pipe[]): ServicePoint[] {
  const random = seededRandom(seed ^ 0x5e71ce);
  const points: ServicePoint[] = [];
  for (const pipe of pipes) {
    if (pipe.status !== 'in_service' || pipe.kind === 'avenue' || !random.chance(0.35)) continue;
    const point = along(
      pipe.points[0] as LocalPoint,
      pipe.points[1] as LocalPoint,
      random.between(0.25, 0.75),
    );
    points.push({
      code: `SP-${String(points.length + 1).padStart(4, '0')}`,
      point,
      demand_lps: Math.round(random.between(0.05, 0.3) * 1000) / 1000,
    });
  }
  return points;
}
