import type { Pipe } from './pipes.ts';
import type { Random } from './random.ts';
import { along, distance, type LocalPoint } from './town-geometry.ts';

export const HYDRANT_KINDS = ['pillar', 'underground'] as const;
export type HydrantKind = (typeof HYDRANT_KINDS)[number];

export interface Hydrant {
  code: string;
  point: LocalPoint;
  kind: HydrantKind;
  flow_lps: number;
}

/** Hydrants on the pavement a few metres beside in-service mains of 80 mm and more. */
export function placeHydrants(random: Random, pipes: readonly Pipe[]): Hydrant[] {
  const hydrants: Hydrant[] = [];
  for (const pipe of pipes) {
    if (pipe.status !== 'in_service' || pipe.diameter_mm < 80 || !random.chance(0.11)) continue;
    const start = pipe.points[0] as LocalPoint;
    const end = pipe.points[pipe.points.length - 1] as LocalPoint;
    const length = distance(start, end);
    const base = along(start, end, random.between(0.2, 0.8));
    const side = (random.chance(0.5) ? 1 : -1) * random.between(3, 6);
    const point = {
      x: base.x - ((end.y - start.y) / length) * side,
      y: base.y + ((end.x - start.x) / length) * side,
    };
    const flow = pipe.diameter_mm >= 200 ? random.between(30, 45) : random.between(8, 25);
    hydrants.push({
      code: `H-${String(hydrants.length + 1).padStart(3, '0')}`,
      point,
      kind: random.chance(0.7) ? 'pillar' : 'underground',
      flow_lps: Math.round(flow * 10) / 10,
    });
  }
  return hydrants;
}
