import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { enqueueJob, reportProgress } from '../jobs/job-queue.ts';
import { JobLeaseLost } from '../jobs/job-worker.ts';
import { LAYER_COLUMNS, type LayerRow } from '../maps/records.ts';
import { IMPORT_JOB, runImport, type ImportJobPayload } from './import-job.ts';
import type { ImportResult } from './import-layer.ts';
import type { Message } from '../i18n/messages.ts';

/** How long the request's hold on its job lasts without a batch written (each batch renews it). */
const LEASE_MS = 60_000;

/**
 * An import answered in the request (the upload route): the same import as a job's, run
 * at once under a job row this request holds. The features go into a hidden layer batch by batch,
 * each batch its own short transaction, so other requests are answered between them (one
 * transaction for the whole file held every reader of the embedded database until it ended);
 * a last short transaction shows the layer.
 *
 * A failed import leaves nothing: deleting its job row takes the hidden layer with its features
 * (it cascades from the job). If the server dies meanwhile, the job's lease
 * runs out and a worker finishes it as any import job (or deletes what it left, on failure).
 */
export async function importLayerNow(db: Database, payload: ImportJobPayload): Promise<ImportResult> {
  const workerId = `upload-${randomUUID()}`;
  const job = await enqueueJob(
    db,
    {
      kind: IMPORT_JOB,
      payload: payload as unknown as Record<string, unknown>,
      userId: payload.request.userId,
      mapId: payload.request.mapId,
      expiresAt: null,
    },
    { workerId, leaseMs: LEASE_MS },
  );
  let result: Awaited<ReturnType<typeof runImport>>;
  let layer: LayerRow | undefined;
  try {
    result = await runImport(
      db,
      {
        job,
        workerId,
        progress: async (fraction) => {
          if (!(await reportProgress(db, job.id, workerId, fraction, LEASE_MS))) throw new JobLeaseLost();
        },
      },
      // Read as soon as it is shown: the low-zoom grid built next may hold the database a while.
      async (layerId) => {
        // The job row was only this request's hold while it wrote: an upload is no background import.
        await db.query(`DELETE FROM jobs WHERE id = $1 AND status = 'done'`, [job.id]);
        [layer] = await db.query<LayerRow>(`SELECT ${LAYER_COLUMNS} FROM layers l WHERE l.id = $1`, [
          layerId,
        ]);
      },
    );
  } catch (error) {
    // Not yet shown (the last transaction marks the job done): nothing of it stays.
    await db.query(`DELETE FROM jobs WHERE id = $1 AND status <> 'done'`, [job.id]);
    throw error;
  }
  return {
    layer: layer as LayerRow,
    imported: result.imported as number,
    skipped: result.skipped as number,
    warnings: result.warnings as Message[],
  };
}
