import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { attachmentKey, fileStore, storeOfKind } from '../storage/file-store.ts';
import { writeAudits } from '../features/feature-audits.ts';
import { FILE_COLUMNS, type FeatureFileRow } from './file-records.ts';
import { newStorageKey } from './file-storage.ts';
import type { StagedFile } from './file-upload.ts';

const described = (row: Pick<FeatureFileRow, 'id' | 'name' | 'mime_type' | 'size'>) => ({
  file_id: row.id,
  name: row.name,
  mime_type: row.mime_type,
  size: row.size,
});

/**
 * Rows and history for every staged file in one transaction; only after it commits are the
 * bytes handed to the store (renamed into place on disk, uploaded to a bucket). Should that fail, the rows (and their history) are taken
 * back and the moved bytes removed: all files or none.
 */
export async function attachFiles(
  db: Database,
  config: ServerConfig,
  feature: { id: number; layer_id: number },
  staged: readonly StagedFile[],
  userId: number,
): Promise<FeatureFileRow[]> {
  const store = fileStore(config);
  const keys = staged.map(() => newStorageKey(feature.id));
  const rows = await db.transaction(async (tx) => {
    const inserted = await tx.query<FeatureFileRow>(
      `WITH ff AS (
         INSERT INTO feature_files (feature_id, name, mime_type, size, storage_type, storage_key, created_by)
         SELECT $1, f.name, f.mime_type, f.size, $4, f.storage_key, $3
         FROM jsonb_to_recordset($2::jsonb) AS f(name text, mime_type text, size int, storage_key text, n int)
         ORDER BY f.n RETURNING *)
       SELECT ${FILE_COLUMNS} FROM ff ORDER BY ff.id`,
      [
        feature.id,
        JSON.stringify(
          staged.map((file, n) => ({
            name: file.name,
            mime_type: file.mimeType,
            size: file.size,
            storage_key: keys[n],
            n,
          })),
        ),
        userId,
        store.kind,
      ],
    );
    await writeAudits(
      tx,
      inserted.map((row) => ({
        layerId: feature.layer_id,
        featureId: feature.id,
        event: 'file_added' as const,
        oldValues: null,
        newValues: described(row),
        userId,
      })),
    );
    return inserted;
  });
  try {
    for (const row of rows) {
      const file = staged[keys.indexOf(row.storage_key)];
      if (file) await store.putFile(attachmentKey(row.storage_key), file.tempPath, row.mime_type);
    }
  } catch (error) {
    await db.transaction(async (tx) => {
      const ids = rows.map((row) => row.id);
      await tx.query('DELETE FROM feature_files WHERE id = ANY($1::int[])', [ids]);
      await tx.query(
        `DELETE FROM feature_audits WHERE auditable_id = $1 AND event = 'file_added'
         AND (new_values ->> 'file_id')::int = ANY($2::int[])`,
        [feature.id, ids],
      );
    });
    await store.remove(keys.map(attachmentKey)).catch(() => undefined);
    throw error;
  }
  return rows;
}

/**
 * Removes the row with a history entry in one transaction, then the bytes (best effort, after
 * the commit: a leftover file is harmless, a row without its file is not).
 */
export async function detachFile(
  db: Database,
  config: ServerConfig,
  file: FeatureFileRow & { layer_id: number },
  userId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM feature_files WHERE id = $1', [file.id]);
    await writeAudits(tx, [
      {
        layerId: file.layer_id,
        featureId: file.feature_id,
        event: 'file_deleted',
        oldValues: described(file),
        newValues: null,
        userId,
      },
    ]);
  });
  await storeOfKind(config, file.storage_type)
    .remove([attachmentKey(file.storage_key)])
    .catch(() => undefined);
}
