import type { components } from '@generated/openapi-types.ts';
import { compilePattern, propertyProblems } from '@shared/features/property-rules.ts';
import { msg, type Problems } from '../i18n/messages.ts';

/** A layer's attribute schema entries (docs/decisions.md#attribute-schema), as sent and as stored. */
export type LayerPropertyInput = components['schemas']['LayerPropertyInput'];
export type LayerProperty = components['schemas']['LayerProperty'];

const isNumeric = (type: LayerPropertyInput['type']) => type === 'number' || type === 'integer';

/**
 * The stored form: every required field present; options only for `enum`, bounds only for
 * numbers, a pattern only for strings (the document: ignored otherwise); the form's
 * guides (bounds, pattern, default) only when set, so older schemas read the same.
 */
export function toStoredProperty(input: LayerPropertyInput): LayerProperty {
  const numeric = isNumeric(input.type);
  return {
    name: input.name,
    label: input.label,
    type: input.type,
    required: input.required ?? false,
    options: input.type === 'enum' ? (input.options ?? null) : null,
    ...(numeric && input.min !== undefined && input.min !== null ? { min: input.min } : {}),
    ...(numeric && input.max !== undefined && input.max !== null ? { max: input.max } : {}),
    ...(input.type === 'string' && input.pattern ? { pattern: input.pattern } : {}),
    ...(input.default !== undefined && input.default !== null && input.default !== ''
      ? { default: input.default }
      : {}),
  };
}

function add(errors: Problems, field: string, message: ReturnType<typeof msg>): void {
  (errors[field] ??= []).push(message);
}

/**
 * Problems a schema can have on its own: a name used twice in the request, an enum without
 * options, and (when creating a layer, where nothing can be renamed) `previous_name`.
 */
export function propertyInputErrors(
  inputs: readonly LayerPropertyInput[],
  options: { field: string; renames: boolean },
): Problems {
  const errors: Problems = {};
  const seen = new Set<string>();
  inputs.forEach((input, index) => {
    const at = `${options.field}.${index}`;
    if (seen.has(input.name)) add(errors, `${at}.name`, msg('maps.property_duplicate', { name: input.name }));
    seen.add(input.name);
    if (input.type === 'enum' && (input.options ?? []).length === 0)
      add(errors, `${at}.options`, msg('maps.enum_options'));
    if (
      isNumeric(input.type) &&
      typeof input.min === 'number' &&
      typeof input.max === 'number' &&
      input.min > input.max
    )
      add(errors, `${at}.max`, msg('validation.minimum', { field: `${at}.max`, limit: input.min }));
    if (input.type === 'string' && input.pattern && compilePattern(input.pattern) === null)
      add(errors, `${at}.pattern`, msg('validation.regex', { field: `${at}.pattern` }));
    if (input.default !== undefined && input.default !== null && input.default !== '') {
      const stored = toStoredProperty(input);
      const problem = propertyProblems([stored], { [input.name]: input.default }, `${at}.default`)[
        `${at}.default.${input.name}`
      ];
      if (problem) (errors[`${at}.default`] ??= []).push(...problem);
    }
    if (!options.renames && input.previous_name !== undefined)
      add(errors, `${at}.previous_name`, msg('validation.not_allowed', { field: `${at}.previous_name` }));
  });
  return errors;
}
