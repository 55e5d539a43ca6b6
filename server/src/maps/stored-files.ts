import { unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Queryable } from '../db/database.ts';

/**
 * Attachments live on disk at `<DATA_DIR>/files/<storage_key>`. Rows go with their features
 * by cascade; the bytes are removed only after the transaction commits, so a rollback never
 * leaves rows pointing at deleted files. The keys are selected before the rows are deleted,
 * those kept for restoring deleted features included.
 */
export async function localFileKeysOfLayers(
  db: Queryable,
  where: 'map' | 'layer',
  id: number,
): Promise<string[]> {
  const column = where === 'map' ? 'l.map_id' : 'l.id';
  const rows = await db.query<{ storage_key: string }>(
    `SELECT ff.storage_key FROM feature_files ff
       JOIN features ft ON ft.id = ff.feature_id
       JOIN layers l ON l.id = ft.layer_id
     WHERE ${column} = $1 AND ff.storage_type = 'local'
     UNION ALL
     SELECT k.storage_key FROM deleted_feature_files k JOIN layers l ON l.id = k.layer_id
     WHERE ${column} = $1 AND k.storage_type = 'local'`,
    [id],
  );
  return rows.map((row) => row.storage_key);
}

/**
 * Deletes the files; ones already gone are fine, and a key never reaches outside the files
 * folder. Runs after the commit, so any other failure is logged rather than failing a change
 * that has already happened.
 */
export async function unlinkStoredFiles(
  dataDir: string,
  keys: readonly string[],
  log: { warn(details: object, message: string): void },
): Promise<void> {
  const root = path.resolve(dataDir, 'files');
  await Promise.all(
    keys.map(async (key) => {
      const file = path.resolve(root, key);
      if (!file.startsWith(`${root}${path.sep}`)) return;
      try {
        await unlink(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
          log.warn({ err: error, key }, 'could not delete an attachment file');
      }
    }),
  );
}
