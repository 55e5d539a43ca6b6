import type { ErrorObject } from 'ajv';
import { msg, type Message, type Problems } from '@shared/i18n/message.ts';

function fieldOf(error: ErrorObject): string {
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required' && typeof params.missingProperty === 'string')
    segments.push(params.missingProperty);
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string')
    segments.push(params.additionalProperty);
  return segments.length === 0 ? 'body' : segments.join('.');
}

const TYPES = new Set(['string', 'integer', 'number', 'boolean', 'array', 'object']);

/** The keywords that set a bound (ajv's `limit`), by the message that names it. */
const BOUNDS = new Map([
  ['minLength', 'validation.min_length'],
  ['maxLength', 'validation.max_length'],
  ['minimum', 'validation.minimum'],
  ['maximum', 'validation.maximum'],
  ['minItems', 'validation.min_items'],
  ['maxItems', 'validation.max_items'],
]);

function messageOf(error: ErrorObject, field: string): Message {
  const params = error.params as Record<string, unknown>;
  const bound = BOUNDS.get(error.keyword);
  if (bound !== undefined) return msg(bound, { field, limit: Number(params.limit) });
  switch (error.keyword) {
    case 'required':
      return msg('validation.required', { field });
    case 'additionalProperties':
      return msg('validation.not_allowed', { field });
    case 'type': {
      const type = String(params.type);
      return msg(TYPES.has(type) ? `validation.type_${type}` : 'validation.type_other', { field });
    }
    case 'format':
      return params.format === 'email'
        ? msg('validation.email', { field })
        : msg('validation.format', { field, format: String(params.format) });
    case 'enum':
    case 'const':
      return msg('validation.choice', { field });
    case 'pattern':
      return msg('validation.pattern', { field });
    default:
      return msg('validation.invalid', { field });
  }
}

/** Turns ajv errors into per-field messages (field names as dotted paths: `layers.0.name`). */
export function fieldErrors(errors: readonly ErrorObject[]): Problems {
  const result: Problems = {};
  for (const error of errors) {
    // oneOf/anyOf/if repeat what their branches already said.
    if (['oneOf', 'anyOf', 'if', 'not'].includes(error.keyword) && errors.length > 1) continue;
    const field = fieldOf(error);
    const message = messageOf(error, field);
    // Own keys only: a field called `constructor` must not find Object's.
    const list = Object.hasOwn(result, field) ? (result[field] as Message[]) : (result[field] = []);
    if (!list.some((known) => known.key === message.key)) list.push(message);
  }
  return result;
}
