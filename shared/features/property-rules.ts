import { RE2JS } from 're2js';
import type { components } from '../../generated/openapi-types.ts';
import { msg, type Message, type Problems } from '../i18n/message.ts';

/*
 * What a value of a layer's property must be (docs/decisions.md#attribute-schema): one set of
 * rules for the server's writes, mock mode's answers and the attribute form's checks as the
 * user types, so the three cannot disagree on what a value may be.
 */

type LayerProperty = components['schemas']['LayerProperty'];
export type FeatureProperties = components['schemas']['FeatureProperties'];
export type PropertyValue = FeatureProperties[string];
/** The parts of a schema entry a value is checked against. */
export type PropertyRules = Pick<LayerProperty, 'type' | 'min' | 'max' | 'pattern' | 'options'>;

/** A schema pattern, compiled: a whole-value check. */
export type ValuePattern = { readonly source: string; test(value: string): boolean };

const compiledPatterns = new Map<string, ValuePattern | null>();

/**
 * The whole-value form of a schema pattern, or null when the engine cannot take it. Patterns
 * are RE2 (re2js): matching takes time linear in the value, whatever the pattern, so an
 * admin's `(a+)+` can neither hold the server nor freeze the page while the user types;
 * look-arounds and back-references (which need backtracking) are refused. Compiled patterns
 * are kept, as every value of a layer reuses one.
 */
export function compilePattern(source: string): ValuePattern | null {
  const known = compiledPatterns.get(source);
  if (known !== undefined) return known;
  let compiled: ValuePattern | null;
  try {
    const re2 = RE2JS.compile(source);
    compiled = { source, test: (value) => re2.matches(value) };
  } catch {
    compiled = null;
  }
  if (compiledPatterns.size >= 1000) compiledPatterns.clear();
  compiledPatterns.set(source, compiled);
  return compiled;
}

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

/**
 * Why a value breaks its property's rules: the type it should have had (`string`, `number`,
 * `integer`, `boolean`), a bound it passes (`minimum`, `maximum`: the schema's inclusive
 * `min`/`max`), or a form it lacks (`pattern`, `date`, `url`, `choice` of an enum's options).
 */
export type ValueFault =
  'string' | 'number' | 'integer' | 'boolean' | 'minimum' | 'maximum' | 'pattern' | 'date' | 'url' | 'choice';

function boundFault(property: PropertyRules, value: number): ValueFault | undefined {
  if (typeof property.min === 'number' && value < property.min) return 'minimum';
  if (typeof property.max === 'number' && value > property.max) return 'maximum';
  return undefined;
}

/** What is wrong with one value of a property, or undefined; null (no value) is `required`'s business. */
export function valueFault(property: PropertyRules, value: PropertyValue): ValueFault | undefined {
  if (value === null) return undefined;
  switch (property.type) {
    case 'string':
      if (typeof value !== 'string') return 'string';
      return property.pattern && !compilePattern(property.pattern)?.test(value) ? 'pattern' : undefined;
    case 'number':
      return typeof value === 'number' ? boundFault(property, value) : 'number';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value) ? boundFault(property, value) : 'integer';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'boolean';
    case 'date':
      return typeof value === 'string' && isDate(value) ? undefined : 'date';
    case 'url':
      return typeof value === 'string' && isWebAddress(value) ? undefined : 'url';
    case 'enum':
      return typeof value === 'string' && (property.options ?? []).includes(value) ? undefined : 'choice';
  }
}

/** A fault in the server's words (its message keys, in every locale of shared/i18n/locales). */
function faultMessage(property: PropertyRules, fault: ValueFault, field: string): Message {
  switch (fault) {
    case 'minimum':
      return msg('validation.minimum', { field, limit: property.min ?? 0 });
    case 'maximum':
      return msg('validation.maximum', { field, limit: property.max ?? 0 });
    case 'pattern':
    case 'choice':
      return msg(`validation.${fault}`, { field });
    case 'date':
    case 'url':
      return msg(`features.${fault}`, { field });
    default:
      return msg(`validation.type_${fault}`, { field });
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
      const fault = valueFault(property, value);
      if (fault) problems[field] = [faultMessage(property, fault, field)];
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
