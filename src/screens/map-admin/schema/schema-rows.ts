import type { LayerProperty, LayerPropertyInput, LayerPropertyType } from '@generated/model';

/** One attribute schema entry as the editor holds it. `saved` is its name on the server, if any. */
export type SchemaRow = {
  key: string;
  saved: string | null;
  name: string;
  label: string;
  type: LayerPropertyType;
  required: boolean;
  /** Enum options, one per line or comma-separated as typed. */
  options: string;
  /** The form's guides as typed: number bounds, a text pattern, a default ('' for none). */
  min: string;
  max: string;
  pattern: string;
  defaultValue: string;
};

let nextKey = 1;

export function newSchemaRow(): SchemaRow {
  return {
    key: `new-${nextKey++}`,
    saved: null,
    name: '',
    label: '',
    type: 'string',
    required: false,
    options: '',
    min: '',
    max: '',
    pattern: '',
    defaultValue: '',
  };
}

export function schemaRows(properties: readonly LayerProperty[]): SchemaRow[] {
  return properties.map((entry) => ({
    key: `saved-${entry.name}`,
    saved: entry.name,
    name: entry.name,
    label: entry.label,
    type: entry.type,
    required: entry.required,
    options: (entry.options ?? []).join(', '),
    min: entry.min === undefined || entry.min === null ? '' : String(entry.min),
    max: entry.max === undefined || entry.max === null ? '' : String(entry.max),
    pattern: entry.pattern ?? '',
    defaultValue: entry.default === undefined || entry.default === null ? '' : String(entry.default),
  }));
}

function optionList(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((option) => option.trim())
    .filter((option) => option !== '');
}

const numeric = (type: LayerPropertyType) => type === 'number' || type === 'integer';

/** A typed default as the value of its type (the server checks it against the type). */
function defaultOf(row: SchemaRow): string | number | boolean | null {
  const text = row.defaultValue.trim();
  if (text === '') return null;
  if (numeric(row.type) && text !== '' && Number.isFinite(Number(text))) return Number(text);
  if (row.type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/** The wire entry; a changed name travels with `previous_name` so the server renames. */
export function schemaInput(row: SchemaRow): LayerPropertyInput {
  return {
    name: row.name,
    ...(row.saved !== null && row.saved !== row.name ? { previous_name: row.saved } : {}),
    label: row.label === '' ? row.name : row.label,
    type: row.type,
    required: row.required,
    ...(row.type === 'enum' ? { options: optionList(row.options) } : {}),
    // Sent every time: an entry sent without them would lose them (PUT replaces the entry).
    ...(numeric(row.type) && row.min.trim() !== '' ? { min: Number(row.min) } : {}),
    ...(numeric(row.type) && row.max.trim() !== '' ? { max: Number(row.max) } : {}),
    ...(row.type === 'string' && row.pattern !== '' ? { pattern: row.pattern } : {}),
    ...(defaultOf(row) === null ? {} : { default: defaultOf(row) }),
  };
}
