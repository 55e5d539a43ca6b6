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

/** The box around several features, or null when none has a geometry. */
export function featuresExtent(
  features: readonly Pick<Feature, 'geometry'>[],
): [number, number, number, number] | null {
  const boxes = features.map(featureExtent).filter((box) => box !== null);
  if (boxes.length === 0) return null;
  return [
    Math.min(...boxes.map((box) => box[0])),
    Math.min(...boxes.map((box) => box[1])),
    Math.max(...boxes.map((box) => box[2])),
    Math.max(...boxes.map((box) => box[3])),
  ];
}
