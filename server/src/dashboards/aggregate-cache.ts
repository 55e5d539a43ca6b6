import type { components } from '@generated/openapi-types.ts';

type Aggregation = components['schemas']['Aggregation'];

/** Whole-layer answers kept per database; each is small (a few dozen groups at most). */
export const AGGREGATE_CACHE_ENTRIES = 2000;

/**
 * Whole-layer aggregations by layer version, least recently used dropped first, as the tile
 * cache keeps tiles: a feature change bumps the layer's version, so a changed layer is asked
 * for under new keys and its old answers age out. Concurrent askers of one key share one query.
 */
export class AggregateCache {
  private readonly answers = new Map<string, Aggregation>();
  private readonly building = new Map<string, Promise<Aggregation>>();

  constructor(private readonly cap: number = AGGREGATE_CACHE_ENTRIES) {}

  get size(): number {
    return this.answers.size;
  }

  async get(key: string, build: () => Promise<Aggregation>): Promise<Aggregation> {
    const held = this.answers.get(key);
    if (held) {
      this.answers.delete(key);
      this.answers.set(key, held);
      return held;
    }
    const pending = this.building.get(key);
    if (pending) return pending;
    const made = build().finally(() => this.building.delete(key));
    this.building.set(key, made);
    const answer = await made;
    this.answers.set(key, answer);
    for (const oldest of this.answers.keys()) {
      if (this.answers.size <= this.cap) break;
      this.answers.delete(oldest);
    }
    return answer;
  }
}

const caches = new WeakMap<object, AggregateCache>();

/** One cache per database, so separate databases (tests, instances) never share answers. */
export function aggregateCacheFor(db: object): AggregateCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new AggregateCache();
    caches.set(db, cache);
  }
  return cache;
}

/** The key of one question about one version of a layer (created_at tells apart reused ids). */
export function aggregateKey(
  layer: { id: number; version: number | string; created_at: unknown },
  question: unknown,
): string {
  const created = layer.created_at instanceof Date ? layer.created_at.getTime() : String(layer.created_at);
  return `${layer.id}:${String(layer.version)}:${created}:${JSON.stringify(question)}`;
}
