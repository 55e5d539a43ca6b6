import type { Queryable } from '../db/database.ts';
import { FILE_COLUMNS, type FeatureFileRow } from '../feature-files/file-records.ts';
import { filesOf } from './feature-rows.ts';
import type { PointGrid } from './point-grid.ts';
import type { LayerVersion } from './point-index.ts';

/**
 * Files a layer may have for them to be kept in memory (a few MB at most); a layer with more has
 * each page's attachments read as before.
 */
const KEPT_FILES_MAX = 10_000;

interface KeptFiles {
  /** The layer's `files_version` these files are of (migration 140 moves it). */
  filesVersion: string;
  /** Files by feature id, in id order; undefined where the layer has more than KEPT_FILES_MAX. */
  byFeature: Map<number, FeatureFileRow[]> | undefined;
}

/**
 * The attachments of a point layer's features, kept beside the point index of the layer version
 * they were read for (so they go with it) and for the files version they were read at. The
 * filters panel reads the layer's row with the map in its first statement; where both versions
 * are still those, a page's attachments come from here with no statement.
 */
const kept = new WeakMap<PointGrid, KeptFiles>();

interface FilesRow extends Partial<FeatureFileRow> {
  layer_version: string;
  files_version: string;
}

/**
 * One statement: the layer's versions and its files (one more than the bound, to tell), all
 * as of the same moment, so what is kept belongs to the versions it is kept under.
 */
async function readLayerFiles(db: Queryable, layerId: number): Promise<FilesRow[]> {
  return db.query<FilesRow>(
    `SELECT l.version::text AS layer_version, l.files_version::text AS files_version, f.*
     FROM layers l LEFT JOIN LATERAL (
       SELECT ${FILE_COLUMNS} FROM feature_files ff JOIN features ft ON ft.id = ff.feature_id
       WHERE ft.layer_id = l.id ORDER BY ff.id LIMIT ${KEPT_FILES_MAX + 1}
     ) f ON TRUE
     WHERE l.id = $1`,
    [layerId],
  );
}

function byFeatureOf(rows: readonly FilesRow[]): Map<number, FeatureFileRow[]> | undefined {
  const files = rows.filter((row) => row.id !== null && row.id !== undefined) as unknown as FeatureFileRow[];
  if (files.length > KEPT_FILES_MAX) return undefined;
  const byFeature = new Map<number, FeatureFileRow[]>();
  for (const file of files) {
    const list = byFeature.get(file.feature_id);
    if (list) list.push(file);
    else byFeature.set(file.feature_id, [file]);
  }
  return byFeature;
}

/**
 * The files of `ids`, features of `layer` picked from `grid` (its point index of the layer's
 * version), as filesOf answers them. Without the layer's files version (a row read without it)
 * or for a layer with too many files, they are read as filesOf does.
 */
export async function indexedFilesOf(
  db: Queryable,
  grid: PointGrid,
  layer: LayerVersion,
  ids: readonly number[],
): Promise<Map<number, FeatureFileRow[]>> {
  if (ids.length === 0) return new Map();
  const filesVersion = layer.files_version === undefined ? undefined : String(layer.files_version);
  if (filesVersion === undefined) return filesOf(db, ids);
  let held = kept.get(grid);
  if (!held || held.filesVersion !== filesVersion) {
    const rows = await readLayerFiles(db, layer.id);
    const [first] = rows;
    if (!first) return new Map();
    held = { filesVersion: first.files_version, byFeature: byFeatureOf(rows) };
    // Kept only when read for the index's own version: a feature changed since belongs to the
    // next index, and files changed since are this request's alone until the next one asks.
    if (first.layer_version === String(layer.version) && first.files_version === filesVersion)
      kept.set(grid, held);
  }
  if (!held.byFeature) return filesOf(db, ids);
  const answer = new Map<number, FeatureFileRow[]>();
  for (const id of ids) {
    const files = held.byFeature.get(id);
    if (files) answer.set(id, files);
  }
  return answer;
}
