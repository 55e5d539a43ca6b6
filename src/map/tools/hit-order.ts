/** One feature found near a click, before it becomes a FeatureHit for the caller. */
export type Candidate = {
  layerId: number;
  featureId: number;
  /** The geometry type as OpenLayers reports it ('Point', 'MultiLineString', ...). */
  geometryType: string;
  /** Drawing order of its layer, higher on top. */
  zIndex: number;
  /** Pixels from the click to the feature as drawn (0 when the click is on it). */
  distance: number;
};

/** Points first, then lines, then polygons: the smaller thing is the one aimed at. */
export function geometryRank(geometryType: string): number {
  if (/Point/.test(geometryType)) return 0;
  if (/LineString/.test(geometryType)) return 1;
  if (/Polygon/.test(geometryType)) return 2;
  return 3;
}

/** Features within this many pixels of the closest of the same rank count as "also aimed at". */
const SAME_PLACE_PX = 2;

/**
 * What a click picks, as MapStore2 and QWC2 identify but narrowed for a water network: of the
 * features found within the tolerance, only the best geometry rank (a pipe over the zone
 * beneath it), each once, nearest first and topmost layer first. One left: it is the pick;
 * several (two pipes meeting, a valve on a hydrant): the user chooses among them.
 */
export function orderHits<T extends Candidate>(candidates: readonly T[], limit = 8): T[] {
  const unique = new Map<string, T>();
  for (const candidate of candidates) {
    const key = `${candidate.layerId}/${candidate.featureId}`;
    const known = unique.get(key);
    if (!known || candidate.distance < known.distance) unique.set(key, candidate);
  }
  const all = [...unique.values()];
  if (all.length === 0) return [];
  const best = Math.min(...all.map((candidate) => geometryRank(candidate.geometryType)));
  const sameRank = all
    .filter((candidate) => geometryRank(candidate.geometryType) === best)
    .sort((a, b) => a.distance - b.distance || b.zIndex - a.zIndex);
  const nearest = sameRank[0]?.distance ?? 0;
  const near = sameRank.filter((candidate) => candidate.distance <= nearest + SAME_PLACE_PX);
  if (best === 0) return near.slice(0, limit);
  // Lines and areas of several layers at one place are one drawn over the other (a pipe laid
  // along the street under it): the upper layer is the one aimed at; the lower one is reached
  // by hiding the upper. Stacked points (a valve on a hydrant) are all offered.
  const top = Math.max(...near.map((candidate) => candidate.zIndex));
  return near.filter((candidate) => candidate.zIndex === top).slice(0, limit);
}
