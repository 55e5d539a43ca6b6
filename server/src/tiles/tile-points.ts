import type { Queryable } from '../db/database.ts';
import { pointIndexes, sameVersionSql, type LayerVersion } from '../features/point-index.ts';
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
 * attributes read from the feature text the index keeps for its version, so no statement is
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
    // The point's feature as the database wrote it for this version: its properties are the
    // tile's attributes (properties only null in the schema carry none, as in a stored row).
    return picks.map((index) => ({
      id: grid.ids[index] as number,
      properties: (JSON.parse(features.texts[index] ?? '{}') as { properties: TileRow['properties'] })
        .properties,
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
