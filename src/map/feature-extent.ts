import type { Feature } from '../../generated/model';

/** The bounding box [west, south, east, north] of a feature's geometry, or null without one. */
export function featureExtent(feature: Pick<Feature, 'geometry'>): [number, number, number, number] | null {
  const points: number[][] = [];
  const walk = (value: unknown): void => {
    if (!Array.isArray(value)) return;
    if (typeof value[0] === 'number') points.push(value as number[]);
    else value.forEach(walk);
  };
  const geometry = feature.geometry;
  if (!geometry) return null;
  if ('coordinates' in geometry) walk(geometry.coordinates);
  if (points.length === 0) return null;
  const lons = points.map((point) => point[0] ?? 0);
  const lats = points.map((point) => point[1] ?? 0);
  return [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
}
