import { msg, type Problems } from '../i18n/messages.ts';
import type { BodyOf } from '../openapi/typed-handlers.ts';

type StyleInput = NonNullable<BodyOf<'createLayer'>['style']>;
type ClassInput = NonNullable<StyleInput['classes']>[number];
/** What the thematic rules read: the stored style merged with the sent fields. */
type MergedStyle = Pick<StyleInput, 'kind' | 'property' | 'categories' | 'classes' | 'size'>;
type PropertyOf = { name: string; type: string };

const NUMERIC = new Set(['integer', 'number']);

function rangeErrors(classes: readonly ClassInput[], field: string): Problems {
  const errors: Problems = {};
  classes.forEach((entry, index) => {
    if (!(entry.min < entry.max)) errors[`${field}.${index}.max`] = [msg('maps.style_class_range')];
  });
  return errors;
}

function propertyErrors(
  name: string | null | undefined,
  properties: readonly PropertyOf[] | null,
  field: string,
  numeric: boolean,
): Problems {
  if (name === null || name === undefined) return { [field]: [msg('validation.required', { field })] };
  // Remote layers have no attribute schema: their property names cannot be checked here.
  if (properties === null) return {};
  const property = properties.find((candidate) => candidate.name === name);
  if (!property) return { [field]: [msg('maps.property_unknown', { name })] };
  if (numeric && !NUMERIC.has(property.type))
    return { [field]: [msg('maps.style_property_not_numeric', { name })] };
  return {};
}

/**
 * What the document's schema cannot say about a thematic style (422 per field): a categorized
 * or graduated style names one of the layer's properties (a number for graduated and size),
 * lists at least one category or class, no value twice, and every class has `min < max`.
 * `properties` is null for layers without an attribute schema (remote layers).
 */
export function styleErrors(style: MergedStyle, properties: readonly PropertyOf[] | null): Problems {
  const kind = style.kind ?? 'single';
  let errors: Problems = {};
  if (kind === 'categorized') {
    errors = { ...propertyErrors(style.property, properties, 'style.property', false) };
    const categories = style.categories ?? [];
    if (categories.length === 0) errors['style.categories'] = [msg('maps.style_no_classes')];
    const seen = new Set<string>();
    categories.forEach((entry, index) => {
      const value = String(entry.value);
      if (seen.has(value))
        errors[`style.categories.${index}.value`] = [msg('maps.style_duplicate_value', { value })];
      seen.add(value);
    });
  } else if (kind === 'graduated') {
    errors = { ...propertyErrors(style.property, properties, 'style.property', true) };
    const classes = style.classes ?? [];
    if (classes.length === 0) errors['style.classes'] = [msg('maps.style_no_classes')];
    errors = { ...errors, ...rangeErrors(classes, 'style.classes') };
  }
  if (style.size) {
    errors = {
      ...errors,
      ...propertyErrors(style.size.property, properties, 'style.size.property', true),
      ...rangeErrors(style.size.classes, 'style.size.classes'),
    };
  }
  return errors;
}
