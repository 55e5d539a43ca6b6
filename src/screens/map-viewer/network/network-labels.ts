import type { Feature } from '@generated/model';

const EARTH_RADIUS_M = 6_371_008.8;

function haversine([lon1, lat1]: number[], [lon2, lat2]: number[]): number {
  const rad = Math.PI / 180;
  const dLat = ((lat2 ?? 0) - (lat1 ?? 0)) * rad;
  const dLon = ((lon2 ?? 0) - (lon1 ?? 0)) * rad;
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos((lat1 ?? 0) * rad) * Math.cos((lat2 ?? 0) * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Length in metres of a line feature along the ground (0 for anything else). */
export function lineLengthM(feature: Feature): number {
  const geometry = feature.geometry;
  if (!geometry) return 0;
  const lines =
    geometry.type === 'LineString'
      ? [geometry.coordinates]
      : geometry.type === 'MultiLineString'
        ? geometry.coordinates
        : [];
  let total = 0;
  for (const line of lines)
    for (let i = 1; i < line.length; i += 1) total += haversine(line[i - 1] ?? [], line[i] ?? []);
  return total;
}
