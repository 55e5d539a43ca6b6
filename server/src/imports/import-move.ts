import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Database, Queryable } from '../db/database.ts';
import { insertFeaturesSql } from '../features/features-store.ts';
import { JobLeaseLost } from '../jobs/job-worker.ts';
import { keepsMaps } from '../maps/map-cache.ts';
import { insertImportedLayer, settleGeometryType, type ImportRequest } from './import-layer.ts';
import type { InferredProperty } from './schema-inference.ts';

/**
 * Staged rows moved per transaction. The embedded database runs each statement on the server's
 * only thread, so one statement moving a whole file froze every request for half a minute at
 * 100,000 rows; a batch this size took about 0.2 s there (bench/import-stall.ts).
 */
export const MOVE_BATCH = 2000;

export interface MoveJob {
  jobId: string;
  workerId: string;
  request: ImportRequest;
  schema: InferredProperty[];
  /** How many rows are staged, numbered 1..staged. */
  staged: number;
  /** Where each move transaction ends (ascending, the last being `staged`); MOVE_BATCH rows each by default. */
  ends?: readonly number[];
  /** Called after each batch with the rows moved so far; it renews the lease. */
  moved(count: number): Promise<void>;
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

/** Whether the new layer and the importing user are there, as the features' foreign keys require. */
async function referencedRowsExist(tx: Queryable, layerId: number, userId: number | null): Promise<boolean> {
  const [row] = await tx.query<{ present: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM layers WHERE id = $1)
       AND ($2::int IS NULL OR EXISTS (SELECT 1 FROM users WHERE id = $2)) AS present`,
    [layerId, userId],
  );
  return row?.present === true;
}

/**
 * What the insert trigger of `features` (layer_stats_after_insert) does to the layer, for a batch
 * moved without it: the batch's rows are still staged, so they are counted there.
 */
const LAYER_STATS_SQL = `UPDATE layers l SET features_count = l.features_count + s.n,
    extent_box = CASE WHEN l.extent_box IS NULL THEN s.box WHEN s.box IS NULL THEN l.extent_box
      ELSE Box2D(ST_Collect(l.extent_box::geometry, s.box::geometry)) END,
    version = l.version + 1
  FROM (SELECT count(*)::int AS n, ST_Extent(geom) AS box FROM import_rows
    WHERE job_id = $2 AND seq > $3 AND seq <= $4) s
  WHERE l.id = $1 AND s.n > 0`;

/**
 * A staged row's search text: as the import worked it out, else as the features' trigger
 * would (migration 120), the function's body written out, which the database runs in less than
 * half the time of a call to the function.
 */
const STAGED_SEARCH_TEXT = `coalesce(search_text,
  (SELECT lower(coalesce(string_agg(value, E'\\n'), '')) FROM jsonb_each_text(properties)))`;

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
 * Makes the layer hidden (layer reads skip a layer with import_job_id set), then moves the
 * staged rows into it batch by batch, each in its own transaction, letting waiting requests
 * through between batches. Returns the layer's id; `finish` makes it visible.
 */
export async function moveStagedRows(db: Database, job: MoveJob): Promise<number> {
  const { jobId, workerId, request } = job;
  const layerId = await db.transaction(async (tx) => {
    await holdJob(tx, jobId, workerId);
    const id = await insertImportedLayer(tx, request, job.schema);
    await tx.query('UPDATE layers SET import_job_id = $2 WHERE id = $1', [id, jobId]);
    return id;
  });
  // The embedded database: one connection, on which nothing else runs within a transaction.
  const embedded = keepsMaps(db);
  try {
    const ends =
      job.ends ??
      Array.from({ length: Math.ceil(job.staged / MOVE_BATCH) }, (_, i) =>
        Math.min((i + 1) * MOVE_BATCH, job.staged),
      );
    let done = 0;
    for (const last of ends) {
      if (last <= done) continue;
      await db.transaction(async (tx) => {
        await holdJob(tx, jobId, workerId);
        const params = [layerId, request.userId, jobId, done, last];
        const from = 'import_rows WHERE job_id = $3 AND seq > $4 AND seq <= $5 ORDER BY seq';
        const values = { layer: '$1', geom: 'geom', properties: 'properties', user: '$2' };
        if (embedded && (await referencedRowsExist(tx, layerId, request.userId))) {
          // The row triggers are off, the search text's among them: the batch brings its own.
          const insert = insertFeaturesSql({ ...values, searchText: STAGED_SEARCH_TEXT }, from);
          await withoutRowTriggers(tx, () => tx.query(insert, params));
          await tx.query(LAYER_STATS_SQL, [layerId, jobId, done, last]);
        } else await tx.query(insertFeaturesSql(values, from), params);
        await tx.query('DELETE FROM import_rows WHERE job_id = $1 AND seq > $2 AND seq <= $3', [
          jobId,
          done,
          last,
        ]);
      });
      await job.moved(last);
      done = last;
      // The gate is first come first served: a request that queued during the batch goes next.
      await nextTurn();
    }
  } catch (error) {
    // A failed attempt leaves no half layer, unless the job is another worker's now (its layer).
    if (!(error instanceof JobLeaseLost)) await dropUnfinishedLayer(db, jobId, workerId);
    throw error;
  }
  return layerId;
}

/** The last short transaction: the layer's geometry type, the layer shown, the job done. */
export async function finishImport(
  db: Database,
  job: Pick<MoveJob, 'jobId' | 'workerId'>,
  layerId: number,
  result: Record<string, unknown>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await holdJob(tx, job.jobId, job.workerId);
    await settleGeometryType(tx, layerId);
    await tx.query('UPDATE layers SET import_job_id = NULL WHERE id = $1', [layerId]);
    await tx.query(
      `UPDATE jobs SET status = 'done', progress = 1, result = $2, locked_by = NULL, locked_until = NULL,
         updated_at = now() WHERE id = $1`,
      [job.jobId, JSON.stringify(result)],
    );
  });
}
