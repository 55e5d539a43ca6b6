import { rm } from 'node:fs/promises';
import path from 'node:path';
import { canOn } from '@shared/access/abilities.ts';
import { forbidden, HttpError, notFound } from '../http/http-error.ts';
import { localeOf, msg, render, translator, type Locale, type Message } from '../i18n/messages.ts';
import { enqueueImport, IMPORT_JOB, importsDir, type ImportJobPayload } from '../imports/import-job.ts';
import { IMPORT_JOB_MAX_BYTES, readUpload } from '../imports/upload.ts';
import { jobRecord, type JobRecord, type JobRow } from '../jobs/job-queue.ts';
import { mapFor } from '../maps/access.ts';
import { typedHandlers } from '../openapi/typed-handlers.ts';
import { importFields } from './layer-import.ts';
import { fileStore } from '../storage/file-store.ts';
import type { components } from '@generated/openapi-types.ts';

type ImportJob = components['schemas']['LayerImportJob'];

const WIRE_STATUS = { queued: 'pending', running: 'running', done: 'ready', failed: 'failed' } as const;

type ImportJobRecord = JobRecord;

/** A message the runner stored as JSON (rendered in the caller's language), or plain text. */
function storedMessage(text: string): Message | string {
  try {
    const parsed = JSON.parse(text) as Message;
    return typeof parsed.key === 'string' ? parsed : text;
  } catch {
    return text;
  }
}

function toImportJob(job: ImportJobRecord, locale: Locale): ImportJob {
  const t = translator(locale);
  const payload = job.payload as unknown as ImportJobPayload;
  const result = job.result as {
    layer_id?: number;
    imported?: number;
    skipped?: number;
    warnings?: Message[];
  };
  const status = WIRE_STATUS[job.status];
  const error = status === 'failed' && job.error !== null ? storedMessage(job.error) : null;
  return {
    id: job.id,
    status,
    progress: job.progress,
    file_name: payload.file_name,
    layer_id: result?.layer_id ?? null,
    features_imported: result?.imported ?? null,
    features_skipped: result?.skipped ?? null,
    warnings: (result?.warnings ?? []).map((warning) => render(t, warning)),
    error: error === null ? null : typeof error === 'string' ? error : render(t, error),
    created_at: new Date(job.created_at).toISOString(),
  };
}

/** Import jobs (docs/decisions.md#jobs): a large file is stored and imported by whichever worker claims it. */
export const routeHandlers = typedHandlers({
  async startLayerImport({ services, request, auth, params }) {
    const { db, config } = services;
    await mapFor(db, auth, params.id, 'update');
    if (!auth.user) throw new HttpError(401, msg('http.unauthenticated'));
    const upload = await readUpload(request, {
      maxBytes: IMPORT_JOB_MAX_BYTES,
      parentDir: importsDir(config.dataDir),
    });
    const store = fileStore(config);
    // The same key on disk (under DATA_DIR, where the upload already is) and in a bucket.
    const objectKey = `imports/${path.basename(upload.dir)}/upload`;
    let job: JobRow;
    let stored = false;
    try {
      const importRequest = await importFields(db, params.id, auth.user.id, upload);
      if (store.kind !== 'local') {
        // In the bucket before it is queued: any instance can run the job, and run it again
        // should the one running it die.
        await store.putFile(objectKey, upload.file);
        stored = true;
        await rm(upload.dir, { recursive: true, force: true });
      }
      job = await enqueueImport(db, auth.user.id, {
        request: importRequest,
        file_name: upload.fileName,
        object_key: objectKey,
      });
    } catch (error) {
      // Refused before it was queued: the stored file is nobody's.
      await rm(upload.dir, { recursive: true, force: true });
      if (stored) await store.remove([objectKey]).catch(() => undefined);
      throw error;
    }
    const record = await jobRecord(db, job.id);
    return { status: 202, body: { data: toImportJob(record as ImportJobRecord, localeOf(request)) } };
  },

  async getImport({ services, request, auth, params }) {
    const job = await jobRecord(services.db, params.id, IMPORT_JOB);
    if (!job) throw notFound();
    if (!canOn(auth.ability, 'manage', 'Layer', {}) && job.user_id !== auth.user?.id) throw forbidden();
    return { status: 200, body: { data: toImportJob(job, localeOf(request)) } };
  },
});
