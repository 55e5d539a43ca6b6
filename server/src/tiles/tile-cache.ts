/** Bytes of encoded tiles kept per database; at ~20 KB a tile that is a few thousand tiles. */
export const TILE_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * What one cached tile costs at least, whatever its bytes: its key, the Map entry and, for an
 * empty tile, nothing else. Counting empty tiles as 0 let the cache grow by one entry for
 * every empty tile ever asked for (the whole ocean at zoom 14), with no bound.
 */
export const TILE_ENTRY_MIN_BYTES = 512;

/** `undefined` is an empty tile (answered 204), cached like any other. */
type Tile = Buffer | undefined;

/**
 * Encoded tiles by layer version, least recently used dropped first once the bytes pass the
 * cap. A feature change bumps the layer's version, so a changed layer is simply asked for
 * under new keys and its old tiles age out. Requests for a tile being built wait for that
 * build instead of starting their own (a map opening asks for the same low-zoom tiles at once).
 */
export class TileCache {
  private readonly tiles = new Map<string, Tile>();
  private readonly building = new Map<string, Promise<Tile>>();
  private bytes = 0;

  constructor(
    private readonly capBytes: number = TILE_CACHE_BYTES,
    private readonly entryMinBytes: number = TILE_ENTRY_MIN_BYTES,
  ) {}

  private cost(tile: Tile): number {
    return Math.max(tile?.byteLength ?? 0, this.entryMinBytes, 1);
  }

  get size(): { tiles: number; bytes: number } {
    return { tiles: this.tiles.size, bytes: this.bytes };
  }

  async get(key: string, build: () => Promise<Tile>): Promise<Tile> {
    if (this.tiles.has(key)) {
      const tile = this.tiles.get(key);
      // Re-inserted so the Map's order is the order of last use.
      this.tiles.delete(key);
      this.tiles.set(key, tile);
      return tile;
    }
    const pending = this.building.get(key);
    if (pending) return pending;
    const made = build().finally(() => this.building.delete(key));
    this.building.set(key, made);
    const tile = await made;
    this.put(key, tile);
    return tile;
  }

  private put(key: string, tile: Tile): void {
    const size = this.cost(tile);
    if (size > this.capBytes) return;
    this.tiles.set(key, tile);
    this.bytes += size;
    for (const [oldest, old] of this.tiles) {
      if (this.bytes <= this.capBytes) break;
      this.tiles.delete(oldest);
      this.bytes -= this.cost(old);
    }
  }
}

const caches = new WeakMap<object, TileCache>();

/** One cache per database, so separate databases (tests, instances) never see each other's tiles. */
export function tileCacheFor(db: object): TileCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new TileCache();
    caches.set(db, cache);
  }
  return cache;
}

/** The key of one tile of one version of a layer (created_at tells apart layers that reuse an id). */
export function tileKey(
  layer: { id: number; version: number | string; created_at: unknown },
  z: number,
  x: number,
  y: number,
): string {
  const created = layer.created_at instanceof Date ? layer.created_at.getTime() : String(layer.created_at);
  return `${layer.id}:${String(layer.version)}:${created}:${z}/${x}/${y}`;
}
