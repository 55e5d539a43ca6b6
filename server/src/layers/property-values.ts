import type { Queryable } from '../db/database.ts';
import type { LayerProperty } from './layer-schema.ts';

/**
 * SQL over one stored value `v` (a jsonb expression): whether it can become the given type,
 * and what it becomes. JSON nulls and missing values always fit and are left alone.
 */
type PropertyType = LayerProperty['type'];

const NUMBER_TEXT = `'^\\s*-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?\\s*$'`;
const INTEGER_TEXT = `'^\\s*-?[0-9]+\\s*$'`;

function fits(type: PropertyType, v: string, options: string): string {
  const text = `(${v} #>> '{}')`;
  const kind = `jsonb_typeof(${v})`;
  switch (type) {
    case 'string':
      return 'true';
    case 'number':
      return `(${kind} = 'number' OR (${kind} = 'string' AND ${text} ~ ${NUMBER_TEXT}))`;
    case 'integer':
      // CASE, not AND: the cast must only ever see numbers.
      return `(CASE WHEN ${kind} = 'number' THEN ${text}::numeric % 1 = 0
        WHEN ${kind} = 'string' THEN ${text} ~ ${INTEGER_TEXT} ELSE false END)`;
    case 'boolean':
      return `(${kind} = 'boolean' OR (${kind} = 'string' AND lower(${text}) IN ('true', 'false')))`;
    case 'date':
      return `(${kind} = 'string' AND ${text} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}')`;
    case 'url':
      return `(${kind} = 'string' AND ${text} ~ '^https?://[^\\s]+$')`;
    case 'enum':
      return `(${kind} IN ('string', 'number', 'boolean') AND ${text} = ANY(${options}::text[]))`;
  }
}

function converted(type: PropertyType, v: string): string {
  const text = `(${v} #>> '{}')`;
  switch (type) {
    case 'string':
    case 'enum':
      return `to_jsonb(${text})`;
    case 'number':
      return `to_jsonb(trim(${text})::numeric)`;
    case 'integer':
      return `to_jsonb(trim(${text})::numeric::bigint)`;
    case 'boolean':
      return `to_jsonb(lower(${text})::boolean)`;
    case 'date':
    case 'url':
      return v;
  }
}

/**
 * Converts the layer's stored values of `property` to its (new) type. Returns false, changing
 * nothing, when some value does not convert (e.g. "abc" to integer, or a value outside an
 * enum's options).
 */
export async function convertStoredValues(
  db: Queryable,
  layerId: number,
  property: LayerProperty,
): Promise<boolean> {
  const v = `(ft.properties -> $2::text)`;
  const present = `ft.layer_id = $1 AND ft.properties ? $2::text AND jsonb_typeof(${v}) <> 'null'`;
  // Only an enum check has a third parameter: PostgreSQL refuses parameters a statement does not use.
  const enumOptions = property.type === 'enum' ? [property.options ?? []] : [];
  const misfits = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM features ft WHERE ${present} AND NOT ${fits(property.type, v, '$3')}`,
    [layerId, property.name, ...enumOptions],
  );
  if ((misfits[0]?.n ?? 0) > 0) return false;
  const value = converted(property.type, v);
  await db.query(
    `UPDATE features ft SET properties = jsonb_set(ft.properties, ARRAY[$2::text], ${value})
     WHERE ${present} AND ${v} IS DISTINCT FROM ${value}`,
    [layerId, property.name],
  );
  return true;
}
