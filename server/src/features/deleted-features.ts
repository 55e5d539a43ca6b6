import type { components } from '@generated/openapi-types.ts';
import type { Queryable } from '../db/database.ts';
import type { Geometry } from './feature-geometry.ts';
import { propertiesAndGeometry } from './feature-versions.ts';

type DeletedFeature = components['schemas']['DeletedFeature'];

/**
 * Before features are deleted (same transaction): keep their attachment rows and their links
 * to related features, which the delete cascades away, so a restore brings them back. The
 * attachment bytes stay on disk under the same keys.
 */
export async function keepForRestore(tx: Queryable, featureIds: readonly number[]): Promise<void> {
  if (featureIds.length === 0) return;
  await tx.query(
    `INSERT INTO deleted_feature_files
       (id, feature_id, layer_id, name, mime_type, size, storage_type, storage_key, created_by, created_at)
     SELECT ff.id, ff.feature_id, ft.layer_id, ff.name, ff.mime_type, ff.size, ff.storage_type,
       ff.storage_key, ff.created_by, ff.created_at
     FROM feature_files ff JOIN features ft ON ft.id = ff.feature_id
     WHERE ff.feature_id = ANY($1::int[])
     ON CONFLICT (id) DO NOTHING`,
    [featureIds],
  );
  await tx.query(
    `INSERT INTO deleted_feature_links (deleted_feature_id, relation_id, parent_feature_id, child_feature_id)
     SELECT d.id, fl.relation_id, fl.parent_feature_id, fl.child_feature_id
     FROM feature_links fl JOIN unnest($1::int[]) AS d(id)
       ON d.id = fl.parent_feature_id OR d.id = fl.child_feature_id
     ON CONFLICT DO NOTHING`,
    [featureIds],
  );
}

/**
 * After a deleted feature's row is back (same transaction): its attachments, and its links
 * whose other feature exists now (a link to one still deleted comes back with that one).
 */
export async function bringBackKept(tx: Queryable, featureId: number): Promise<void> {
  await tx.query(
    `WITH kept AS (DELETE FROM deleted_feature_files WHERE feature_id = $1 RETURNING *)
     INSERT INTO feature_files (id, feature_id, name, mime_type, size, storage_type, storage_key, created_by, created_at)
     SELECT id, feature_id, name, mime_type, size, storage_type, storage_key, created_by, created_at FROM kept`,
    [featureId],
  );
  await tx.query(
    `INSERT INTO feature_links (relation_id, parent_feature_id, child_feature_id)
     SELECT k.relation_id, k.parent_feature_id, k.child_feature_id FROM deleted_feature_links k
     WHERE k.deleted_feature_id = $1
       AND EXISTS (SELECT 1 FROM features p WHERE p.id = k.parent_feature_id)
       AND EXISTS (SELECT 1 FROM features c WHERE c.id = k.child_feature_id)
     ON CONFLICT DO NOTHING`,
    [featureId],
  );
  await tx.query('DELETE FROM deleted_feature_links WHERE deleted_feature_id = $1', [featureId]);
}

interface DeletedRow {
  deletion_id: number;
  auditable_id: number;
  layer_id: number;
  version: number;
  old_values: Record<string, unknown> | null;
  created_at: Date;
  user_id: number | null;
  user_name: string | null;
  files_count: number;
}

/**
 * A layer's deleted features not brought back, newest deletion first: the deletions that
 * are their feature's newest version. Keyset paged on the deletion's history id.
 */
export async function deletedFeaturesOfLayer(
  db: Queryable,
  layerId: number,
  limit: number,
  before: number | undefined,
): Promise<{ data: DeletedFeature[]; nextBefore: number | null }> {
  const rows = await db.query<DeletedRow>(
    `SELECT a.id AS deletion_id, a.auditable_id, a.layer_id, a.version, a.old_values, a.created_at,
       u.id AS user_id, u.name AS user_name,
       (SELECT count(*)::int FROM deleted_feature_files k WHERE k.feature_id = a.auditable_id) AS files_count
     FROM feature_audits a LEFT JOIN users u ON u.id = a.user_id
     WHERE a.layer_id = $1 AND a.event = 'deleted' AND a.id < $2
       AND NOT EXISTS (SELECT 1 FROM feature_audits b
         WHERE b.auditable_id = a.auditable_id AND b.version > a.version)
       AND NOT EXISTS (SELECT 1 FROM features ft WHERE ft.id = a.auditable_id)
     ORDER BY a.id DESC LIMIT $3`,
    [layerId, before ?? 2_147_483_647, limit + 1],
  );
  const page = rows.slice(0, limit);
  const data = page.map((row): DeletedFeature => {
    const { properties, geometry } = propertiesAndGeometry(row.old_values ?? {});
    return {
      id: row.auditable_id,
      layer_id: row.layer_id,
      version: row.version,
      geometry: (geometry ?? null) as Geometry | null,
      properties: properties as DeletedFeature['properties'],
      files_count: row.files_count,
      deleted_at: new Date(row.created_at).toISOString(),
      deleted_by: row.user_id === null ? null : { id: row.user_id, name: row.user_name ?? '' },
      deletion_id: row.deletion_id,
    };
  });
  const last = page[page.length - 1];
  return { data, nextBefore: rows.length > limit && last ? last.deletion_id : null };
}
