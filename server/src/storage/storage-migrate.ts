import path from 'node:path';
import type { ServerConfig } from '../config.ts';
import type { Queryable } from '../db/database.ts';
import { storeOfKind } from './file-store.ts';
import { localStore } from './local-store.ts';

export interface MigrationReport {
  attachments: number;
  exports: number;
  imports: number;
}

/**
 * Copies every file under DATA_DIR (attachments, finished exports, waiting import uploads)
 * into the bucket, then tells the database they are there, then deletes the local copies
 * (unless `keepLocal`). Idempotent: run it again after an interruption and it finishes.
 * Run it with the instances stopped, or at least no uploads in flight.
 */
export async function migrateLocalFilesToBucket(
  db: Queryable,
  config: ServerConfig,
  options: { keepLocal?: boolean; log?: (line: string) => void } = {},
): Promise<MigrationReport> {
  if (config.storage.kind !== 's3') throw new Error('set STORAGE=s3 and the S3_* settings first');
  const local = localStore(config.dataDir);
  const bucket = storeOfKind(config, 's3');
  const log = options.log ?? (() => undefined);
  const report: MigrationReport = { attachments: 0, exports: 0, imports: 0 };
  const copied: string[] = [];
  for (const area of ['files/features/', 'exports/', 'imports/'] as const) {
    for await (const { key } of local.list(area)) {
      if (path.posix.basename(key).startsWith('.')) continue; // an export's temp file
      await local.withLocalCopy(key, (file) => bucket.putFile(key, file, undefined, { keep: true }));
      copied.push(key);
      log(`copied ${key}`);
    }
  }
  const attachmentKeys = copied
    .filter((key) => key.startsWith('files/'))
    .map((key) => key.slice('files/'.length));
  for (const table of ['feature_files', 'deleted_feature_files'])
    report.attachments += (
      await db.query(
        `UPDATE ${table} SET storage_type = 's3' WHERE storage_type = 'local' AND storage_key = ANY($1::text[]) RETURNING 1`,
        [attachmentKeys],
      )
    ).length;
  const exportNames = copied
    .filter((key) => key.startsWith('exports/'))
    .map((key) => key.slice('exports/'.length));
  report.exports = (
    await db.query(
      `UPDATE jobs SET result = result || '{"storage":"s3"}'::jsonb
       WHERE kind = 'export' AND result ->> 'file' = ANY($1::text[]) AND result ->> 'storage' IS NULL RETURNING 1`,
      [exportNames],
    )
  ).length;
  // Waiting imports: their key is the folder under DATA_DIR/imports the upload is in.
  const importKeys = copied.filter((key) => key.startsWith('imports/'));
  report.imports = (
    await db.query(
      `UPDATE jobs SET payload = payload || jsonb_build_object('object_key', k.key)
       FROM unnest($1::text[]) AS k(key)
       WHERE kind = 'import' AND status IN ('queued', 'running')
         AND payload -> 'request' ->> 'file' LIKE '%/' || k.key RETURNING 1`,
      [importKeys],
    )
  ).length;
  if (!options.keepLocal) await local.remove(copied);
  return report;
}
