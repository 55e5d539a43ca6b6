/** Planar helpers in metres (coordinates already projected to a local metric CRS). */
export interface XY {
  x: number;
  y: number;
}

export const distance = (a: XY, b: XY): number => Math.hypot(a.x - b.x, a.y - b.y);

/** The point of segment a–b nearest to p, with its position along the segment (0 at a, 1 at b). */
export function nearestOnSegment(p: XY, a: XY, b: XY): { point: XY; t: number; distance: number } {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lengthSquared = dx * dx + dy * dy;
  const raw = lengthSquared === 0 ? 0 : ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared;
  const t = Math.min(1, Math.max(0, raw));
  const point = { x: a.x + t * dx, y: a.y + t * dy };
  return { point, t, distance: distance(p, point) };
}
