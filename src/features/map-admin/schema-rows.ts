import type { LayerProperty, LayerPropertyInput, LayerPropertyType } from '../../../generated/model';

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
  }));
}

function optionList(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((option) => option.trim())
    .filter((option) => option !== '');
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
  };
}
