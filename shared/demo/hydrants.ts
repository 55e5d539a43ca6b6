import type { Pipe } from './pipes.ts';
import type { Random } from './random.ts';
import { along, type LocalPoint } from './town-geometry.ts';

export const HYDRANT_KINDS = ['pillar', 'underground'] as const;
export type HydrantKind = (typeof HYDRANT_KINDS)[number];

export interface Hydrant {
  code: string;
  point: LocalPoint;
  kind: HydrantKind;
  flow_lps: number;
}

/**
 * Hydrants on in-service mains of 80 mm and more, on the main's line: the water-network tools
 * attach a hydrant to the pipe it lies on within the snapping tolerance, as they do valves.
 */
export function placeHydrants(random: Random, pipes: readonly Pipe[]): Hydrant[] {
  const hydrants: Hydrant[] = [];
  for (const pipe of pipes) {
    if (pipe.status !== 'in_service' || pipe.diameter_mm < 80 || !random.chance(0.11)) continue;
    const start = pipe.points[0] as LocalPoint;
    const end = pipe.points[pipe.points.length - 1] as LocalPoint;
    const base = along(start, end, random.between(0.2, 0.8));
    // Drawn but unused (hydrants once stood a few metres to one side): dropping these draws
    // would change every hydrant and zone after this one.
    random.chance(0.5);
    random.between(3, 6);
    const point = base;
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
