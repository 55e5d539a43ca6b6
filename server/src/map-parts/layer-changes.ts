import type { Queryable } from '../db/database.ts';

/**
 * Keeps saved searches, main search entries and filters true to a layer's attribute schema
 * when properties are renamed or deleted (updateLayerProperties / deleteLayerProperties).
 * Call inside the same transaction as the schema change, so nothing points at a property
 * that no longer exists.
 */
export async function renameLayerPropertyInMapParts(
  tx: Queryable,
  layerId: number,
  from: string,
  to: string,
): Promise<void> {
  const renamed = `(SELECT jsonb_agg(CASE WHEN e.v = $2 THEN $3 ELSE e.v END ORDER BY e.n)
    FROM jsonb_array_elements_text(fields) WITH ORDINALITY AS e(v, n))`;
  await tx.query(`UPDATE searches SET fields = ${renamed} WHERE layer_id = $1 AND fields ? $2`, [
    layerId,
    from,
    to,
  ]);
  await tx.query(
    `UPDATE main_searches SET fields = CASE WHEN fields ? $2 THEN ${renamed} ELSE fields END,
       display_field = CASE WHEN display_field = $2 THEN $3 ELSE display_field END
     WHERE layer_id = $1 AND (fields ? $2 OR display_field = $2)`,
    [layerId, from, to],
  );
  await tx.query('UPDATE filters SET property = $3 WHERE layer_id = $1 AND property = $2', [
    layerId,
    from,
    to,
  ]);
}

/**
 * Deleted properties leave the searched fields; a search left with no field, a main search
 * entry that lost its display field or all its fields, and a filter on a deleted property
 * have nothing left to do and are deleted with them.
 */
export async function deleteLayerPropertiesInMapParts(
  tx: Queryable,
  layerId: number,
  names: readonly string[],
): Promise<void> {
  const list = [...names];
  await tx.query(
    'UPDATE searches SET fields = fields - $2::text[] WHERE layer_id = $1 AND fields ?| $2::text[]',
    [layerId, list],
  );
  await tx.query('DELETE FROM searches WHERE layer_id = $1 AND jsonb_array_length(fields) = 0', [layerId]);
  await tx.query(
    'UPDATE main_searches SET fields = fields - $2::text[] WHERE layer_id = $1 AND fields ?| $2::text[]',
    [layerId, list],
  );
  await tx.query(
    `DELETE FROM main_searches
     WHERE layer_id = $1 AND (jsonb_array_length(fields) = 0 OR display_field = ANY($2::text[]))`,
    [layerId, list],
  );
  await tx.query('DELETE FROM filters WHERE layer_id = $1 AND property = ANY($2::text[])', [layerId, list]);
}

/**
 * transferLayer with mode `move`: the layer's saved searches, main search entry and filters
 * go with it (on the old map they could no longer run), at the end of the target map's lists.
 */
export async function moveLayerMapParts(tx: Queryable, layerId: number, targetMapId: number): Promise<void> {
  for (const table of ['searches', 'main_searches', 'filters'] as const) {
    await tx.query(
      `UPDATE ${table} SET map_id = $2,
         "order" = LEAST((SELECT COALESCE(max(t."order") + 1, 0) FROM ${table} t WHERE t.map_id = $2), 10000)
       WHERE layer_id = $1 AND map_id <> $2`,
      [layerId, targetMapId],
    );
  }
}
