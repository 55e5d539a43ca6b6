import type { components } from '../../../generated/openapi-types.ts';
import { msg, type Problems } from '../i18n/messages.ts';

/** A layer's attribute schema entries (docs/decisions.md#attribute-schema), as sent and as stored. */
export type LayerPropertyInput = components['schemas']['LayerPropertyInput'];
export type LayerProperty = components['schemas']['LayerProperty'];

/** The stored form: every field present; options only for `enum` (the document: ignored otherwise). */
export function toStoredProperty(input: LayerPropertyInput): LayerProperty {
  return {
    name: input.name,
    label: input.label,
    type: input.type,
    required: input.required ?? false,
    options: input.type === 'enum' ? (input.options ?? null) : null,
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
    if (!options.renames && input.previous_name !== undefined)
      add(errors, `${at}.previous_name`, msg('validation.not_allowed', { field: `${at}.previous_name` }));
  });
  return errors;
}
