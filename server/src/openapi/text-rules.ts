import { msg, type Problems } from '../i18n/messages.ts';

/** A high surrogate without its low half, or a low one without its high half (code units, no `u` flag). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

interface Visit {
  node: unknown;
  key: string;
  parent: Visit | undefined;
}

/** The dotted field name of a visited value, built only when a message needs it. */
function fieldOf(visit: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | undefined = visit; at !== undefined; at = at.parent)
    if (at.key !== '') keys.push(at.key);
  return keys.reverse().join('.');
}

/**
 * PostgreSQL text cannot hold NUL (nor jsonb a lone surrogate), so such input is a validation
 * error rather than a failed query.
 * The walk keeps its own stack: a body nested thousands deep must not overflow the call stack.
 */
export function nulCharacterErrors(value: unknown, field = ''): Problems {
  const errors: Problems = {};
  const report = (visit: Visit, key: 'validation.nul' | 'validation.unicode' = 'validation.nul') => {
    const at = fieldOf(visit) || 'body';
    errors[at] = [msg(key, { field: at })];
  };
  const pending: Visit[] = [{ node: value, key: field, parent: undefined }];
  for (let visit = pending.pop(); visit !== undefined; visit = pending.pop()) {
    const { node } = visit;
    if (typeof node === 'string') {
      if (node.includes('\u0000')) report(visit);
      // A lone surrogate cannot be stored either: jsonb refuses its \ud800 escape.
      else if (LONE_SURROGATE.test(node)) report(visit, 'validation.unicode');
    } else if (Array.isArray(node)) {
      node.forEach((item, index) => pending.push({ node: item, key: String(index), parent: visit }));
    } else if (typeof node === 'object' && node !== null) {
      for (const [key, item] of Object.entries(node)) {
        if (key.includes('\u0000')) report(visit);
        else if (LONE_SURROGATE.test(key)) report(visit, 'validation.unicode');
        else pending.push({ node: item, key, parent: visit });
      }
    }
  }
  return errors;
}

/** Ids are PostgreSQL `integer`s; a larger number cannot name a row. */
export const MAX_ID = 2_147_483_647;
