/**
 * Values by key, least recently used dropped first once what they cost passes the cap. Askers
 * of a key being built wait for that build instead of starting their own (a map opening asks
 * for the same things at once).
 */
export class BuildCache<V> {
  private readonly values = new Map<string, V>();
  private readonly building = new Map<string, Promise<V>>();
  private spent = 0;

  constructor(
    private readonly cap: number,
    private readonly cost: (value: V) => number,
  ) {}

  /** How many values are kept. */
  protected get count(): number {
    return this.values.size;
  }

  /** What the kept values cost together. */
  protected get total(): number {
    return this.spent;
  }

  async get(key: string, build: () => Promise<V>): Promise<V> {
    if (this.values.has(key)) {
      const value = this.values.get(key) as V;
      // Re-inserted so the Map's order is the order of last use.
      this.values.delete(key);
      this.values.set(key, value);
      return value;
    }
    const pending = this.building.get(key);
    if (pending) return pending;
    const made = build().finally(() => this.building.delete(key));
    this.building.set(key, made);
    const value = await made;
    this.put(key, value);
    return value;
  }

  private put(key: string, value: V): void {
    const size = this.cost(value);
    if (size > this.cap) return;
    this.values.set(key, value);
    this.spent += size;
    for (const [oldest, old] of this.values) {
      if (this.spent <= this.cap) break;
      this.values.delete(oldest);
      this.spent -= this.cost(old);
    }
  }
}

/** One of a kind per database, so separate databases (tests, instances) never share what they keep. */
export function perDatabase<C>(make: () => C): (db: object) => C {
  const made = new WeakMap<object, C>();
  return (db) => {
    let kept = made.get(db);
    if (!kept) {
      kept = make();
      made.set(db, kept);
    }
    return kept;
  };
}

/** The key of one version of a layer (created_at tells apart layers that reuse an id). */
export function layerVersionKey(layer: {
  id: number;
  version: number | string;
  created_at: unknown;
}): string {
  const created = layer.created_at instanceof Date ? layer.created_at.getTime() : String(layer.created_at);
  return `${layer.id}:${String(layer.version)}:${created}`;
}
