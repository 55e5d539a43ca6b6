import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Database, Queryable } from '../db/database.ts';
import { insertFeaturesSql } from '../features/features-store.ts';
import { JobLeaseLost } from '../jobs/job-worker.ts';
import { keepsMaps } from '../maps/map-cache.ts';
import {
  GEOMETRY_SQL,
  insertImportedLayer,
  layerProperties,
  settleGeometryType,
  type ImportRequest,
} from './import-layer.ts';
import type { InferredProperty } from './schema-inference.ts';

/** The import job writing a hidden layer, and the worker whose attempt it is. */
export interface HiddenLayerJob {
  jobId: string;
  workerId: string;
  request: ImportRequest;
}

/**
 * Every write of an import holds the job row, so a worker that lost its lease (another took the
 * job over) stops at its next batch and never writes into the layer of the attempt that replaced it.
 */
async function holdJob(tx: Queryable, jobId: string, workerId: string): Promise<void> {
  const mine = await tx.query(
    `SELECT 1 FROM jobs WHERE id = $1 AND locked_by = $2 AND status = 'running' FOR UPDATE`,
    [jobId, workerId],
  );
  if (mine.length === 0) throw new JobLeaseLost();
}

/**
 * Runs `write` with the table triggers of its statements off (the per-row foreign-key checks
 * among them), then turns them back on. Only for rows whose references the same transaction
 * has just checked, on the embedded database: there no other session can delete the referenced
 * rows before the transaction ends, so the per-row checks would find what the check found. The
 * constraints stay in the schema, and deleting a referenced row later still cascades. Each
 * switch also drops the session's cached plans (twice a batch: the embedded database's
 * statements are unnamed and planned each time anyway).
 */
export async function withoutRowTriggers<T>(tx: Queryable, write: () => Promise<T>): Promise<T> {
  await tx.query('SET LOCAL session_replication_role = replica');
  const result = await write();
  await tx.query('SET LOCAL session_replication_role = origin');
  return result;
}

/**
 * Drops the layer an attempt left half made: an earlier attempt of this job at its start (its
 * worker died), or this attempt when it failed. Only while the job is still this worker's: after
 * a takeover, the hidden layer is the new attempt's.
 */
export async function dropUnfinishedLayer(db: Queryable, jobId: string, workerId: string): Promise<void> {
  await db.query(
    `DELETE FROM layers WHERE import_job_id = $1
       AND EXISTS (SELECT 1 FROM jobs WHERE id = $1 AND locked_by = $2)`,
    [jobId, workerId],
  );
}

/**
 * Makes the job's layer, hidden (layer reads skip a layer with import_job_id set) until
 * `finishImport` shows it; its properties are written then, once the whole file is read.
 */
export async function createHiddenLayer(
  db: Database,
  job: Pick<HiddenLayerJob, 'jobId' | 'workerId' | 'request'>,
): Promise<number> {
  return db.transaction(async (tx) => {
    await holdJob(tx, job.jobId, job.workerId);
    const id = await insertImportedLayer(tx, job.request, []);
    await tx.query('UPDATE layers SET import_job_id = $2 WHERE id = $1', [id, job.jobId]);
    return id;
  });
}

/** Features deleted per transaction when a hidden layer is emptied. */
const EMPTY_BATCH = 2000;

/**
 * Deletes what the hidden layer holds, a short transaction at a time (one statement for a
 * million features would hold the embedded database for seconds), before the file is written
 * into it again. The layer's statistics triggers bring its count to 0 and its extent to none.
 */
export async function emptyHiddenLayer(
  db: Database,
  job: Pick<HiddenLayerJob, 'jobId' | 'workerId'>,
  layerId: number,
): Promise<void> {
  for (;;) {
    const deleted = await db.transaction(async (tx) => {
      await holdJob(tx, job.jobId, job.workerId);
      return tx.query(
        `DELETE FROM features WHERE id IN (SELECT id FROM features WHERE layer_id = $1 ORDER BY id LIMIT ${EMPTY_BATCH})
         RETURNING id`,
        [layerId],
      );
    });
    if (deleted.length < EMPTY_BATCH) return;
    await nextTurn();
  }
}

/**
 * What the insert trigger of `features` (layer_stats_after_insert) does to the layer, for a
 * batch written without it: `written` is the batch's rows, as the statement returned them.
 */
const LAYER_STATS_SQL = `UPDATE layers l SET features_count = l.features_count + s.n,
    extent_box = CASE WHEN l.extent_box IS NULL THEN s.box WHEN s.box IS NULL THEN l.extent_box
      ELSE Box2D(ST_Collect(l.extent_box::geometry, s.box::geometry)) END,
    version = l.version + 1
  FROM (SELECT count(*)::int AS n, ST_Extent(geom) AS box FROM written) s
  WHERE l.id = $1 AND s.n > 0`;

/**
 * A row's search text: as the import worked it out (`text`), else as the features' trigger
 * would (migration 120), the function's body written out, which the database runs in less than
 * half the time of a call to the function.
 */
const searchText = (text: string, properties: string) => `coalesce(${text},
  (SELECT lower(coalesce(string_agg(value, E'\\n'), '')) FROM jsonb_each_text(${properties})))`;

/**
 * A batch as the import sends it: one JSON array of `{g: geometry, p: properties, s: search text}`
 * (`s` only where the import could work the text out; on PostgreSQL the trigger does).
 */
const BATCH_ROWS = 'jsonb_array_elements($3::jsonb) AS e(e)';

/**
 * Writes one batch into the hidden layer in its own transaction, which holds the job row: a
 * worker that lost its lease (another took the job over) stops here and never writes into the
 * layer of the attempt that replaced it. On the embedded database the row triggers are off, as
 * the references were checked just before (withoutRowTriggers), and the statement writes the
 * layer's statistics and the search text itself; on PostgreSQL the triggers do.
 */
export async function writeBatch(
  db: Database,
  job: Pick<HiddenLayerJob, 'jobId' | 'workerId' | 'request'>,
  layerId: number,
  batch: string,
): Promise<void> {
  const embedded = keepsMaps(db);
  await db.transaction(async (tx) => {
    const params = [layerId, job.request.userId, batch];
    const values = { layer: '$1', geom: GEOMETRY_SQL, properties: "e.e -> 'p'", user: '$2' };
    if (!embedded) {
      await holdJob(tx, job.jobId, job.workerId);
      await tx.query(insertFeaturesSql(values, BATCH_ROWS), params);
      return;
    }
    // The job's hold and the references in one round trip to the database's thread.
    const [held] = await tx.query<{ present: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM layers WHERE id = $3)
         AND ($4::int IS NULL OR EXISTS (SELECT 1 FROM users WHERE id = $4)) AS present
       FROM jobs WHERE id = $1 AND locked_by = $2 AND status = 'running' FOR UPDATE OF jobs`,
      [job.jobId, job.workerId, layerId, job.request.userId],
    );
    if (held === undefined) throw new JobLeaseLost();
    if (!held.present) {
      // The foreign keys' own checks refuse the batch, as they would any write.
      await tx.query(insertFeaturesSql(values, BATCH_ROWS), params);
      return;
    }
    const insert = insertFeaturesSql(
      { ...values, searchText: searchText("e.e ->> 's'", values.properties) },
      BATCH_ROWS,
      'geom',
    );
    await withoutRowTriggers(tx, () => tx.query(`WITH written AS (${insert}) ${LAYER_STATS_SQL}`, params));
  });
}

/**
 * The last short transaction: the layer's properties (the file's schema) and geometry type, the
 * layer shown, the job done.
 */
export async function finishImport(
  db: Database,
  job: Pick<HiddenLayerJob, 'jobId' | 'workerId'>,
  layerId: number,
  schema: InferredProperty[],
  result: Record<string, unknown>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await holdJob(tx, job.jobId, job.workerId);
    await settleGeometryType(tx, layerId);
    await tx.query('UPDATE layers SET import_job_id = NULL, properties = $2 WHERE id = $1', [
      layerId,
      layerProperties(schema),
    ]);
    await tx.query(
      `UPDATE jobs SET status = 'done', progress = 1, result = $2, locked_by = NULL, locked_until = NULL,
         updated_at = now() WHERE id = $1`,
      [job.jobId, JSON.stringify(result)],
    );
  });
}
