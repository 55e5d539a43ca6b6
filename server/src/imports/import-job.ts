import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Database, Queryable } from '../db/database.ts';
import { msg, type Message } from '../i18n/messages.ts';
import { enqueueJob, type JobRow } from '../jobs/job-queue.ts';
import { JobFailedForGood, JobLeaseLost, type JobContext, type JobRunner } from '../jobs/job-worker.ts';
import { readerFor, typedProperties, type ImportRequest, refreshFeatureStatistics } from './import-layer.ts';
import { prepareGrid } from '../tiles/layer-grid.ts';
import { dropUnfinishedLayer, finishImport, hiddenLayer, STORE_BATCH, storeBatch } from './import-move.ts';
import { UnreadableFile } from './imported-feature.ts';
import { overLongValue, tooManyProperties } from './feature-checks.ts';
import { SchemaInference } from './schema-inference.ts';

export const IMPORT_JOB = 'import';
const BATCH = STORE_BATCH;
/** The first reading of the file, for its schema; then storing the features; then finishing. */
const READ_SHARE = 0.1;
const STORE_SHARE = 0.85;

/** What an import job carries: the request, with the stored upload under DATA_DIR/imports. */
export interface ImportJobPayload {
  request: ImportRequest;
  file_name: string;
}

/** Where import jobs keep their uploads until they end (one folder per upload). */
export const importsDir = (dataDir: string) => path.join(dataDir, 'imports');

export function enqueueImport(db: Queryable, userId: number, payload: ImportJobPayload): Promise<JobRow> {
  return enqueueJob(db, {
    kind: IMPORT_JOB,
    payload: payload as unknown as Record<string, unknown>,
    userId,
    mapId: payload.request.mapId,
    expiresAt: null,
  });
}

/**
 * Runs an import job: infer the schema, then store the features batch by batch straight into a
 * hidden layer (import-move.ts), each batch a transaction of its own that holds the job row and
 * lets waiting requests through after it, reporting progress (which renews the lease); a last
 * short transaction shows the layer and marks the job done. An attempt that fails drops its
 * hidden layer; one whose worker died leaves it, and the next attempt carries on after the
 * rows it holds (the file is read in the same order every time).
 */
async function runImport(db: Database, context: JobContext): Promise<Record<string, unknown>> {
  const { job } = context;
  const { request } = job.payload as unknown as ImportJobPayload;
  const read = readerFor(request);
  // Rows staged by a server that staged before storing (an import that was under way across an upgrade).
  await db.query('DELETE FROM import_rows WHERE job_id = $1', [job.id]);
  const inference = new SchemaInference();
  let total = 0;
  let usable = 0;
  for await (const feature of read()) {
    inference.see(feature.properties);
    total += 1;
    if (feature.geometry) usable += 1;
    if (total % (BATCH * 10) === 0) await context.progress(READ_SHARE / 2);
  }
  if (usable === 0) throw new UnreadableFile('no features', msg('exports.import_empty'));
  await context.progress(READ_SHARE);
  const schema = inference.schema();
  const wide = tooManyProperties(schema.length);
  if (wide) throw wide;
  const owner = { jobId: job.id, workerId: context.workerId, userId: request.userId };
  const { layerId, stored } = await hiddenLayer(db, { ...owner, request, schema });
  try {
    const warnings: Message[] = [];
    let kept = 0;
    let skipped = 0;
    let row = 0;
    let batch: object[] = [];
    const flush = async () => {
      await storeBatch(db, owner, layerId, batch, row);
      batch = [];
      await context.progress(READ_SHARE + (STORE_SHARE * row) / total);
    };
    for await (const feature of read()) {
      row += 1;
      if (!feature.geometry) {
        skipped += 1;
        if (warnings.length < 20) warnings.push(msg('exports.import_no_geometry', { row }));
        continue;
      }
      const properties = typedProperties(schema, feature);
      const tooLong = overLongValue(properties, row);
      if (tooLong) {
        skipped += 1;
        if (warnings.length < 20) warnings.push(tooLong);
        continue;
      }
      kept += 1;
      // Stored by an earlier attempt of this job.
      if (kept <= stored) continue;
      batch.push({ g: feature.geometry, p: properties });
      if (batch.length >= BATCH) await flush();
    }
    if (batch.length > 0) await flush();
    const result = { layer_id: layerId, imported: kept, skipped, warnings };
    await finishImport(db, owner, layerId, result);
    await refreshFeatureStatistics(db);
    await prepareGrid(db, layerId);
    return result;
  } catch (error) {
    // A failed attempt leaves no half layer, unless the job is another worker's now (its layer).
    if (!(error instanceof JobLeaseLost)) await dropUnfinishedLayer(db, job.id, context.workerId);
    throw error;
  }
}

export function importRunner(options: { db: Database }): JobRunner {
  return async (context) => {
    const { request } = context.job.payload as unknown as ImportJobPayload;
    try {
      const result = await runImport(options.db, context);
      await rm(path.dirname(request.file), { recursive: true, force: true });
      return result;
    } catch (error) {
      if (!(error instanceof UnreadableFile)) throw error;
      // The file will not read better next time: fail now, with a message for the caller's locale.
      await options.db.query('DELETE FROM import_rows WHERE job_id = $1', [context.job.id]);
      await rm(path.dirname(request.file), { recursive: true, force: true });
      const problem =
        error.problem ??
        msg('exports.import_unreadable', { format: request.format, reason: error.message.slice(0, 300) });
      throw new JobFailedForGood(JSON.stringify(problem));
    }
  };
}
