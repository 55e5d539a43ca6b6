import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.ts';
import type { JobRunner } from '../jobs/job-worker.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Queryable } from '../db/database.ts';
import { tooManyAttempts } from '../http/http-error.ts';
import { localeOf } from '../i18n/messages.ts';
import { enqueueJob } from '../jobs/job-queue.ts';
import { linkOrigin } from '../mail/link-origin.ts';
import { createJobWorker } from '../jobs/job-worker.ts';
import type { AppServices } from '../services.ts';
import { fileStore } from '../storage/file-store.ts';
import { exportFileName } from '@shared/exports/export-file-name.ts';
import { EXPORT_FORMATS } from './export-formats.ts';
import { EXPORT_JOB, exportRunner, type ExportPayload } from './export-job.ts';
import { findExport, toExport, type ExportBody } from './export-record.ts';
import { countScope, layerParts, type ExportFormat, type ExportScope } from './export-scope.ts';

/** Exports of at most this many features are made during the request and answered `ready`. */
export const INLINE_EXPORT_LIMIT = 5000;
/** Exports one person may start per minute (the document: throttled per user). */
export const EXPORTS_PER_MINUTE = 30;
/** How long a finished file stays downloadable. */
export const EXPORT_LIFETIME_HOURS = 24;

/** The export runner as this server configures it: temp files under DATA_DIR, finished ones in its store. */
export function configuredExportRunner(
  db: Queryable,
  config: ServerConfig,
  mailer: Mailer,
  log: FastifyBaseLogger,
): JobRunner {
  return exportRunner({ db, dataDir: config.dataDir, store: fileStore(config), mailer, log });
}

export interface ExportRequest {
  format: ExportFormat;
  scope: ExportScope;
  title: string;
  geometryType: string | null;
  emailToSend: string | null | undefined;
  mapId: number;
}

/**
 * Queues the export as a job; a small one is run at once by this instance (through the
 * same claim, so it is never run twice), a large one is left to the workers.
 */
export async function startExport(
  services: AppServices,
  request: FastifyRequest,
  userId: number,
  wanted: ExportRequest,
): Promise<ExportBody> {
  const { db, config } = services;
  // Counted from the jobs table itself, so every instance sees the same count.
  const [recent] = await db.query<{ n: number; age: number | null }>(
    `SELECT count(*)::int AS n, extract(epoch FROM now() - min(created_at))::float8 AS age FROM jobs
     WHERE kind = $1 AND user_id = $2 AND created_at > now() - interval '1 minute'`,
    [EXPORT_JOB, userId],
  );
  if (recent && recent.n >= EXPORTS_PER_MINUTE)
    throw tooManyAttempts(Math.max(1, Math.ceil(60 - (recent.age ?? 0))));
  const payload: ExportPayload = {
    format: wanted.format,
    scope: wanted.scope,
    title: wanted.title,
    geometry_type: wanted.geometryType,
    file_name: exportFileName(wanted.title, EXPORT_FORMATS[wanted.format].extension),
    email_to_send: wanted.emailToSend ?? null,
    link_origin: linkOrigin(config, request.server),
    locale: localeOf(request),
  };
  const inline = (await countScope(db, layerParts(wanted.scope))) <= INLINE_EXPORT_LIMIT;
  const worker = inline
    ? createJobWorker({
        db,
        runners: {
          [EXPORT_JOB]: configuredExportRunner(db, config, services.mailer, services.log),
        },
        onError: (error, failed) => services.log.error({ err: error, job: failed.id }, 'export failed'),
      })
    : undefined;
  // A small export is made here and answered ready; it is queued already held by this request,
  // so the instance's polling worker cannot take it in between and leave the answer `running`.
  const job = await enqueueJob(
    db,
    {
      kind: EXPORT_JOB,
      payload: payload as unknown as Record<string, unknown>,
      userId,
      mapId: wanted.mapId,
      expiresAt: new Date(Date.now() + EXPORT_LIFETIME_HOURS * 3600_000),
    },
    worker && { workerId: worker.workerId, leaseMs: worker.leaseMs },
  );
  if (worker) await worker.runClaimed(job);
  return toExport(await exportOr404(db, job.id));
}

async function exportOr404(db: Queryable, id: string) {
  const record = await findExport(db, id);
  if (!record) throw new Error(`export ${id} vanished`);
  return record;
}
