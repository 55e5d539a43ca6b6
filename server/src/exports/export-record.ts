import type { components } from '@generated/openapi-types.ts';
import { firstRow, type Queryable } from '../db/database.ts';

export type ExportBody = components['schemas']['ExportFile'];

/** A row of the `exports` view (migration 007). */
export interface ExportRecord {
  id: string;
  user_id: number | null;
  map_id: number | null;
  status: ExportBody['status'];
  progress: number;
  format: ExportBody['format'];
  file_name: string;
  size: number | string | null;
  file: string | null;
  /** Where the file is kept (`s3`); null for files on local disk, as before buckets. */
  storage: string | null;
  error: string | null;
  expires_at: Date;
}

export function findExport(db: Queryable, id: string) {
  return firstRow<ExportRecord>(
    db,
    `SELECT e.id, e.user_id, e.map_id, e.status, e.progress, e.format, e.file_name, e.size, e.file,
       j.result ->> 'storage' AS storage, e.error, e.expires_at
     FROM exports e JOIN jobs j ON j.id = e.id WHERE e.id = $1`,
    [id],
  );
}

export function toExport(record: ExportRecord): ExportBody {
  return {
    id: record.id,
    status: record.status,
    progress: record.progress,
    format: record.format,
    file_name: record.file_name,
    size: record.size === null ? null : Number(record.size),
    expires_at: new Date(record.expires_at).toISOString(),
  };
}
