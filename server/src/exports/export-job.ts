import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { isLocale, translator } from '../i18n/messages.ts';
import type { JobRunner } from '../jobs/job-worker.ts';
import type { Mailer } from '../mail/mailer.ts';
import { exportKey, type FileStore, type StorageKind } from '../storage/file-store.ts';
import { localStore } from '../storage/local-store.ts';
import { EXPORT_FORMATS } from './export-formats.ts';
import {
  countScope,
  layerParts,
  refreshStaleStatistics,
  streamScope,
  type ExportFormat,
  type ExportScope,
  type LayerPart,
} from './export-scope.ts';
import type { TextFormat } from './text-formats.ts';
import { streamScopeText } from './text-stream.ts';
import { fileSink, type ExportField } from './writers/export-writer.ts';

export const EXPORT_JOB = 'export';

/** What an export job carries in `jobs.payload`: enough to redo it after a restart. */
export interface ExportPayload {
  format: ExportFormat;
  scope: ExportScope;
  file_name: string;
  title: string;
  geometry_type: string | null;
  email_to_send: string | null;
  /** Origin for the mailed link, fixed when the export was asked for. */
  link_origin: string;
  locale: string;
}

export interface ExportDeps {
  db: Queryable;
  /** Temp files are written here (under `exports/`) before they go to the store. */
  dataDir: string;
  /** Where finished files go; DATA_DIR itself when not given. */
  store?: FileStore;
  mailer: Mailer;
  log?: FastifyBaseLogger;
}

export const exportsDir = (dataDir: string) => path.join(dataDir, 'exports');

/**
 * The columns: the union of the layers' attribute schemas, first definition wins, without the
 * properties hidden from the caller on each layer.
 */
async function exportFields(db: Queryable, parts: LayerPart[]): Promise<ExportField[]> {
  const layerIds = parts.map((part) => part.layerId);
  const rows = await db.query<{ id: number; properties: ExportField[] }>(
    `SELECT id, properties FROM layers WHERE id = ANY($1::int[]) ORDER BY array_position($1::int[], id)`,
    [layerIds],
  );
  const hiddenOn = new Map(parts.map((part) => [part.layerId, new Set(part.hidden)]));
  const fields = new Map<string, ExportField>();
  for (const row of rows) {
    const hidden = hiddenOn.get(row.id);
    for (const field of row.properties) {
      if (hidden?.has(field.name) || fields.has(field.name)) continue;
      fields.set(field.name, { name: field.name, type: field.type });
    }
  }
  return [...fields.values()];
}

/**
 * Writes the export to a temp name under DATA_DIR/exports and hands it to the store when
 * complete (a rename on disk, an upload to a bucket), so a download never sees a partial file;
 * a job re-run after a crash starts a fresh temp file. Any instance may download it then.
 */
export function exportRunner(deps: ExportDeps): JobRunner {
  const store = deps.store ?? localStore(deps.dataDir);
  return async ({ job, progress }) => {
    const payload = job.payload as unknown as ExportPayload;
    const format = EXPORT_FORMATS[payload.format];
    const parts = layerParts(payload.scope);
    const fields = await exportFields(deps.db, parts);
    const total = await countScope(deps.db, parts);
    await refreshStaleStatistics(deps.db, total);
    const dir = exportsDir(deps.dataDir);
    await mkdir(dir, { recursive: true });
    const fileName = `${job.id}.${format.extension}`;
    const temp = path.join(dir, `.${job.id}-${randomUUID()}.tmp`);
    const report = (done: number) => progress(total === 0 ? 1 : Math.min(0.99, done / total));
    try {
      if (format.text) await writeText(deps.db, { parts, fields, format: format.text, path: temp, report });
      else {
        const writer = format.writer({
          path: temp,
          fields,
          title: payload.title,
          geometryType: payload.geometry_type,
        });
        let done = 0;
        for await (const rows of streamScope(deps.db, parts, payload.format)) {
          await writer.write(rows);
          done += rows.length;
          await report(done);
        }
        await writer.finish();
      }
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    const { size } = await stat(temp);
    try {
      await store.putFile(exportKey(fileName), temp, format.contentType);
    } finally {
      await rm(temp, { force: true });
    }
    if (payload.email_to_send) await mailLink(deps, job.id, payload);
    return { file: fileName, size, ...(store.kind === 'local' ? {} : { storage: store.kind }) };
  };
}

/** A text format: each batch's text, as PostgreSQL made it, copied to the file. */
async function writeText(
  db: Queryable,
  job: {
    parts: LayerPart[];
    fields: ExportField[];
    format: TextFormat;
    path: string;
    report: (done: number) => Promise<void>;
  },
): Promise<void> {
  const sink = fileSink(job.path);
  try {
    await sink.write(job.format.head(job.fields));
    let done = 0;
    for await (const batch of streamScopeText(db, job.parts, job.fields, job.format)) {
      await sink.write(done === 0 ? batch.text : job.format.separator + batch.text);
      done += batch.count;
      await job.report(done);
    }
    await sink.write(job.format.tail);
  } finally {
    await sink.close();
  }
}

async function mailLink(deps: ExportDeps, id: string, payload: ExportPayload): Promise<void> {
  const t = translator(isLocale(payload.locale) ? payload.locale : 'en');
  const link = `${payload.link_origin}/api/get-export/${id}`;
  try {
    await deps.mailer.send({
      to: payload.email_to_send ?? '',
      subject: t('exports.mail_subject', { file: payload.file_name }),
      text: t('exports.mail_text', { file: payload.file_name, link }),
    });
  } catch (error) {
    // The file is made; a mail server hiccup must not throw the export away.
    deps.log?.error({ err: error }, 'export mail failed');
  }
}

/**
 * Deletes the files of exports past `expires_at` (downloads answer 410 for them either way),
 * from the bucket too, and temp files a dead instance left behind. Any instance may run it;
 * SKIP LOCKED keeps two from fighting over the same rows.
 */
export async function purgeExpiredExports(
  db: Queryable,
  dataDir: string,
  store: FileStore = localStore(dataDir),
): Promise<number> {
  const expired = await db.query<{ file: string; storage: StorageKind | null }>(
    `WITH expired AS (
       SELECT id, result ->> 'file' AS file, result ->> 'storage' AS storage FROM jobs
       WHERE kind = $1 AND expires_at < now() AND result ? 'file' FOR UPDATE SKIP LOCKED
     )
     UPDATE jobs j SET result = j.result - 'file', updated_at = now() FROM expired e WHERE j.id = e.id
     RETURNING e.file, e.storage`,
    [EXPORT_JOB],
  );
  const local = store.kind === 'local' ? store : localStore(dataDir);
  for (const kind of ['local', 's3'] as const) {
    const keys = expired
      .filter((row) => (row.storage ?? 'local') === kind)
      .map((row) => exportKey(path.basename(row.file)));
    if (keys.length > 0) await (kind === 'local' ? local : store).remove(keys);
  }
  const dir = exportsDir(dataDir);
  const dayAgo = Date.now() - 24 * 3600_000;
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.endsWith('.tmp'))) {
    const info = await stat(path.join(dir, name)).catch(() => undefined);
    if (info && info.mtimeMs < dayAgo) await rm(path.join(dir, name), { force: true });
  }
  return expired.length;
}
