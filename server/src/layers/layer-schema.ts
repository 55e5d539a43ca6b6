import { RE2JS } from 're2js';
import type { components } from '../../../generated/openapi-types.ts';
import { propertyProblems } from '../features/feature-values.ts';
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

/** What a compiled schema pattern offers: a whole-value check. */
export type ValuePattern = { test(value: string): boolean };

const compiledPatterns = new Map<string, ValuePattern | null>();

/**
 * The whole-value form of a schema pattern, or null when the engine cannot take it. Patterns
 * are RE2 (re2js): matching takes time linear in the value, whatever the pattern, so an
 * admin's `(a+)+` cannot hold the server; look-arounds and back-references (which need
 * backtracking) are refused. Compiled patterns are kept, as every value of a layer reuses one.
 */
export function compilePattern(pattern: string): ValuePattern | null {
  const known = compiledPatterns.get(pattern);
  if (known !== undefined) return known;
  let compiled: ValuePattern | null;
  try {
    const re2 = RE2JS.compile(pattern);
    compiled = { test: (value) => re2.matches(value) };
  } catch {
    compiled = null;
  }
  if (compiledPatterns.size >= 1000) compiledPatterns.clear();
  compiledPatterns.set(pattern, compiled);
  return compiled;
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
