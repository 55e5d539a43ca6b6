import { msg, type Problems } from '../i18n/messages.ts';
import type { FilterBody } from '../maps/records.ts';
import type { LayerProperty } from './layer-checks.ts';

type FilterType = FilterBody['type'];
type FilterOptions = FilterBody['options'];
type OptionValue = NonNullable<FilterOptions>[number]['value'];

const CHOICE_TYPES: ReadonlySet<FilterType> = new Set(['select', 'multiselect']);

/**
 * What is stored as a filter's options. Only `select` and `multiselect` have choices (the
 * document ignores options for the other types, so they are stored as null rather than kept
 * as something that looks meaningful). Empty means "the layer's distinct values", like null.
 */
export function storedOptions(type: FilterType, options: FilterOptions | undefined): FilterOptions {
  if (!CHOICE_TYPES.has(type) || options === undefined || options === null) return null;
  return options;
}

function suits(property: LayerProperty, value: OptionValue): boolean {
  switch (property.type) {
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    default:
      return typeof value === 'string';
  }
}

/**
 * Each choice must be a value the property can hold (a number for a number property, one of
 * the allowed values of an enum), and appear once: otherwise the filter offers choices that
 * can never match. Problems go on `options.N.value`.
 */
export function optionErrors(property: LayerProperty, options: FilterOptions, errors: Problems): void {
  const seen = new Set<string>();
  (options ?? []).forEach((option, index) => {
    const key = `options.${index}.value`;
    const shown = JSON.stringify(option.value);
    if (!suits(property, option.value)) {
      errors[key] = [msg('map_parts.option_type', { value: shown, property: property.name })];
    } else if (
      property.type === 'enum' &&
      property.options !== null &&
      !property.options.includes(String(option.value))
    ) {
      errors[key] = [msg('map_parts.option_not_allowed', { value: shown, property: property.name })];
    } else if (seen.has(shown)) {
      errors[key] = [msg('map_parts.option_duplicate', { value: shown })];
    }
    seen.add(shown);
  });
}
