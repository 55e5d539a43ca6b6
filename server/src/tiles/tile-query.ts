import type { Queryable } from '../db/database.ts';
import { featuresSource } from '../features/as-of.ts';
import type { LayerVersion } from '../features/point-index.ts';
import { BUFFER, EXTENT, MAX_FEATURES, thinningCell, type TileRow } from './tile-frame.ts';
import { indexedThinnedTileRows, indexedTileRows } from './tile-points.ts';

const TILE_CTE = `tile AS (
  SELECT env, ST_XMin(env) AS x0, ST_YMax(env) AS y0, ${EXTENT} / (ST_XMax(env) - ST_XMin(env)) AS scale,
    (ST_XMax(env) - ST_XMin(env)) * ${BUFFER} / ${EXTENT} AS margin
  FROM (SELECT ST_TileEnvelope($2, $3, $4) AS env) e)`;

/** Web mercator's sphere: a mercator metre over it is a radian of longitude. */
const RADIUS = 6378137;

/** Longitude and latitude of web mercator metres, by the inverse formulas (no wrap at 180°). */
const lonOf = (x: string) => `degrees((${x}) / ${RADIUS})`;
const latOf = (y: string) => `degrees(2 * atan(exp((${y}) / ${RADIUS})) - pi() / 2)`;

/**
 * The rows under the tile and `margin` around it, picked by the spatial index on `geom`: web
 * mercator maps longitude and latitude each on its own axis, one way up, so the tile's box taken
 * back to longitude and latitude is a box again and holds a geometry's own box exactly when the
 * mercator box does. No index of transformed geometries is needed, which an import would have
 * to fill point by point. The box is worked out here rather than by ST_Transform, which wraps a
 * buffer reaching past 180° round to -180° and would turn an edge tile's box inside out.
 */
const underTile = (margin: string) =>
  `ft.geom && ST_MakeEnvelope(${lonOf(`ST_XMin(t.env) - ${margin}`)}, ${latOf(`ST_YMin(t.env) - ${margin}`)},
    ${lonOf(`ST_XMax(t.env) + ${margin}`)}, ${latOf(`ST_YMax(t.env) + ${margin}`)}, 4326)`;

// MATERIALIZED: inlined, the clipped geometry was worked out three times per feature (twice in
// the filter below, once for the output).
const TILE_SQL = `WITH ${TILE_CTE},
  picked AS MATERIALIZED (
    SELECT ft.id, ft.properties,
      ST_SnapToGrid(ST_Simplify(ST_ClipByBox2D(
        ST_Affine(ST_ForcePolygonCW(ST_Transform(ft.geom, 3857)),
          t.scale, 0, 0, -t.scale, -t.x0 * t.scale, t.y0 * t.scale),
        ST_MakeEnvelope(-${BUFFER}, -${BUFFER}, ${EXTENT + BUFFER}, ${EXTENT + BUFFER})), 0.5), 1) AS g
    FROM features ft, tile t
    WHERE ft.layer_id = $1 AND ${underTile('t.margin')}
  )
  SELECT id, properties, ST_AsGeoJSON(g, 0)::jsonb AS pixels FROM picked
  WHERE g IS NOT NULL AND NOT ST_IsEmpty(g) ORDER BY id LIMIT ${MAX_FEATURES}`;

/**
 * A point's tile pixel from its longitude and latitude by the web mercator formulas (what
 * ST_Transform to 3857 and ST_Affine would give): ST_Transform costs about 0.3 ms a point in
 * the embedded database, most of a z12 tile's time. $2, $3, $4 are z, x, y.
 */
const POINT_PIXELS = `round(((ST_X(ft.geom) + 180) / 360 * 2 ^ $2::int - $3::int) * ${EXTENT}) AS px,
  round(((1 - ln(tan(radians(ST_Y(ft.geom))) + 1 / cos(radians(ST_Y(ft.geom)))) / pi()) / 2 * 2 ^ $2::int - $4::int)
    * ${EXTENT}) AS py`;

/**
 * Unthinned points: a point needs no clipping or simplifying, and its pixel position is one
 * affine map of the indexed web mercator point. A tile holds the points whose pixel lies within
 * its buffer (as the grid's and the point index's tiles: tile-points.ts); the spatial index
 * picks those within one pixel more, so none that rounds inside is missed.
 */
const POINTS_SQL = `WITH ${TILE_CTE}
  SELECT * FROM (
    SELECT ft.id, ft.properties, ${POINT_PIXELS}
    FROM features ft, tile t
    WHERE ft.layer_id = $1 AND ${underTile(`t.margin * ${BUFFER + 1} / ${BUFFER}`)}
  ) p
  WHERE px BETWEEN -${BUFFER} AND ${EXTENT + BUFFER} AND py BETWEEN -${BUFFER} AND ${EXTENT + BUFFER}
  ORDER BY id LIMIT ${MAX_FEATURES}`;

/**
 * Thinned points: the grid cell is worked out from longitude and latitude alone (cells are
 * counted from the world's corner, as in the grid), and only the one point kept per cell has
 * its attributes read. At low zoom a tile covers most of a large layer, so per-row work is
 * what its time is made of. A point inside the buffered envelope needs no clipping.
 */
function thinnedPointsSql(cell: number): string {
  return `WITH ${TILE_CTE},
  candidates AS (
    SELECT ft.id, ST_X(ft.geom) AS lon, radians(ST_Y(ft.geom)) AS lat
    FROM features ft, tile t
    WHERE ft.layer_id = $1 AND ${underTile('t.margin')}
  ),
  thinned AS (
    SELECT DISTINCT ON (cx, cy) id FROM (
      SELECT id, floor((lon + 180) / 360 * 2 ^ $2::int * ${EXTENT / cell}) AS cx,
        floor((1 - ln(tan(lat) + 1 / cos(lat)) / pi()) / 2 * 2 ^ $2::int * ${EXTENT / cell}) AS cy
      FROM candidates) cells
    ORDER BY cx, cy, id
  )
  SELECT th.id, ft.properties, ${POINT_PIXELS}
  FROM thinned th JOIN features ft ON ft.id = th.id
  ORDER BY th.id LIMIT ${MAX_FEATURES}`;
}

/**
 * Thinned points from the grid (feature-grid.ts): its cells under the tile give the kept ids,
 * the features give their current geometry and attributes. A feature deleted since the grid
 * was built has no row to join, and one moved out of the tile is left out.
 */
const GRID_POINTS_SQL = `WITH kept AS (
    SELECT g.feature_id FROM feature_grid g
    WHERE g.layer_id = $1 AND g.version = $5 AND g.z = $2
      AND g.cx BETWEEN $6 AND $7 AND g.cy BETWEEN $8 AND $9
  )
  SELECT * FROM (
    SELECT ft.id, ft.properties, ${POINT_PIXELS}
    FROM kept JOIN features ft ON ft.id = kept.feature_id
    WHERE ft.layer_id = $1
  ) p
  WHERE px BETWEEN -${BUFFER} AND ${EXTENT + BUFFER} AND py BETWEEN -${BUFFER} AND ${EXTENT + BUFFER}
  ORDER BY id LIMIT ${MAX_FEATURES}`;

async function pointRows(db: Queryable, sql: string, params: unknown[]): Promise<TileRow[]> {
  const rows = await db.query<{ id: number; properties: TileRow['properties']; px: number; py: number }>(
    sql,
    params,
  );
  return rows.map(({ id, properties, px, py }) => ({
    id,
    properties,
    pixels: { type: 'Point', coordinates: [Number(px), Number(py)] },
  }));
}

/**
 * One tile's features in tile pixel coordinates, in one SQL: the spatial index on `geom` picks the
 * rows (underTile), ST_Affine maps web mercator to the 4096-pixel grid (y down); polygons are
 * made clockwise first (shoelace area negative) so that, flipped, their outer rings wind the
 * way MVT wants. Geometries are clipped to the buffered tile, simplified to
 * half a pixel and snapped to whole pixels. With `grid` (a built grid version and the tile's
 * cells), thinned points come from the grid instead of every point under the tile. Points of a
 * big layer come from its point index in memory where it has one of this version (tile-points.ts).
 */
export async function tileRows(
  db: Queryable,
  layer: LayerVersion,
  z: number,
  x: number,
  y: number,
  grid?: { version: string; cells: { cx0: number; cx1: number; cy0: number; cy1: number } },
  /** The layer as it was at this moment (no grid then: the grid is of the current points). */
  asOf?: Date,
): Promise<TileRow[]> {
  if (asOf) return pastTileRows(db, layer, z, x, y, asOf);
  if (grid) {
    const { cx0, cx1, cy0, cy1 } = grid.cells;
    return pointRows(db, GRID_POINTS_SQL, [layer.id, z, x, y, grid.version, cx0, cx1, cy0, cy1]);
  }
  if (layer.geometry_type !== 'Point') return db.query<TileRow>(TILE_SQL, [layer.id, z, x, y]);
  const cell = thinningCell(z, layer.geometry_type);
  const indexed =
    cell === 0 ? await indexedTileRows(db, layer, z, x, y) : indexedThinnedTileRows(db, layer, z, x, y);
  if (indexed) return indexed;
  return pointRows(db, cell > 0 ? thinnedPointsSql(cell) : POINTS_SQL, [layer.id, z, x, y]);
}

/**
 * A tile of the layer as it was: the same statements over the rebuilt rows (featuresSource,
 * `$5` the moment). Past geometries have no spatial index, so such a tile reads the whole
 * layer's rows; it is cached per moment (the past does not change), see the tile route.
 */
function pastTileRows(
  db: Queryable,
  layer: { id: number; geometry_type: string | null },
  z: number,
  x: number,
  y: number,
  asOf: Date,
): Promise<TileRow[]> {
  const past = (sql: string) => sql.replace(/\bfeatures ft\b/g, `${featuresSource(asOf, '$1', '$5')} ft`);
  const params = [layer.id, z, x, y, asOf.toISOString()];
  if (layer.geometry_type !== 'Point') return db.query<TileRow>(past(TILE_SQL), params);
  const cell = thinningCell(z, layer.geometry_type);
  return pointRows(db, past(cell > 0 ? thinnedPointsSql(cell) : POINTS_SQL), params);
}
