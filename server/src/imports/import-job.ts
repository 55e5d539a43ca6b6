import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Database, Queryable } from '../db/database.ts';
import { msg, type Message } from '../i18n/messages.ts';
import { enqueueJob, type JobRow } from '../jobs/job-queue.ts';
import { JobFailedForGood, type JobContext, type JobRunner } from '../jobs/job-worker.ts';
import type { FileStore } from '../storage/file-store.ts';
import {
  GEOMETRY_SQL,
  readerFor,
  typedProperties,
  type ImportRequest,
  refreshFeatureStatistics,
} from './import-layer.ts';
import { prepareGrid } from '../tiles/layer-grid.ts';
import { keepsMaps } from '../maps/map-cache.ts';
import {
  dropUnfinishedLayer,
  finishImport,
  MOVE_BATCH,
  moveStagedRows,
  withoutRowTriggers,
} from './import-move.ts';
import { geoJsonAsWkb, WKB_FROM_POSITIONS } from './geojson-wkb.ts';
import { UnreadableFile } from './imported-feature.ts';
import {
  hasNonFiniteCoordinate,
  overLongValue,
  oversizedFeature,
  tooManyProperties,
  unusableGeometry,
  STATEMENT_POSITIONS,
  vertexCount,
} from './feature-checks.ts';
import { importedSearchText } from './import-search-text.ts';
import { SchemaInference } from './schema-inference.ts';

export const IMPORT_JOB = 'import';
const BATCH = 1000;
/** Reading the file twice is most of the work; moving the staged rows into features the rest. */
const READ_SHARE = 0.1;
const STAGE_SHARE = 0.5;
const MOVE_SHARE = 0.35;

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

const STAGE_SQL = `INSERT INTO import_rows (job_id, seq, geom, properties, search_text)
  SELECT $1, $2 + e.n, ${GEOMETRY_SQL}, e.e -> 'p', e.e ->> 's'
  FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS e(e, n)`;

async function stageBatch(
  db: Database,
  embedded: boolean,
  jobId: string,
  first: number,
  batch: object[],
  row: number,
) {
  const params = [jobId, first, JSON.stringify(batch)];
  try {
    if (!embedded) await db.query(STAGE_SQL, params);
    else
      // The job's row is checked once instead of by a foreign-key check for each staged row.
      await db.transaction(async (tx) => {
        const [job] = await tx.query('SELECT 1 FROM jobs WHERE id = $1', [jobId]);
        if (job) await withoutRowTriggers(tx, () => tx.query(STAGE_SQL, params));
        else await tx.query(STAGE_SQL, params);
      });
  } catch (error) {
    // PostGIS refused a geometry (bad WKT, broken coordinates): the file is at fault.
    throw new UnreadableFile(
      `${error instanceof Error ? error.message : String(error)} (before feature ${row})`,
    );
  }
}

/**
 * A big geometry is staged as WKB, which the database reads about four times faster than GeoJSON:
 * a line at the vertex limit held every other client's requests for about a second as GeoJSON.
 */
function stagedGeometry(geometry: object, positions: number): object {
  if (positions < WKB_FROM_POSITIONS || ('type' in geometry && geometry.type === 'WKB')) return geometry;
  const wkb = geoJsonAsWkb(geometry);
  return wkb === undefined ? geometry : { type: 'WKB', coordinates: wkb };
}

/**
 * Runs an import job: infer the schema, stage the features batch by batch (reporting progress,
 * which renews the lease), then make a hidden layer, move the staged rows into it batch by batch
 * and in a last short transaction show it and mark the job done. Each of those transactions
 * locks the job row, so a worker that lost its lease stops at once; an attempt that dies leaves
 * staged rows and a hidden layer, which the next attempt clears.
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
  await dropUnfinishedLayer(db, job.id, context.workerId);
  await db.query('DELETE FROM import_rows WHERE job_id = $1', [job.id]);
  const inference = new SchemaInference();
  let total = 0;
  let usable = 0;
  for await (const feature of read()) {
    inference.see(feature.properties);
    total += 1;
    if (feature.geometry && !hasNonFiniteCoordinate(feature.geometry)) usable += 1;
    if (total % (BATCH * 10) === 0) await context.progress(READ_SHARE / 2);
  }
  if (usable === 0) throw new UnreadableFile('no features', msg('exports.import_empty'));
  await context.progress(READ_SHARE);
  const schema = inference.schema();
  const wide = tooManyProperties(schema.length);
  if (wide) throw wide;
  // The embedded database: one connection, on which nothing else runs within a transaction.
  const embedded = keepsMaps(db);
  const warnings: Message[] = [];
  let staged = 0;
  let skipped = 0;
  let row = 0;
  let batch: object[] = [];
  let batchPositions = 0;
  // Where each move transaction ends: at most MOVE_BATCH rows and STATEMENT_POSITIONS positions.
  const moveEnds: number[] = [];
  let moveRows = 0;
  let movePositions = 0;
  // The statement staging the last batch: the next batch is read and checked while the
  // database runs it (on the embedded database they are two threads), and it is awaited before
  // the next statement is sent, so at most one batch waits in memory besides the one being read.
  let staging: Promise<void> = Promise.resolve();
  const flush = async () => {
    await staging;
    await context.progress(READ_SHARE + (STAGE_SHARE * row) / total);
    staging = stageBatch(db, embedded, job.id, staged, batch, row);
    // Its failure is thrown where it is awaited (the next flush, or after the last batch).
    staging.catch(() => undefined);
    if (
      moveRows > 0 &&
      (moveRows + batch.length > MOVE_BATCH || movePositions + batchPositions > STATEMENT_POSITIONS)
    ) {
      moveEnds.push(staged);
      moveRows = 0;
      movePositions = 0;
    }
    moveRows += batch.length;
    movePositions += batchPositions;
    staged += batch.length;
    batch = [];
    batchPositions = 0;
  };
  for await (const feature of read()) {
    row += 1;
    if (!feature.geometry) {
      skipped += 1;
      if (warnings.length < 20) warnings.push(msg('exports.import_no_geometry', { row }));
      continue;
    }
    const badGeometry = unusableGeometry(feature.geometry, row);
    if (badGeometry) {
      skipped += 1;
      if (warnings.length < 20) warnings.push(badGeometry);
      continue;
    }
    const properties = typedProperties(schema, feature);
    const tooLong = overLongValue(properties, row) ?? oversizedFeature(feature.geometry, properties, row);
    if (tooLong) {
      skipped += 1;
      if (warnings.length < 20) warnings.push(tooLong);
      continue;
    }
    const positions = vertexCount(feature.geometry);
    // Flushed before a feature would take the statement past the limit, not after: two lines
    // just under it made one statement of twice the limit, held for seconds on the one connection.
    if (batch.length > 0 && batchPositions + positions > STATEMENT_POSITIONS) await flush();
    batch.push({
      g: stagedGeometry(feature.geometry, positions),
      p: properties,
      // Only the embedded database's move writes it (import-move.ts); on PostgreSQL the trigger does.
      ...(embedded ? { s: importedSearchText(properties) } : {}),
    });
    batchPositions += positions;
    if (batch.length >= BATCH || batchPositions >= STATEMENT_POSITIONS) await flush();
  }
  if (batch.length > 0) await flush();
  await staging;
  moveEnds.push(staged);
  const layerId = await moveStagedRows(db, {
    jobId: job.id,
    workerId: context.workerId,
    request,
    schema,
    staged,
    ends: moveEnds,
    moved: (count) => context.progress(READ_SHARE + STAGE_SHARE + (MOVE_SHARE * count) / staged),
  });
  const result = { layer_id: layerId, imported: staged, skipped, warnings };
  await finishImport(db, { jobId: job.id, workerId: context.workerId }, layerId, result);
  await shown?.(layerId);
  await refreshFeatureStatistics(db);
  await prepareGrid(db, result.layer_id);
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
      await options.db.query('DELETE FROM import_rows WHERE job_id = $1', [context.job.id]);
      await removeUpload(store, payload);
      const problem =
        error.problem ??
        msg('exports.import_unreadable', { format: request.format, reason: error.message.slice(0, 300) });
      throw new JobFailedForGood(JSON.stringify(problem));
    }
  };
}
