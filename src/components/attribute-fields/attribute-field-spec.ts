import { RE2JS } from 're2js';
import type { LayerProperty } from '../../../generated/model';

/** A schema pattern, compiled: a whole-value check. */
export type ValuePattern = { readonly source: string; test(value: string): boolean };

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
};

/** A check that failed: a translation key under `attribute_form.errors` and its values. */
export type AttributeProblem = { key: string; values?: Record<string, string | number> };

/**
 * The same engine as the server (RE2): the whole value must match, in time linear in its
 * length whatever the pattern, so typing into a field never freezes the page.
 */
function compilePattern(source: string | null | undefined): ValuePattern | null {
  if (!source) return null;
  try {
    const re2 = RE2JS.compile(source);
    return { source, test: (value) => re2.matches(value) };
  } catch {
    return null;
  }
}

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
  return {
    name: property.name,
    label: property.label,
    kind: kindOf(property.type),
    required: property.required,
    integer: property.type === 'integer',
    min: numeric ? (property.min ?? null) : null,
    max: numeric ? (property.max ?? null) : null,
    pattern: property.type === 'string' ? compilePattern(property.pattern) : null,
    options: property.type === 'enum' ? (property.options ?? []) : [],
    initial: toText(property.default),
  };
}

/** The value sent to the server for a field's text (null clears it). */
export function fromText(spec: AttributeFieldSpec, text: string): string | number | boolean | null {
  if (text === '') return null;
  if (spec.kind === 'number') return Number(text);
  if (spec.kind === 'yes-no') return text === 'true';
  return text;
}

/** What is wrong with a field's text by the schema, before asking the server; null when fine. */
export function attributeProblem(spec: AttributeFieldSpec, text: string): AttributeProblem | null {
  const value = text.trim();
  if (value === '') return spec.required ? { key: 'required' } : null;
  switch (spec.kind) {
    case 'number': {
      const number = Number(value);
      if (!Number.isFinite(number)) return { key: 'number' };
      if (spec.integer && !Number.isInteger(number)) return { key: 'integer' };
      if (spec.min !== null && number < spec.min) return { key: 'min', values: { min: spec.min } };
      if (spec.max !== null && number > spec.max) return { key: 'max', values: { max: spec.max } };
      return null;
    }
    case 'url':
      return /^https?:\/\/\S+$/i.test(value) ? null : { key: 'url' };
    case 'date':
      return /^\d{4}-\d{2}-\d{2}/.test(value) ? null : { key: 'date' };
    case 'select':
      return spec.options.includes(value) ? null : { key: 'choice' };
    case 'text':
      return spec.pattern && !spec.pattern.test(value) ? { key: 'pattern' } : null;
    default:
      return null;
  }
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
