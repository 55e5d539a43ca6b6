import type { LayerProperty } from '@generated/model';
import {
  compilePattern,
  valueFault,
  type PropertyRules,
  type ValueFault,
  type ValuePattern,
} from '@shared/features/property-rules';

/** The input a property of the attribute schema is edited with. */
export type AttributeInputKind = 'text' | 'url' | 'number' | 'select' | 'yes-no' | 'date';

/** One form field as the schema asks for it: its input and the checks a value must pass. */
export type AttributeFieldSpec = {
  name: string;
  label: string;
  kind: AttributeInputKind;
  required: boolean;
  integer: boolean;
  min: number | null;
  max: number | null;
  pattern: ValuePattern | null;
  /** The choices of an enum, in the schema's order. */
  options: readonly string[];
  /** What a new feature's field starts with, as text ('' for nothing). */
  initial: string;
  /** The schema's rules for a value, checked as the server checks them (shared/features/property-rules.ts). */
  rules: PropertyRules;
};

/** A check that failed: a translation key under `attribute_form.errors` and its values. */
export type AttributeProblem = { key: string; values?: Record<string, string | number> };

const kindOf = (type: LayerProperty['type']): AttributeInputKind =>
  (
    ({
      string: 'text',
      url: 'url',
      number: 'number',
      integer: 'number',
      enum: 'select',
      boolean: 'yes-no',
      date: 'date',
    }) as const
  )[type];

export function toText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/** The field for one schema entry. */
export function attributeFieldSpec(property: LayerProperty): AttributeFieldSpec {
  const numeric = property.type === 'number' || property.type === 'integer';
  const pattern = property.type === 'string' && property.pattern ? compilePattern(property.pattern) : null;
  return {
    name: property.name,
    label: property.label,
    kind: kindOf(property.type),
    required: property.required,
    integer: property.type === 'integer',
    min: numeric ? (property.min ?? null) : null,
    max: numeric ? (property.max ?? null) : null,
    pattern,
    options: property.type === 'enum' ? (property.options ?? []) : [],
    initial: toText(property.default),
    // A pattern the engine cannot take (stored before the server refused such) is not the form's to enforce.
    rules: {
      type: property.type,
      min: property.min,
      max: property.max,
      pattern: pattern?.source ?? null,
      options: property.options,
    },
  };
}

/** The value sent to the server for a field's text (null clears it). */
export function fromText(spec: AttributeFieldSpec, text: string): string | number | boolean | null {
  if (text === '') return null;
  if (spec.kind === 'number') return Number(text);
  if (spec.kind === 'yes-no') return text === 'true';
  return text;
}

/**
 * A value's fault as the form's message (`attribute_form.errors.*`). The form sends a text
 * field's text and a yes/no field's boolean, so a wrong string or boolean type cannot come from it.
 */
const FAULT_KEYS: Partial<Record<ValueFault, string>> = {
  number: 'number',
  integer: 'integer',
  minimum: 'min',
  maximum: 'max',
  pattern: 'pattern',
  date: 'date',
  url: 'url',
  choice: 'choice',
};

/**
 * What is wrong with a field's text by the schema, before asking the server; null when fine.
 * The text is read as the value it sends (`fromText`), then checked by the server's own rules.
 */
export function attributeProblem(spec: AttributeFieldSpec, text: string): AttributeProblem | null {
  const value = text.trim();
  if (value === '') return spec.required ? { key: 'required' } : null;
  if (spec.kind === 'number' && !Number.isFinite(Number(value))) return { key: 'number' };
  const fault = valueFault(spec.rules, fromText(spec, value));
  if (fault === undefined) return null;
  if (fault === 'minimum' && spec.min !== null) return { key: 'min', values: { min: spec.min } };
  if (fault === 'maximum' && spec.max !== null) return { key: 'max', values: { max: spec.max } };
  const key = FAULT_KEYS[fault];
  return key ? { key } : null;
}

/** The hint under a field: the range or form a value must have, as a translation key and values. */
export function attributeHint(spec: AttributeFieldSpec): AttributeProblem | null {
  if (spec.min !== null && spec.max !== null)
    return { key: 'between', values: { min: spec.min, max: spec.max } };
  if (spec.min !== null) return { key: 'at_least', values: { min: spec.min } };
  if (spec.max !== null) return { key: 'at_most', values: { max: spec.max } };
  return null;
}

/**
 * The server's 422 messages by property name: it names a field by its place in the request
 * (`properties.diameter_mm`, `features.0.properties.diameter_mm`); the form by the property.
 */
export function errorsByProperty(
  errors: Readonly<Record<string, readonly string[]>>,
): Record<string, string[]> {
  const byName: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const match = /(?:^|\.)properties\.([^.]+)$/.exec(field);
    const name = match?.[1] ?? field;
    (byName[name] ??= []).push(...messages);
  }
  return byName;
}
