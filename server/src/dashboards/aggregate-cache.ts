import type { components } from '@generated/openapi-types.ts';
import { BuildCache, layerVersionKey, perDatabase } from '../cache/build-cache.ts';

type Aggregation = components['schemas']['Aggregation'];

/** Whole-layer answers kept per database; each is small (a few dozen groups at most). */
export const AGGREGATE_CACHE_ENTRIES = 2000;

/**
 * Whole-layer aggregations by layer version, least recently used dropped first, as the tile
 * cache keeps tiles: a feature change bumps the layer's version, so a changed layer is asked
 * for under new keys and its old answers age out. Concurrent askers of one key share one query.
 */
export class AggregateCache extends BuildCache<Aggregation> {
  constructor(cap: number = AGGREGATE_CACHE_ENTRIES) {
    super(cap, () => 1);
  }

  get size(): number {
    return this.count;
  }
}

/** One cache per database, so separate databases (tests, instances) never share answers. */
export const aggregateCacheFor = perDatabase(() => new AggregateCache());

/** The key of one question about one version of a layer. */
export function aggregateKey(
  layer: { id: number; version: number | string; created_at: unknown },
  question: unknown,
): string {
  return `${layerVersionKey(layer)}:${JSON.stringify(question)}`;
}
