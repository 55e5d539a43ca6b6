import type { Random } from './random.ts';
import { insideRing, type LocalPoint } from './town-geometry.ts';

export interface PressureZone {
  name: string;
  target_pressure_bar: number;
  /** Closed ring (first point = last). */
  ring: LocalPoint[];
}

export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

const ZONES: [string, number][] = [
  ['Zona Alta Poente', 4.2],
  ['Zona Baixa Poente', 3.4],
  ['Zona Alta Nascente', 5.1],
  ['Zona Baixa Nascente', 3.8],
];

/**
 * Four pressure zones that tile the box exactly: a wavy north-south boundary, and on each side
 * an east-west boundary that meets it at one of its vertices. Neighbouring zones share their
 * boundary vertices, so there are neither gaps nor overlaps.
 */
export function pressureZones(random: Random, box: Box): PressureZone[] {
  const middleX = (box.minX + box.maxX) / 2 + random.between(-150, 150);
  const steps = 6;
  const spine: LocalPoint[] = Array.from({ length: steps + 1 }, (_, k) => ({
    x: middleX + random.between(-60, 60),
    y: box.maxY - ((box.maxY - box.minY) * k) / steps,
  }));
  // The west boundary meets the spine a third of the way down, the east one half way.
  const westAt = 2;
  const eastAt = 3;
  // Each side boundary reaches the spine horizontally, so it cannot cross the spine elsewhere.
  const side = (join: LocalPoint, edgeX: number): LocalPoint[] => {
    const near = { x: join.x + Math.sign(edgeX - join.x) * 400, y: join.y };
    const wiggle = (t: number) => ({
      x: near.x + (edgeX - near.x) * t,
      y: join.y + random.between(-120, 120),
    });
    return [join, near, wiggle(1 / 3), wiggle(2 / 3), { x: edgeX, y: join.y + random.between(-150, 150) }];
  };
  const west = side(spine[westAt] as LocalPoint, box.minX);
  const east = side(spine[eastAt] as LocalPoint, box.maxX);
  const close = (points: LocalPoint[]) => [...points, points[0] as LocalPoint];
  const rings = [
    close([{ x: box.minX, y: box.maxY }, ...spine.slice(0, westAt + 1), ...west.slice(1)]),
    close([...[...west].reverse(), ...spine.slice(westAt + 1), { x: box.minX, y: box.minY }]),
    close([
      spine[0] as LocalPoint,
      { x: box.maxX, y: box.maxY },
      ...[...east].reverse(),
      ...spine.slice(1, eastAt).reverse(),
    ]),
    close([...east, { x: box.maxX, y: box.minY }, ...spine.slice(eastAt + 1).reverse()]),
  ];
  return rings.map((ring, index) => {
    const [name, pressure] = ZONES[index] as [string, number];
    return { name, target_pressure_bar: pressure, ring };
  });
}

export function zoneOf(zones: readonly PressureZone[], point: LocalPoint): string | null {
  return zones.find((zone) => insideRing(point, zone.ring))?.name ?? null;
}
