import type { Database } from '../db/database.ts';
import { pointIndexes, type LayerVersion } from '../features/point-index.ts';
import { isUniqueViolation } from '../users/user-rules.ts';
import { buildGrid, builtGridVersion, usesGrid } from './feature-grid.ts';

/** Builds under way, per database and layer: one at a time per layer, however many tiles ask. */
const building = new WeakMap<object, Map<number, Promise<string | undefined>>>();

function startBuild(db: Database, layerId: number): Promise<string | undefined> {
  let builds = building.get(db);
  if (!builds) {
    builds = new Map();
    building.set(db, builds);
  }
  const pending = builds.get(layerId);
  if (pending) return pending;
  const forLayer = builds;
  const made = buildGrid(db, layerId)
    // Another server on the same PostgreSQL built this version first: its grid is as good.
    .catch(async (error: unknown) => {
      if (isUniqueViolation(error)) return builtGridVersion(db, layerId);
      throw error;
    })
    .finally(() => forLayer.delete(layerId));
  forLayer.set(layerId, made);
  return made;
}

/**
 * The grid version a low-zoom tile of a big point layer reads. A layer's first grid is
 * waited for (the tiles of a map opening all wait for the same build). After an edit the
 * previous grid keeps answering, without the features deleted since, while the current
 * version's grid is built in the background; a build that outlives several edits is followed
 * by one more, so builds never queue up. `undefined`: the layer is gone.
 */
export async function gridVersionFor(
  db: Database,
  layer: { id: number; version: number | string },
  onBackgroundError: (error: unknown) => void,
): Promise<string | undefined> {
  const built = await builtGridVersion(db, layer.id);
  if (built === String(layer.version)) return built;
  const build = startBuild(db, layer.id);
  if (built === undefined) return build;
  build.catch(onBackgroundError);
  return built;
}

/** The build under way for a layer, if any: lets a caller wait for the grid to catch up. */
export function gridBuildUnderWay(db: Database, layerId: number): Promise<string | undefined> | undefined {
  return building.get(db)?.get(layerId);
}

/**
 * After an import: starts building the low-zoom grid of a layer big enough to read it, and
 * reading its point index where one is kept (point-index.ts), so the first map opened on the
 * layer finds them ready instead of waiting for them. Not awaited by the import; a failure is
 * left to the first low-zoom tile, which builds again and reports it.
 */
export async function prepareGrid(db: Database, layerId: number): Promise<void> {
  const [layer] = await db.query<LayerVersion>(
    'SELECT id, geometry_type, features_count, version, created_at, properties FROM layers WHERE id = $1',
    [layerId],
  );
  if (!layer || !usesGrid(layer, 0)) return;
  startBuild(db, layerId).catch(() => undefined);
  pointIndexes(db)?.prepare(layer);
}
