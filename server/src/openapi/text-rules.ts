import { msg, type Problems } from '../i18n/messages.ts';

/** PostgreSQL text cannot hold NUL, so such input is a validation error rather than a failed query. */
export function nulCharacterErrors(value: unknown, field = ''): Problems {
  const errors: Problems = {};
  const visit = (node: unknown, at: string) => {
    if (typeof node === 'string') {
      if (node.includes('\u0000')) errors[at || 'body'] = [msg('validation.nul', { field: at || 'body' })];
    } else if (Array.isArray(node)) {
      node.forEach((item, index) => visit(item, at ? `${at}.${index}` : String(index)));
    } else if (typeof node === 'object' && node !== null) {
      for (const [key, item] of Object.entries(node)) {
        if (key.includes('\u0000')) errors[at || 'body'] = [msg('validation.nul', { field: at || 'body' })];
        else visit(item, at ? `${at}.${key}` : key);
      }
    }
  };
  visit(value, field);
  return errors;
}

/** Ids are PostgreSQL `integer`s; a larger number cannot name a row. */
export const MAX_ID = 2_147_483_647;
