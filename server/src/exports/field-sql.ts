import type { ExportField } from './writers/export-writer.ts';

/**
 * The property as the field's type says, as SQL text (NULL when it does not fit): the same
 * reading as `fieldValue`, done by PostgreSQL so that the text formats never parse a row in
 * JavaScript. `key` is the bind parameter holding the property name.
 */
export function fieldTextSql(field: ExportField, key: string): string {
  const value = `(ft.properties -> ${key}::text)`;
  const text = `(${value} #>> '{}')`;
  switch (field.type) {
    case 'integer':
    case 'number':
      // Strings that read as a decimal number count as that number (as Number() does);
      // the length and exponent bounds keep the float8 cast from overflowing.
      return `CASE jsonb_typeof(${value})
        WHEN 'number' THEN ${value}::text
        WHEN 'boolean' THEN CASE WHEN ${value} = 'true'::jsonb THEN '1' ELSE '0' END
        WHEN 'string' THEN CASE WHEN length(${text}) <= 100
          AND ${text} ~ '^\\s*[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d{1,2})?\\s*$'
          THEN (${text}::float8)::text END
        END`;
    case 'boolean':
      return `CASE WHEN ${value} IN ('true'::jsonb, '"true"'::jsonb) THEN 'true'
        WHEN ${value} IN ('false'::jsonb, '"false"'::jsonb) THEN 'false' END`;
    default:
      return `NULLIF(CASE jsonb_typeof(${value}) WHEN 'string' THEN ${text} WHEN 'null' THEN NULL
        ELSE ${value}::text END, '')`;
  }
}

/**
 * The same value as JSON text, never NULL ('null' instead). A stored string is copied as
 * jsonb prints it (already a JSON string, escaped as to_json would), not decoded and re-encoded.
 */
export function fieldJsonSql(field: ExportField, key: string): string {
  if (field.type === 'integer' || field.type === 'number' || field.type === 'boolean')
    return `COALESCE(${fieldTextSql(field, key)}, 'null')`;
  const value = `(ft.properties -> ${key}::text)`;
  return `CASE jsonb_typeof(${value})
    WHEN 'string' THEN CASE WHEN ${value} = '""'::jsonb THEN 'null' ELSE ${value}::text END
    WHEN 'null' THEN 'null'
    WHEN 'number' THEN to_json(${value}::text)::text
    WHEN 'boolean' THEN to_json(${value}::text)::text
    WHEN 'object' THEN to_json(${value}::text)::text
    WHEN 'array' THEN to_json(${value}::text)::text
    ELSE 'null' END`;
}
