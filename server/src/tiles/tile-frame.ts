/** A vector tile's frame: its pixel grid, the buffer around it and what one tile holds at most. */
export const EXTENT = 4096;
export const BUFFER = 64;
/** Features per tile read at most; the encoder thins further if a tile is still too big. */
export const MAX_FEATURES = 20_000;

export interface TileRow {
  id: number;
  properties: Record<string, unknown>;
  /** GeoJSON of the geometry in tile pixels (y down), clipped to the buffered tile. */
  pixels: { type: string; coordinates: unknown };
}
