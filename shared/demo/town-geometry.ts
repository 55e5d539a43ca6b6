/**
 * The town is drawn in local metres (x east, y north) around an origin and turned into
 * EPSG:4326 only at the end. Every point is converted by the same function with the same
 * rounding, so two features that share a local point share exactly the same coordinates
 * (pipe ends meet at junctions, valves sit on pipe vertices).
 */
export interface LocalPoint {
  x: number;
  y: number;
}

export type LonLat = [number, number];

/** The document's examples use central Lisbon; the town sits there. */
export const TOWN_ORIGIN: LonLat = [-9.14, 38.72];

const METRES_PER_DEGREE_LAT = 110_574;
const METRES_PER_DEGREE_LON = 111_320 * Math.cos((TOWN_ORIGIN[1] * Math.PI) / 180);

/** 8 decimals is about a millimetre: far below any tolerance, short in JSON. */
const round = (value: number) => Math.round(value * 1e8) / 1e8;

export function toLonLat(point: LocalPoint): LonLat {
  return [
    round(TOWN_ORIGIN[0] + point.x / METRES_PER_DEGREE_LON),
    round(TOWN_ORIGIN[1] + point.y / METRES_PER_DEGREE_LAT),
  ];
}

export function distance(a: LocalPoint, b: LocalPoint): number {
  return Math.hypot(b.x - a.x, b.y - a.y);
}

/** The point at fraction `t` of the way from a to b. */
export function along(a: LocalPoint, b: LocalPoint, t: number): LocalPoint {
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
}

/** Moves `from` by `metres` towards `to`. */
export function towards(from: LocalPoint, to: LocalPoint, metres: number): LocalPoint {
  return along(from, to, metres / distance(from, to));
}

/** Ray casting; a ring is a closed list of points (first = last). */
export function insideRing(point: LocalPoint, ring: readonly LocalPoint[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const a = ring[i] as LocalPoint;
    const b = ring[j] as LocalPoint;
    if (a.y > point.y !== b.y > point.y && point.x < ((b.x - a.x) * (point.y - a.y)) / (b.y - a.y) + a.x)
      inside = !inside;
  }
  return inside;
}
