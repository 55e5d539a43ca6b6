import type { components } from '@generated/openapi-types.ts';
import { msg, type Problems } from '../i18n/messages.ts';
import { featureLimits, jsonBytes } from './feature-limits.ts';

export type Geometry = components['schemas']['Geometry'];

/** Every position of a geometry, however deeply nested. */
function positions(coordinates: unknown): number[][] {
  if (!Array.isArray(coordinates)) return [];
  if (coordinates.length > 0 && typeof coordinates[0] === 'number') return [coordinates as number[]];
  return coordinates.flatMap((part) => positions(part));
}

/**
 * The geometry must be of the layer's type, of at most the configured number of positions
 * (feature-limits.ts), and every position a real place (the document bounds both axes by ±180
 * only; latitude is checked here).
 */
export function geometryProblems(geometry: Geometry, layerType: string | null, field: string): Problems {
  if (layerType !== null && geometry.type !== layerType)
    return { [`${field}.type`]: [msg('features.geometry_type', { expected: layerType ?? '-' })] };
  const all = positions(geometry.coordinates);
  const { vertices } = featureLimits();
  if (all.length > vertices)
    return { [`${field}.coordinates`]: [msg('features.too_many_vertices', { limit: vertices })] };
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

/**
 * A feature written whole or in part is refused when its geometry and values together pass the
 * configured size (UTF-8 JSON bytes); the field named is the bigger of the two. Asked only once
 * the geometry passed its own checks, so no more than the vertex limit is serialized.
 */
export function featureSizeProblems(
  parts: { geometry?: unknown; properties?: unknown },
  fields: { geometry: string; properties: string },
): Problems {
  const geometryBytes = parts.geometry === undefined ? 0 : jsonBytes(parts.geometry);
  const propertyBytes = parts.properties === undefined ? 0 : jsonBytes(parts.properties);
  const { bytes } = featureLimits();
  if (geometryBytes + propertyBytes <= bytes) return {};
  const field = geometryBytes >= propertyBytes ? fields.geometry : fields.properties;
  return { [field]: [msg('feature_size.too_big', { limit: bytes })] };
}
