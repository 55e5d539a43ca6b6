import type { Queryable } from '../db/database.ts';
import type { PointGrid } from '../features/point-grid.ts';
import { pointIndexes, sameVersionSql, type LayerVersion } from '../features/point-index.ts';
import { GRID_MAX_Z, cellsAcross, finestCell, tileCells, usesGrid } from './feature-grid.ts';
import { BUFFER, EXTENT, MAX_FEATURES, type TileRow } from './tile-frame.ts';

/**
 * PostgreSQL's `round` of a double: to the nearest integer, halves to the even one (`rint`),
 * where JavaScript's Math.round takes halves up.
 */
export function pgRound(value: number): number {
  const floor = Math.floor(value);
  const rest = value - floor;
  if (rest < 0.5) return floor;
  if (rest > 0.5) return floor + 1;
  return floor % 2 === 0 ? floor : floor + 1;
}

/** A point's pixel in tile z/x/y, by the same formulas, in the same order, as the tile SQL. */
export function pointPixel(lon: number, lat: number, z: number, x: number, y: number): [number, number] {
  const n = 2 ** z;
  const radians = lat * (Math.PI / 180);
  return [
    pgRound((((lon + 180) / 360) * n - x) * EXTENT),
    pgRound((((1 - Math.log(Math.tan(radians) + 1 / Math.cos(radians)) / Math.PI) / 2) * n - y) * EXTENT),
  ];
}

/** Longitude and latitude of a tile's corner, fractional tiles allowed (z/x/y web mercator). */
function corner(z: number, tx: number, ty: number): [number, number] {
  const n = 2 ** z;
  return [(tx / n) * 360 - 180, (Math.atan(Math.sinh(Math.PI * (1 - (2 * ty) / n))) * 180) / Math.PI];
}

/**
 * A tile of a big point layer from the layer's point index (features/point-index.ts): the
 * points under the buffered tile are picked in memory, their pixels worked out here and their
 * attributes read from the stored properties the index keeps for its version, so no statement is
 * sent. Undefined (the caller asks the database) when the layer has no index of its version
 * or the tile holds more than a tile may.
 */
export async function indexedTileRows(
  db: Queryable,
  layer: LayerVersion,
  z: number,
  x: number,
  y: number,
): Promise<TileRow[] | undefined> {
  const grid = pointIndexes(db)?.get(layer);
  if (!grid) return undefined;
  // The buffered tile with two pixels to spare: the exact test is on each point's rounded pixel.
  const pad = (BUFFER + 2) / EXTENT;
  const [west, north] = corner(z, x - pad, y - pad);
  const [east, south] = corner(z, x + 1 + pad, y + 1 + pad);
  const found = grid.search(west, Math.max(south, -90), east, Math.min(north, 90), MAX_FEATURES * 4);
  if (!found) return undefined;
  const ids: number[] = [];
  const picks: number[] = [];
  const pixels = new Map<number, [number, number]>();
  for (const index of found) {
    const pixel = pointPixel(grid.xs[index] as number, grid.ys[index] as number, z, x, y);
    const [px, py] = pixel;
    if (px < -BUFFER || px > EXTENT + BUFFER || py < -BUFFER || py > EXTENT + BUFFER) continue;
    const id = grid.ids[index] as number;
    ids.push(id);
    picks.push(index);
    pixels.set(id, pixel);
    if (ids.length === MAX_FEATURES) break;
  }
  if (ids.length === 0) return [];
  const { features } = grid;
  if (features) {
    // The point's stored properties for this version are the tile's attributes.
    return picks.map((index) => ({
      id: grid.ids[index] as number,
      properties: JSON.parse(features.properties[index] ?? '{}') as TileRow['properties'],
      pixels: { type: 'Point', coordinates: pixels.get(grid.ids[index] as number) ?? [0, 0] },
    }));
  }
  const values: unknown[] = [layer.id, ids];
  const bind = (value: unknown) => `$${values.push(value)}`;
  const rows = await db.query<{ id: number; properties: TileRow['properties'] }>(
    `SELECT ft.id, ft.properties FROM features ft
     WHERE ft.layer_id = $1 AND ft.id = ANY($2::int[]) AND ${sameVersionSql(layer, bind)} ORDER BY ft.id`,
    values,
  );
  // Every id is there while the version holds; fewer rows means the layer changed meanwhile.
  if (rows.length !== ids.length) return undefined;
  return rows.map(({ id, properties }) => ({
    id,
    properties,
    pixels: { type: 'Point', coordinates: pixels.get(Number(id)) ?? [0, 0] },
  }));
}

/**
 * Points a low-zoom tile may look at in memory: about 10 ms of work. A tile over more of the
 * layer (the lowest zooms of a big one) reads the grid the database keeps (feature-grid.ts).
 */
const THINNED_MAX = 100_000;

/** A finest cell not worked out yet (cells are at least -1). */
const UNKNOWN = -(2 ** 31);

/**
 * Each point's cell at the grid's finest level, worked out the first time a low-zoom tile
 * meets the point and kept with its index version (4 bytes a point per axis): the logarithm and
 * tangent per point were most of a tile's thinning.
 */
const finestCells = new WeakMap<PointGrid, { xs: Int32Array; ys: Int32Array }>();

function finestCellsOf(grid: PointGrid): { xs: Int32Array; ys: Int32Array } {
  let cells = finestCells.get(grid);
  if (!cells) {
    cells = { xs: new Int32Array(grid.size).fill(UNKNOWN), ys: new Int32Array(grid.size).fill(UNKNOWN) };
    finestCells.set(grid, cells);
  }
  return cells;
}

/** Latitude of a web mercator tile row (fractional rows allowed) at zoom z. */
const rowLatitude = (z: number, ty: number) =>
  (Math.atan(Math.sinh(Math.PI * (1 - (2 * ty) / 2 ** z))) * 180) / Math.PI;

/**
 * The box over the grid cells of tile z/x/y (its own and the buffer's), with a little to spare:
 * each point found is then put in its cell exactly. Cells at the top and bottom edges of the
 * map also hold the points beyond 85.05°.
 */
function cellsBox(z: number, x: number, y: number): [number, number, number, number] {
  const { cx0, cx1, cy0, cy1 } = tileCells(z, x, y);
  const perTile = cellsAcross(z) / 2 ** z;
  const spare = 1e-7;
  const north = rowLatitude(z, cy0 / perTile);
  const south = rowLatitude(z, (cy1 + 1) / perTile);
  return [
    (cx0 / cellsAcross(z)) * 360 - 180 - spare,
    south <= -85 ? -90 : south - spare,
    ((cx1 + 1) / cellsAcross(z)) * 360 - 180 + spare,
    north >= 85 ? 90 : north + spare,
  ];
}

/** The layer's point index when it can thin tile z/x/y in memory (usesGrid zooms only). */
function thinningIndex(
  db: Queryable,
  layer: LayerVersion,
  z: number,
  x: number,
  y: number,
): PointGrid | undefined {
  if (!usesGrid(layer, z)) return undefined;
  const grid = pointIndexes(db)?.get(layer);
  if (!grid?.features || grid.touched(...cellsBox(z, x, y)) > THINNED_MAX) return undefined;
  return grid;
}

/**
 * Whether a low-zoom tile of a big point layer is thinned from its point index of the current
 * version (indexedThinnedTileRows) rather than read from the database's grid.
 */
export const thinsFromIndex = (
  db: Queryable,
  layer: LayerVersion,
  z: number,
  x: number,
  y: number,
): boolean => thinningIndex(db, layer, z, x, y) !== undefined;

/**
 * A low-zoom tile of a big point layer thinned in memory from its point index: the lowest id of
 * each grid cell under the buffered tile, as the grid the database builds keeps it (cells by
 * finestCell, coarser levels halved), then the points whose rounded pixel is in the buffer, in
 * id order, with their attributes from the stored properties the index keeps. So the same tile as
 * from the database's grid of the same version, without a statement.
 */
export function indexedThinnedTileRows(
  db: Queryable,
  layer: LayerVersion,
  z: number,
  x: number,
  y: number,
): TileRow[] | undefined {
  const grid = thinningIndex(db, layer, z, x, y);
  const found = grid?.search(...cellsBox(z, x, y), THINNED_MAX);
  if (!grid?.features || !found) return undefined;
  const { cx0, cx1, cy0, cy1 } = tileCells(z, x, y);
  const width = cx1 - cx0 + 1;
  const kept = new Int32Array(width * (cy1 - cy0 + 1)).fill(-1);
  const halvings = 2 ** (GRID_MAX_Z - z);
  const finest = finestCellsOf(grid);
  // Indexes ascend with ids, so the first point met in a cell is its lowest id.
  for (const index of found) {
    if (finest.xs[index] === UNKNOWN) {
      const [fx, fy] = finestCell(grid.xs[index] as number, grid.ys[index] as number);
      finest.xs[index] = fx;
      finest.ys[index] = fy;
    }
    const cx = Math.floor((finest.xs[index] as number) / halvings);
    const cy = Math.floor((finest.ys[index] as number) / halvings);
    if (cx < cx0 || cx > cx1 || cy < cy0 || cy > cy1) continue;
    const cell = (cy - cy0) * width + (cx - cx0);
    if (kept[cell] === -1) kept[cell] = index;
  }
  const picks = kept.filter((index) => index >= 0).sort();
  const rows: TileRow[] = [];
  for (const index of picks) {
    const [px, py] = pointPixel(grid.xs[index] as number, grid.ys[index] as number, z, x, y);
    if (px < -BUFFER || px > EXTENT + BUFFER || py < -BUFFER || py > EXTENT + BUFFER) continue;
    rows.push({
      id: grid.ids[index] as number,
      properties: JSON.parse(grid.features.properties[index] ?? '{}') as TileRow['properties'],
      pixels: { type: 'Point', coordinates: [px, py] },
    });
    if (rows.length === MAX_FEATURES) break;
  }
  return rows;
}
