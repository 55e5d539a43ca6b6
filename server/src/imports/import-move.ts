import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Database, Queryable } from '../db/database.ts';
import { insertFeaturesSql } from '../features/features-store.ts';
import { JobLeaseLost } from '../jobs/job-worker.ts';
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
        await tx.query(
          insertFeaturesSql(
            { layer: '$1', geom: 'geom', properties: 'properties', user: '$2' },
            'import_rows WHERE job_id = $3 AND seq > $4 AND seq <= $5 ORDER BY seq',
          ),
          [layerId, request.userId, jobId, done, last],
        );
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
