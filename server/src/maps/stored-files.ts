import type { ServerConfig } from '../config.ts';
import type { Queryable } from '../db/database.ts';
import { attachmentKey, storeOfKind, type StorageKind } from '../storage/file-store.ts';

export interface StoredFileRef {
  storage_type: StorageKind;
  storage_key: string;
}

/**
 * Attachments live in the file store at `files/<storage_key>`. Rows go with their features
 * by cascade; the bytes are removed only after the transaction commits, so a rollback never
 * leaves rows pointing at deleted files. The keys are selected before the rows are deleted,
 * those kept for restoring deleted features included.
 */
export async function storedFilesOfLayers(
  db: Queryable,
  where: 'map' | 'layer',
  id: number,
): Promise<StoredFileRef[]> {
  const column = where === 'map' ? 'l.map_id' : 'l.id';
  return db.query<StoredFileRef>(
    `SELECT ff.storage_type, ff.storage_key FROM feature_files ff
       JOIN features ft ON ft.id = ff.feature_id
       JOIN layers l ON l.id = ft.layer_id
     WHERE ${column} = $1
     UNION ALL
     SELECT k.storage_type, k.storage_key FROM deleted_feature_files k JOIN layers l ON l.id = k.layer_id
     WHERE ${column} = $1`,
    [id],
  );
}

/**
 * Deletes the files from the store each is kept in; ones already gone are fine, and a key
 * never reaches outside its area. Runs after the commit, so any failure is logged rather than
 * failing a change that has already happened.
 */
export async function unlinkStoredFiles(
  config: ServerConfig,
  files: readonly StoredFileRef[],
  log: { warn(details: object, message: string): void },
): Promise<void> {
  for (const kind of ['local', 's3'] as const) {
    const keys = files.filter((file) => file.storage_type === kind).map((file) => file.storage_key);
    if (keys.length === 0) continue;
    try {
      await storeOfKind(config, kind).remove(keys.map(attachmentKey));
    } catch (error) {
      log.warn({ err: error, keys }, 'could not delete attachment files');
    }
  }
}
