import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Database, Queryable } from '../db/database.ts';
import { JobLeaseLost } from '../jobs/job-worker.ts';
import { GEOMETRY_SQL, insertImportedLayer, settleGeometryType, type ImportRequest } from './import-layer.ts';
import { UnreadableFile } from './imported-feature.ts';
import type { InferredProperty } from './schema-inference.ts';

/**
 * Features stored per transaction. The embedded database runs each statement on the server's
 * only thread, so one statement storing a whole file froze every request for half a minute at
 * 100,000 rows; between two batches the requests that queued meanwhile go first.
 */
export const STORE_BATCH = 2000;

export interface StoreJob {
  jobId: string;
  workerId: string;
  request: ImportRequest;
  schema: InferredProperty[];
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
 * The hidden layer this job stores into (layer reads skip a layer with import_job_id set) and
 * how many features it holds: an earlier attempt's, whose worker died, is carried on from
 * where it stopped (every batch it stored is whole: one transaction each); otherwise a new one.
 */
export async function hiddenLayer(db: Database, job: StoreJob): Promise<{ layerId: number; stored: number }> {
  return db.transaction(async (tx) => {
    await holdJob(tx, job.jobId, job.workerId);
    const [earlier] = await tx.query<{ id: number; features_count: number }>(
      'SELECT id, features_count FROM layers WHERE import_job_id = $1',
      [job.jobId],
    );
    if (earlier) return { layerId: earlier.id, stored: earlier.features_count };
    const id = await insertImportedLayer(tx, job.request, job.schema);
    await tx.query('UPDATE layers SET import_job_id = $2 WHERE id = $1', [id, job.jobId]);
    return { layerId: id, stored: 0 };
  });
}

/**
 * Stores a batch of features into the hidden layer in a transaction of its own, then lets the
 * requests that queued meanwhile through (the gate is first come first served).
 */
export async function storeBatch(
  db: Database,
  job: Pick<StoreJob, 'jobId' | 'workerId'> & { userId: number },
  layerId: number,
  batch: object[],
  row: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    await holdJob(tx, job.jobId, job.workerId);
    try {
      await tx.query(
        `INSERT INTO features (layer_id, geom, properties, created_by, updated_by)
         SELECT $1, ${GEOMETRY_SQL}, e -> 'p', $2, $2 FROM jsonb_array_elements($3::jsonb) e`,
        [layerId, job.userId, JSON.stringify(batch)],
      );
    } catch (error) {
      // PostGIS refused a geometry (bad WKT, broken coordinates): the file is at fault.
      throw new UnreadableFile(
        `${error instanceof Error ? error.message : String(error)} (before feature ${row})`,
      );
    }
  });
  await nextTurn();
}

/** The last short transaction: the layer's geometry type, the layer shown, the job done. */
export async function finishImport(
  db: Database,
  job: Pick<StoreJob, 'jobId' | 'workerId'>,
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
