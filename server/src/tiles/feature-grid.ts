import type { Database, Queryable } from '../db/database.ts';
import { keepsMaps } from '../maps/map-cache.ts';
import { EXTENT, thinningCell } from './tile-frame.ts';

/**
 * Point layers at least this big read their low-zoom tiles from the grid. Below it, thinning
 * every point under a tile at request time takes tens of milliseconds and is always current.
 */
export const GRID_MIN_FEATURES = 10_000;
/**
 * The finest zoom the grid holds; above it a tile covers few enough points to thin at request
 * time. z10–z11 tiles thinned at request time took ~0.9 s (p95, 1M points, under load): a tile
 * there still covers up to a hundred thousand points.
 */
export const GRID_MAX_Z = 11;

interface GridLayer {
  id: number;
  geometry_type: string | null;
  features_count: number | string;
}

export function usesGrid(layer: GridLayer, z: number): boolean {
  return (
    layer.geometry_type === 'Point' && z <= GRID_MAX_Z && Number(layer.features_count) >= GRID_MIN_FEATURES
  );
}

/** Grid cells across the world at zoom z. */
export function cellsAcross(z: number): number {
  return (2 ** z * EXTENT) / thinningCell(z, 'Point');
}

/** Web mercator stops at 85.05°; a point beyond it is drawn on its edge. */
const MERCATOR_MAX_LAT = 85.0511287798;

/**
 * A point's cell at the finest level (GRID_MAX_Z) by the same formulas, in the same order, as
 * the build's SQL (FINEST_CELLS below), so a grid kept elsewhere (tile-points.ts) keeps the same
 * points. A coarser level's cell is this one divided by two per level, rounded down.
 */
export function finestCell(lon: number, lat: number): [number, number] {
  const across = cellsAcross(GRID_MAX_Z);
  const radians = Math.min(Math.max(lat, -MERCATOR_MAX_LAT), MERCATOR_MAX_LAT) * (Math.PI / 180);
  return [
    Math.floor(((lon + 180) / 360) * across),
    Math.floor(((1 - Math.log(Math.tan(radians) + 1 / Math.cos(radians)) / Math.PI) / 2) * across),
  ];
}

/**
 * The finest level's cell of each point of `source` (a relation of id and geom), with `$4` the cells across the
 * world: the web mercator formulas on longitude and latitude are the projection ST_Transform
 * would make, without its cost per point.
 */
const finestCells = (source: string) => `
  SELECT id, floor((lon + 180) / 360 * $4::float8)::int AS cx,
    floor((1 - ln(tan(lat) + 1 / cos(lat)) / pi()) / 2 * $4::float8)::int AS cy
  FROM (
    SELECT id, ST_X(geom) AS lon,
      radians(least(greatest(ST_Y(geom), -${MERCATOR_MAX_LAT}), ${MERCATOR_MAX_LAT})) AS lat
    FROM ${source} WHERE ST_GeometryType(geom) = 'ST_Point'
  ) f`;

/** The cells a tile shows: its own and those of the 64-pixel buffer around it. */
export function tileCells(z: number, x: number, y: number) {
  const cell = thinningCell(z, 'Point');
  const perTile = EXTENT / cell;
  const buffer = Math.ceil(64 / cell);
  return {
    cx0: x * perTile - buffer,
    cx1: (x + 1) * perTile - 1 + buffer,
    cy0: y * perTile - buffer,
    cy1: (y + 1) * perTile - 1 + buffer,
  };
}

/** The newest complete grid of a layer (a string: versions are bigint), if it has one. */
export async function builtGridVersion(db: Queryable, layerId: number): Promise<string | undefined> {
  const [row] = await db.query<{ version: string | null }>(
    'SELECT max(version)::text AS version FROM feature_grid_builds WHERE layer_id = $1',
    [layerId],
  );
  return row?.version ?? undefined;
}

/**
 * Builds the grid of the layer's current version and returns that version. The finest level
 * is the only read of the features (grouped by cell); each coarser level groups the level below
 * it, whose cells nest in its own. The lowest id and the count are carried up, so every level
 * keeps the same feature request-time thinning would. The previous grid is kept (a tile may be
 * reading it) and older ones are deleted.
 *
 * On PostgreSQL the grid is one REPEATABLE READ transaction, so it matches the version it is
 * labelled with whatever is edited meanwhile, and other connections go on reading. The
 * embedded database has one connection: a build there of a million points in one transaction
 * held every other request for more than 15 s, so it goes in steps (buildGridInSteps).
 */
export async function buildGrid(db: Database, layerId: number): Promise<string | undefined> {
  if (keepsMaps(db)) return buildGridInSteps(db, layerId);
  return db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    const version = await currentVersion(tx, layerId);
    if (version === undefined) return undefined;
    if (await isBuilt(tx, layerId, version)) return version;
    await tx.query(
      `INSERT INTO feature_grid (layer_id, version, z, cx, cy, feature_id, n)
       SELECT $1::int, $2::bigint, $3::int, cx, cy, min(id), count(*)::int
       FROM (${finestCells('(SELECT id, geom FROM features WHERE layer_id = $1) layer_points')}) c
       GROUP BY cx, cy`,
      [layerId, version, GRID_MAX_Z, cellsAcross(GRID_MAX_Z)],
    );
    for (let z = GRID_MAX_Z - 1; z >= 0; z -= 1) {
      await tx.query(
        `INSERT INTO feature_grid (layer_id, version, z, cx, cy, feature_id, n)
         SELECT $1::int, $2::bigint, $3::int, floor(cx / $4::float8)::int, floor(cy / $4::float8)::int, min(feature_id), sum(n)::int
         FROM feature_grid WHERE layer_id = $1 AND version = $2 AND z = $3::int + 1
         GROUP BY 4, 5`,
        [layerId, version, z, cellsAcross(z + 1) / cellsAcross(z)],
      );
    }
    await markBuilt(tx, layerId, version, (condition, params) =>
      tx.query(`DELETE FROM feature_grid WHERE layer_id = $1 AND ${condition}`, params),
    );
    return version;
  });
}

/** Rows read or written per statement by a build in steps. */
const STEP = 20_000;

const upsertCells = `ON CONFLICT (layer_id, version, z, cx, cy) DO UPDATE
  SET feature_id = least(feature_grid.feature_id, excluded.feature_id), n = feature_grid.n + excluded.n`;

/**
 * The grid built in statements of STEP rows, so other requests are answered between them: the
 * features 20,000 ids at a time, each step adding its cells to those of the steps before (the
 * lowest id and the sum of the counts); then each coarser level from the one below, 20,000 of
 * its cells at a time. Every step over the features also reads the layer's version: if it moved
 * (an edit landed during the build), the rows of this build are dropped and undefined returned,
 * and the next low-zoom tile starts another. The grid is labelled complete only at the end.
 * Only one server writes the embedded database, so no other build of the same version runs.
 */
async function buildGridInSteps(db: Database, layerId: number): Promise<string | undefined> {
  const version = await currentVersion(db, layerId);
  if (version === undefined) return undefined;
  if (await isBuilt(db, layerId, version)) return version;
  // Rows a build left when the server stopped half way: no build is labelled with them.
  await deleteInSteps(db, 'version = $2', [layerId, version]);
  const holds = 'EXISTS (SELECT 1 FROM layers l WHERE l.id = $1 AND l.version = $2::bigint)';
  for (let after = 0; ;) {
    const [step] = await db.query<{ last: number | null; holds: boolean }>(
      `WITH picked AS MATERIALIZED (
         SELECT id, geom FROM features WHERE layer_id = $1 AND id > $5 AND ${holds} ORDER BY id LIMIT ${STEP}
       ), added AS (
         INSERT INTO feature_grid (layer_id, version, z, cx, cy, feature_id, n)
         SELECT $1::int, $2::bigint, $3::int, cx, cy, min(id), count(*)::int
         FROM (${finestCells('picked')}) c
         GROUP BY cx, cy
         ${upsertCells}
       )
       SELECT (SELECT max(id) FROM picked) AS last, ${holds} AS holds`,
      [layerId, version, GRID_MAX_Z, cellsAcross(GRID_MAX_Z), after],
    );
    if (!step?.holds) {
      await deleteInSteps(db, 'version = $2', [layerId, version]);
      return undefined;
    }
    if (step.last === null) break;
    after = Number(step.last);
  }
  for (let z = GRID_MAX_Z - 1; z >= 0; z -= 1) {
    for (let after = [-(2 ** 31), -(2 ** 31)]; ;) {
      const [last] = await db.query<{ cx: number; cy: number }>(
        `WITH picked AS MATERIALIZED (
           SELECT cx, cy, feature_id, n FROM feature_grid
           WHERE layer_id = $1 AND version = $2 AND z = $3::int + 1 AND (cx, cy) > ($5::int, $6::int)
           ORDER BY cx, cy LIMIT ${STEP}
         ), added AS (
           INSERT INTO feature_grid (layer_id, version, z, cx, cy, feature_id, n)
           SELECT $1::int, $2::bigint, $3::int, floor(cx / $4::float8)::int, floor(cy / $4::float8)::int,
             min(feature_id), sum(n)::int
           FROM picked GROUP BY 4, 5
           ${upsertCells}
         )
         SELECT cx, cy FROM picked ORDER BY cx DESC, cy DESC LIMIT 1`,
        [layerId, version, z, cellsAcross(z + 1) / cellsAcross(z), ...after],
      );
      if (!last) break;
      after = [last.cx, last.cy];
    }
  }
  await markBuilt(db, layerId, version, (condition, params) => deleteInSteps(db, condition, params));
  return version;
}

async function currentVersion(db: Queryable, layerId: number): Promise<string | undefined> {
  const [layer] = await db.query<{ version: string }>(
    'SELECT version::text AS version FROM layers WHERE id = $1',
    [layerId],
  );
  return layer?.version;
}

async function isBuilt(db: Queryable, layerId: number, version: string): Promise<boolean> {
  const [done] = await db.query('SELECT 1 FROM feature_grid_builds WHERE layer_id = $1 AND version = $2', [
    layerId,
    version,
  ]);
  return done !== undefined;
}

/**
 * Labels the grid of `version` complete, then deletes the grids older than the one before it
 * (`drop` runs the delete: in one statement, or in steps).
 */
async function markBuilt(
  db: Queryable,
  layerId: number,
  version: string,
  drop: (condition: string, params: unknown[]) => Promise<unknown>,
): Promise<void> {
  await db.query('INSERT INTO feature_grid_builds (layer_id, version) VALUES ($1, $2)', [layerId, version]);
  const [previous] = await db.query<{ version: string }>(
    `SELECT version::text AS version FROM feature_grid_builds WHERE layer_id = $1 AND version < $2
     ORDER BY version DESC LIMIT 1`,
    [layerId, version],
  );
  if (!previous) return;
  await drop('version < $2', [layerId, previous.version]);
  await db.query('DELETE FROM feature_grid_builds WHERE layer_id = $1 AND version < $2', [
    layerId,
    previous.version,
  ]);
}

/** Deletes a layer's grid rows matching `condition` ($1 the layer, $2 a version), STEP rows a statement. */
async function deleteInSteps(db: Queryable, condition: string, params: unknown[]): Promise<void> {
  for (;;) {
    const [done] = await db.query<{ n: number }>(
      `WITH gone AS (
         DELETE FROM feature_grid WHERE (layer_id, version, z, cx, cy) IN (
           SELECT layer_id, version, z, cx, cy FROM feature_grid WHERE layer_id = $1 AND ${condition} LIMIT ${STEP})
         RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      params,
    );
    if ((done?.n ?? 0) < STEP) return;
  }
}
