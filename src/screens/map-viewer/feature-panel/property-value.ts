import type { LayerProperty } from '@generated/model';

/** A property value as text for the panel and the table, by the layer schema's type. */
export function formatPropertyValue(
  property: Pick<LayerProperty, 'type'>,
  value: unknown,
  words: { yes: string; no: string },
): string {
  if (value === null || value === undefined || value === '') return '—';
  if (property.type === 'boolean')
    return value === true ? words.yes : value === false ? words.no : String(value);
  if (property.type === 'enum' && typeof value === 'string') return value.replaceAll('_', ' ');
  return String(value);
}
