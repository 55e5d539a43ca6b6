import type { components } from '../../../generated/openapi-types.ts';
import { msg, type Message, type Problems } from '../i18n/messages.ts';
import { compilePattern } from '../layers/layer-schema.ts';

type LayerProperty = components['schemas']['LayerProperty'];
export type FeatureProperties = components['schemas']['FeatureProperties'];
type Value = FeatureProperties[string];

const DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/;

function isDate(text: string): boolean {
  return DATE.test(text) && !Number.isNaN(Date.parse(text));
}

function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A number outside the schema's inclusive bounds. */
function boundProblem(property: LayerProperty, value: number, field: string): Message | undefined {
  if (typeof property.min === 'number' && value < property.min)
    return msg('validation.minimum', { field, limit: property.min });
  if (typeof property.max === 'number' && value > property.max)
    return msg('validation.maximum', { field, limit: property.max });
  return undefined;
}

/** What is wrong with one value of a property, or undefined; null (no value) is checked by `required`. */
function valueProblem(property: LayerProperty, value: Value, field: string): Message | undefined {
  if (value === null) return undefined;
  switch (property.type) {
    case 'string':
      if (typeof value !== 'string') return msg('validation.type_string', { field });
      return property.pattern && !compilePattern(property.pattern)?.test(value)
        ? msg('validation.pattern', { field })
        : undefined;
    case 'number':
      return typeof value === 'number'
        ? boundProblem(property, value, field)
        : msg('validation.type_number', { field });
    case 'integer':
      return Number.isInteger(value) && typeof value === 'number'
        ? boundProblem(property, value, field)
        : msg('validation.type_integer', { field });
    case 'boolean':
      return typeof value === 'boolean' ? undefined : msg('validation.type_boolean', { field });
    case 'date':
      return typeof value === 'string' && isDate(value) ? undefined : msg('features.date', { field });
    case 'url':
      return typeof value === 'string' && isWebAddress(value) ? undefined : msg('features.url', { field });
    case 'enum':
      return typeof value === 'string' && (property.options ?? []).includes(value)
        ? undefined
        : msg('validation.choice', { field });
  }
}

/**
 * Checks feature properties against the layer's attribute schema. `prefix` names the
 * properties object in the request (e.g. `features.3.properties`), so each problem is
 * reported as `prefix.name`. With `partial`, only the given names are checked for
 * `required` (a merge keeps the others), and a null value clears a required one: refused.
 */
export function propertyProblems(
  schema: readonly LayerProperty[],
  values: FeatureProperties,
  prefix: string,
  partial = false,
): Problems {
  const problems: Problems = {};
  const byName = new Map(schema.map((property) => [property.name, property]));
  for (const [name, value] of Object.entries(values)) {
    const field = `${prefix}.${name}`;
    const property = byName.get(name);
    if (!property) {
      problems[field] = [msg('features.unknown_property', { name })];
      continue;
    }
    const empty = value === null || value === '';
    if (empty && property.required) problems[field] = [msg('validation.required', { field })];
    else if (!empty) {
      const problem = valueProblem(property, value, field);
      if (problem) problems[field] = [problem];
    }
  }
  if (!partial) {
    for (const property of schema) {
      const field = `${prefix}.${property.name}`;
      if (property.required && !Object.hasOwn(values, property.name) && !problems[field])
        problems[field] = [msg('validation.required', { field })];
    }
  }
  return problems;
}
