import type { Queryable } from '../db/database.ts';

/**
 * Schema edits rewrite stored values (renames, conversions, deletions), and every change to a
 * feature leaves a history row (docs/decisions.md#feature-history). The layer's values are kept aside before the edit
 * and compared after it, in SQL, so a large layer never travels through the server. The rows
 * have the shape the feature history uses: only the properties that changed, old and new,
 * with a missing value as null.
 */
export async function keepValuesBeforeSchemaChange(
  tx: Queryable,
  layerId: number,
  names: readonly string[],
): Promise<void> {
  // Only features holding one of the touched names can change.
  await tx.query(
    `CREATE TEMP TABLE feature_values_before ON COMMIT DROP AS
     SELECT id, properties FROM features WHERE layer_id = $1 AND properties ?| $2::text[]`,
    [layerId, names],
  );
}

export async function auditSchemaChange(tx: Queryable, layerId: number, userId: number): Promise<void> {
  await tx.query(
    `INSERT INTO feature_audits (layer_id, auditable_id, event, old_values, new_values, user_id)
     SELECT $1, ft.id, 'updated', d.old_values, d.new_values, $2
     FROM features ft
     JOIN feature_values_before b ON b.id = ft.id
     CROSS JOIN LATERAL (
       SELECT jsonb_object_agg(k.name, COALESCE(b.properties -> k.name, 'null'::jsonb)) AS old_values,
         jsonb_object_agg(k.name, COALESCE(ft.properties -> k.name, 'null'::jsonb)) AS new_values
       FROM (SELECT jsonb_object_keys(b.properties) UNION SELECT jsonb_object_keys(ft.properties)) k(name)
       WHERE (b.properties -> k.name) IS DISTINCT FROM (ft.properties -> k.name)
     ) d
     WHERE ft.layer_id = $1 AND ft.properties IS DISTINCT FROM b.properties
     ORDER BY ft.id`,
    [layerId, userId],
  );
  await tx.query('DROP TABLE feature_values_before');
}
