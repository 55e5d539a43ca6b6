import type { FeatureLike } from 'ol/Feature';
import MultiPolygon from 'ol/geom/MultiPolygon';
import RenderFeature from 'ol/render/Feature';
import type { GeometryFunction } from 'ol/style/Style';

/** Sides of a disc: round to the eye at symbol sizes, yet few vertices per point. */
function sidesFor(radiusPx: number): number {
  return Math.min(32, Math.max(10, Math.ceil(radiusPx * 2)));
}

/**
 * A point drawn as a small polygon disc of `radiusPx` screen pixels at `resolution`.
 *
 * Why: a vector tile layer draws its polygons into each tile's image once and moves that image
 * while the map pans or zooms, but it redraws every point symbol on every frame. Over tens of
 * thousands of points that redraw takes several frames' time; as discs the points cost nothing
 * per frame. The tile is redrawn at the new resolution when the move ends (the layer calls the
 * style function with that resolution), so a disc keeps the symbol's size in pixels.
 */
export function pointDisc(radiusPx: number, resolution: number): GeometryFunction {
  const radius = radiusPx * resolution;
  const sides = sidesFor(radiusPx);
  // The unit circle once per style; each point only offsets it.
  const unit: number[] = [];
  for (let side = 0; side <= sides; side += 1) {
    const angle = (-2 * Math.PI * (side % sides)) / sides;
    unit.push(Math.cos(angle) * radius, Math.sin(angle) * radius);
  }
  const ringLength = unit.length;
  return (feature: FeatureLike) => {
    const geometry = feature.getGeometry();
    const type = geometry?.getType();
    if (type !== 'Point' && type !== 'MultiPoint') return undefined;
    const centres = (geometry as unknown as { getFlatCoordinates(): number[] }).getFlatCoordinates();
    const flat = new Array<number>((centres.length / 2) * ringLength);
    const ends: number[][] = [];
    for (let c = 0, offset = 0; c + 1 < centres.length; c += 2) {
      const x = centres[c] ?? 0;
      const y = centres[c + 1] ?? 0;
      for (let i = 0; i < ringLength; i += 2, offset += 2) {
        flat[offset] = x + (unit[i] ?? 0);
        flat[offset + 1] = y + (unit[i + 1] ?? 0);
      }
      ends.push([offset]);
    }
    // A render feature, not a Polygon: drawing it skips the per-geometry simplification and
    // objects a Polygon costs, which over a tile of ten thousand points is most of its build.
    return ends.length === 1
      ? new RenderFeature('Polygon', flat, ends[0] ?? [], 2, {}, undefined)
      : new MultiPolygon(flat, 'XY', ends);
  };
}
