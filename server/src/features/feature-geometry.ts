import type { components } from '../../../generated/openapi-types.ts';
import { msg, type Problems } from '../i18n/messages.ts';

export type Geometry = components['schemas']['Geometry'];

/** Every position of a geometry, however deeply nested. */
function positions(coordinates: unknown): number[][] {
  if (!Array.isArray(coordinates)) return [];
  if (coordinates.length > 0 && typeof coordinates[0] === 'number') return [coordinates as number[]];
  return coordinates.flatMap((part) => positions(part));
}

/**
 * The most positions one feature may have, on every write path and import. A line of a million
 * vertices (22 MB) took 54 s to import and then 8 to 15 s per read, holding the database for
 * every other client meanwhile.
 */
export const MAX_FEATURE_VERTICES = 100_000;

/**
 * The geometry must be of the layer's type, of at most MAX_FEATURE_VERTICES positions, and every position a real place
 * (the document bounds both axes by ±180 only; latitude is checked here).
 */
export function geometryProblems(geometry: Geometry, layerType: string | null, field: string): Problems {
  if (layerType !== null && geometry.type !== layerType)
    return { [`${field}.type`]: [msg('features.geometry_type', { expected: layerType ?? '-' })] };
  const all = positions(geometry.coordinates);
  if (all.length > MAX_FEATURE_VERTICES)
    return { [`${field}.coordinates`]: [msg('features.too_many_vertices', { limit: MAX_FEATURE_VERTICES })] };
  const outside = all.some(([lon = NaN, lat = NaN]) => !(Math.abs(lon) <= 180 && Math.abs(lat) <= 90));
  if (outside) return { [`${field}.coordinates`]: [msg('features.coordinates')] };
  if (geometry.type === 'Polygon' || geometry.type === 'MultiPolygon') {
    const rings = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates).flat();
    const open = rings.some((ring) => {
      const first = ring[0];
      const last = ring[ring.length - 1];
      return ring.length < 4 || !first || !last || first[0] !== last[0] || first[1] !== last[1];
    });
    if (open) return { [`${field}.coordinates`]: [msg('features.ring')] };
  }
  return {};
}
