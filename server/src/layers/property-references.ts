import type { Queryable } from '../db/database.ts';

/**
 * A layer's property names are also used by its style (label, thematic property and size), filters, saved searches and main
 * searches. Renames carry over to them, so a rename never breaks a filter or search; the
 * mapping is applied in one statement per table, so swapping two names works.
 */
export async function renameReferences(
  db: Queryable,
  layerId: number,
  olds: readonly string[],
  news: readonly string[],
): Promise<void> {
  const renamed = (value: string) =>
    `COALESCE((SELECT r.new FROM unnest($2::text[], $3::text[]) r(old, new) WHERE r.old = ${value}), ${value})`;
  const renamedList = (column: string) =>
    `(SELECT COALESCE(jsonb_agg(${renamed('f.value')} ORDER BY f.n), '[]'::jsonb)
      FROM jsonb_array_elements_text(${column}) WITH ORDINALITY f(value, n))`;
  const values = [layerId, olds, news];
  await db.query(
    `UPDATE layers SET style = jsonb_set(style, '{label_property}', to_jsonb(${renamed("style ->> 'label_property'")}))
     WHERE id = $1 AND style ->> 'label_property' = ANY($2::text[])`,
    values,
  );
  // The property a thematic style is classified by, and the one its size is graduated by.
  await db.query(
    `UPDATE layers SET style = jsonb_set(style, '{property}', to_jsonb(${renamed("style ->> 'property'")}))
     WHERE id = $1 AND style ->> 'property' = ANY($2::text[])`,
    values,
  );
  await db.query(
    `UPDATE layers SET style = jsonb_set(style, '{size,property}', to_jsonb(${renamed("style #>> '{size,property}'")}))
     WHERE id = $1 AND style #>> '{size,property}' = ANY($2::text[])`,
    values,
  );
  await db.query(
    `UPDATE layers SET time_property = ${renamed('time_property')} WHERE id = $1 AND time_property = ANY($2::text[])`,
    values,
  );
  await db.query(
    `UPDATE filters SET property = ${renamed('property')} WHERE layer_id = $1 AND property = ANY($2::text[])`,
    values,
  );
  await db.query(
    `UPDATE searches SET fields = ${renamedList('fields')} WHERE layer_id = $1 AND fields ?| $2::text[]`,
    values,
  );
  await db.query(
    `UPDATE main_searches SET fields = ${renamedList('fields')}, display_field = ${renamed('display_field')}
     WHERE layer_id = $1 AND (fields ?| $2::text[] OR display_field = ANY($2::text[]))`,
    values,
  );
}

/**
 * Deleted properties: the label is dropped, a thematic style on them becomes single, filters on them are deleted, and searches lose
 * those fields; a search left with no field, or a main search whose display field is gone,
 * can no longer work and is deleted.
 */
export async function dropReferences(
  db: Queryable,
  layerId: number,
  names: readonly string[],
): Promise<void> {
  const values = [layerId, names];
  await db.query(
    `UPDATE layers SET style = jsonb_set(style, '{label_property}', 'null')
     WHERE id = $1 AND style ->> 'label_property' = ANY($2::text[])`,
    values,
  );
  // A thematic style without its property draws one symbol again; a size without its property goes.
  await db.query(
    `UPDATE layers SET style = style || '{"kind": "single", "property": null}'::jsonb
     WHERE id = $1 AND style ->> 'property' = ANY($2::text[])`,
    values,
  );
  await db.query(
    `UPDATE layers SET style = style || '{"size": null}'::jsonb
     WHERE id = $1 AND style #>> '{size,property}' = ANY($2::text[])`,
    values,
  );
  await db.query(
    'UPDATE layers SET time_property = NULL WHERE id = $1 AND time_property = ANY($2::text[])',
    values,
  );
  await db.query('DELETE FROM filters WHERE layer_id = $1 AND property = ANY($2::text[])', values);
  await db.query('DELETE FROM main_searches WHERE layer_id = $1 AND display_field = ANY($2::text[])', values);
  for (const table of ['searches', 'main_searches']) {
    await db.query(
      `DELETE FROM ${table} WHERE layer_id = $1 AND fields ?| $2::text[]
         AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements_text(fields) f(value) WHERE NOT f.value = ANY($2::text[]))`,
      values,
    );
    await db.query(
      `UPDATE ${table} SET fields = (SELECT jsonb_agg(f.value ORDER BY f.n)
         FROM jsonb_array_elements(fields) WITH ORDINALITY f(value, n) WHERE NOT (f.value #>> '{}') = ANY($2::text[]))
       WHERE layer_id = $1 AND fields ?| $2::text[]`,
      values,
    );
  }
}
