import { BuildCache, layerVersionKey, perDatabase } from '../cache/build-cache.ts';

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
export class TileCache extends BuildCache<Tile> {
  constructor(capBytes: number = TILE_CACHE_BYTES, entryMinBytes: number = TILE_ENTRY_MIN_BYTES) {
    super(capBytes, (tile) => Math.max(tile?.byteLength ?? 0, entryMinBytes, 1));
  }

  get size(): { tiles: number; bytes: number } {
    return { tiles: this.count, bytes: this.total };
  }
}

/** One cache per database, so separate databases (tests, instances) never see each other's tiles. */
export const tileCacheFor = perDatabase(() => new TileCache());

/** The key of one tile of one version of a layer. */
export function tileKey(
  layer: { id: number; version: number | string; created_at: unknown },
  z: number,
  x: number,
  y: number,
): string {
  return `${layerVersionKey(layer)}:${z}/${x}/${y}`;
}
