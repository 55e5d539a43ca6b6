import type { ErrorObject } from 'ajv';

export type FieldErrors = Record<string, string[]>;

/** Laravel's wire shape for 422: the first message, plus how many more there are. */
export function validationBody(errors: FieldErrors): { message: string; errors: FieldErrors } {
  const messages = Object.values(errors).flat();
  const first = messages[0] ?? 'The given data was invalid.';
  const more = messages.length - 1;
  const message = more > 0 ? `${first} (and ${more} more error${more > 1 ? 's' : ''})` : first;
  return { message, errors };
}

function fieldOf(error: ErrorObject, root: string | undefined): string {
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required' && typeof params.missingProperty === 'string')
    segments.push(params.missingProperty);
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string')
    segments.push(params.additionalProperty);
  if (segments.length === 0) return root ?? 'body';
  return [...(root ? [root] : []), ...segments].join('.');
}

function label(field: string): string {
  return field.replace(/_/g, ' ');
}

function messageOf(error: ErrorObject, field: string): string {
  const name = label(field);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `The ${name} field is required.`;
    case 'additionalProperties':
      return `The ${name} field is not allowed.`;
    case 'type': {
      const type = String(params.type).replace(',', ' or ');
      const article = /^[aeiou]/.test(type) ? 'an' : 'a';
      return `The ${name} field must be ${article} ${type}.`;
    }
    case 'format':
      return params.format === 'email'
        ? `The ${name} field must be a valid email address.`
        : `The ${name} field must be a valid ${String(params.format)}.`;
    case 'minLength':
      return `The ${name} field must be at least ${String(params.limit)} characters.`;
    case 'maxLength':
      return `The ${name} field must not be greater than ${String(params.limit)} characters.`;
    case 'minimum':
      return `The ${name} field must be at least ${String(params.limit)}.`;
    case 'maximum':
      return `The ${name} field must not be greater than ${String(params.limit)}.`;
    case 'minItems':
      return `The ${name} field must have at least ${String(params.limit)} items.`;
    case 'maxItems':
      return `The ${name} field must not have more than ${String(params.limit)} items.`;
    case 'enum':
    case 'const':
      return `The selected ${name} is invalid.`;
    case 'pattern':
      return `The ${name} field format is invalid.`;
    default:
      return `The ${name} field is invalid.`;
  }
}

/** Turns ajv errors into per-field messages; `root` prefixes fields of non-body parts (none for bodies). */
export function fieldErrors(errors: readonly ErrorObject[], root?: string): FieldErrors {
  const result: FieldErrors = {};
  for (const error of errors) {
    // oneOf/anyOf/if repeat what their branches already said.
    if (['oneOf', 'anyOf', 'if', 'not'].includes(error.keyword) && errors.length > 1) continue;
    const field = fieldOf(error, root);
    const message = messageOf(error, field);
    const list = (result[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return result;
}
