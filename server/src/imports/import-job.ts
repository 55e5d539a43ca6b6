import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Database, Queryable } from '../db/database.ts';
import { msg } from '../i18n/messages.ts';
import { enqueueJob, type JobRow } from '../jobs/job-queue.ts';
import { JobFailedForGood, JobLeaseLost, type JobContext, type JobRunner } from '../jobs/job-worker.ts';
import type { FileStore } from '../storage/file-store.ts';
import { readerFor, type ImportRequest, refreshFeatureStatistics } from './import-layer.ts';
import { prepareGrid } from '../tiles/layer-grid.ts';
import { createHiddenLayer, dropUnfinishedLayer, emptyHiddenLayer, finishImport } from './hidden-layer.ts';
import { stageFile } from './import-staging.ts';
import { UnreadableFile } from './imported-feature.ts';
import { tooManyProperties } from './feature-checks.ts';
import { sameConversion, SchemaInference } from './schema-inference.ts';

export const IMPORT_JOB = 'import';
/** Reading the file into the hidden layer is the work; the last transaction and the statistics the rest. */
const STAGE_SHARE = 0.95;

/**
 * What an import job carries: the request, and the upload's key in the file store
 * (`imports/<folder>/upload`: under DATA_DIR on disk, or in the bucket). Jobs queued before
 * keys existed have only `request.file`, a path under DATA_DIR/imports.
 */
export interface ImportJobPayload {
  request: ImportRequest;
  file_name: string;
  object_key?: string;
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
 * Runs an import job: make a hidden layer, write the file's features into it batch by batch
 * while learning the schema from them, and in a last short transaction give the layer its
 * properties, show it and mark the job done. Each of those transactions locks the job row, so a
 * worker that lost its lease stops at once; an attempt that dies leaves a hidden layer, which
 * the next attempt drops, and one that fails drops its own.
 */
export async function runImport(
  db: Database,
  context: JobContext,
  /** Called once the layer is shown, before the statistics and the grid are brought up to date. */
  shown?: (layerId: number) => Promise<void>,
): Promise<Record<string, unknown>> {
  const { job } = context;
  const { request } = job.payload as unknown as ImportJobPayload;
  const read = readerFor(request);
  const hidden = { jobId: job.id, workerId: context.workerId, request };
  await dropUnfinishedLayer(db, job.id, context.workerId);
  const layerId = await createHiddenLayer(db, hidden);
  let result: Record<string, unknown>;
  try {
    const inference = new SchemaInference();
    // Progress only goes forward, also while a file is read a second time.
    let reported = 0;
    const report = (fraction: number) => {
      reported = Math.max(reported, fraction);
      return context.progress(reported);
    };
    const staging = (fraction: number) => report(STAGE_SHARE * fraction);
    let staged = await stageFile(db, hidden, layerId, read, inference, undefined, staging);
    if (staged.usable === 0) throw new UnreadableFile('no features', msg('exports.import_empty'));
    const schema = inference.schema();
    const wide = tooManyProperties(schema.length);
    if (wide) throw wide;
    // Values written before a later feature changed their property's type (a column of numbers
    // with text further down) are not what the file's schema writes: the layer is emptied and
    // the file written again with it. Reading it once saved a read of the whole file (8 of 72 s
    // at a million points).
    const changed = schema.some((property) => {
      const written = staged.writtenAs.get(property.name);
      return written !== undefined && !sameConversion(written, property.type);
    });
    if (changed) {
      await emptyHiddenLayer(db, hidden, layerId);
      staged = await stageFile(db, hidden, layerId, read, inference, schema, staging);
    }
    result = {
      layer_id: layerId,
      imported: staged.staged,
      skipped: staged.skipped,
      warnings: staged.warnings,
    };
    await finishImport(db, hidden, layerId, schema, result);
  } catch (error) {
    // A failed attempt leaves no half layer, unless the job is another worker's now (its layer).
    if (!(error instanceof JobLeaseLost)) await dropUnfinishedLayer(db, job.id, context.workerId);
    throw error;
  }
  await shown?.(layerId);
  await refreshFeatureStatistics(db);
  await prepareGrid(db, layerId);
  return result;
}

/** The upload is in a bucket (not under DATA_DIR, where `request.file` points). */
const inBucket = (store: FileStore | undefined, payload: ImportJobPayload): store is FileStore =>
  store !== undefined && store.kind !== 'local' && payload.object_key !== undefined;

/**
 * The job's upload as a local file for the readers: the file itself on disk, or a temp copy of
 * the bucket's object (which stays there until the job ends, so another instance can take a
 * job over from one that died).
 */
function withUpload<T>(
  store: FileStore | undefined,
  payload: ImportJobPayload,
  use: (payload: ImportJobPayload) => Promise<T>,
): Promise<T> {
  if (!inBucket(store, payload) || payload.object_key === undefined) return use(payload);
  return store.withLocalCopy(payload.object_key, (file) =>
    use({ ...payload, request: { ...payload.request, file } }),
  );
}

async function removeUpload(store: FileStore | undefined, payload: ImportJobPayload): Promise<void> {
  if (inBucket(store, payload) && payload.object_key !== undefined) await store.remove([payload.object_key]);
  else await rm(path.dirname(payload.request.file), { recursive: true, force: true });
}

/** Runs import jobs; `store` is where uploads are kept (DATA_DIR itself when not given or local). */
export function importRunner(options: { db: Database; store?: FileStore }): JobRunner {
  return async (context) => {
    const payload = context.job.payload as unknown as ImportJobPayload;
    const { request } = payload;
    const store = options.store;
    try {
      const result = await withUpload(store, payload, (withFile) =>
        runImport(options.db, {
          ...context,
          job: { ...context.job, payload: withFile as unknown as JobRow['payload'] },
        }),
      );
      await removeUpload(store, payload);
      return result;
    } catch (error) {
      if (!(error instanceof UnreadableFile)) throw error;
      // The file will not read better next time: fail now, with a message for the caller's locale.
      await removeUpload(store, payload);
      const problem =
        error.problem ??
        msg('exports.import_unreadable', { format: request.format, reason: error.message.slice(0, 300) });
      throw new JobFailedForGood(JSON.stringify(problem));
    }
  };
}
