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

/**
 * Point layers below z12 keep one point per 64-pixel grid cell (4 × 4 screen pixels of a
 * 256-pixel tile), so a low-zoom tile holds at most 4,096 points however many the layer has:
 * denser than that, symbols only cover each other, and a tile passes 500 KB. The cells of one
 * zoom nest in those of the zoom below, which the grid (feature-grid.ts) builds on.
 */
export function thinningCell(z: number, geometryType: string | null): number {
  return geometryType === 'Point' && z < 12 ? 64 : 0;
}
