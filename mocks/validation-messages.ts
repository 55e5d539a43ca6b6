import i18next, { type TFunction } from 'i18next';
import type { core } from 'zod';
import bn from '../shared/i18n/locales/bn.json';
import en from '../shared/i18n/locales/en.json';
import es from '../shared/i18n/locales/es.json';
import fr from '../shared/i18n/locales/fr.json';
import ptBR from '../shared/i18n/locales/pt-BR.json';
import zhCN from '../shared/i18n/locales/zh-CN.json';
import {
  isLocale,
  LOCALES,
  msg,
  problemsBody,
  type Locale,
  type Message,
  type Problems,
} from '../shared/i18n/message';
import { readMockCookie } from './cookies';

/*
 * Mock mode's 422s in the server's words. The rules are the document's (the generated zod
 * schemas and the server's ajv both come from it); the messages are the server's own: its
 * message keys (server/src/openapi/validation-errors.ts words ajv's errors with the same ones),
 * its catalogue (shared/i18n/locales) and its rendering and 422 body
 * (shared/i18n/message.ts). What is translated here is only zod's issue → message key.
 */

const catalogues: Record<Locale, object> = { bn, en, es, fr, 'pt-BR': ptBR, 'zh-CN': zhCN };
const i18n = i18next.createInstance();
void i18n.init({
  initAsync: false,
  fallbackLng: 'en',
  supportedLngs: [...LOCALES],
  resources: Object.fromEntries(LOCALES.map((locale) => [locale, { translation: catalogues[locale] }])),
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** The language the server would answer in: the client's `locale` cookie, else English. */
function translator(): TFunction {
  const cookie = readMockCookie('locale');
  return i18n.getFixedT(isLocale(cookie) ? cookie : 'en');
}

const TYPES = new Set(['string', 'integer', 'number', 'boolean', 'array', 'object']);
/** zod's format names where ajv (and so the server's message) names them otherwise. */
const FORMATS: Record<string, string> = { datetime: 'date-time', url: 'uri' };

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const segment of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}

const limited = (origin: string, strings: string, numbers: string, lists: string) =>
  origin === 'string' ? strings : origin === 'array' || origin === 'set' ? lists : numbers;

function messageOf(issue: core.$ZodIssue, field: string, input: unknown): Message {
  switch (issue.code) {
    case 'invalid_type': {
      if (valueAt(input, issue.path) === undefined) return msg('validation.required', { field });
      const type = issue.expected === 'int' ? 'integer' : String(issue.expected);
      return msg(TYPES.has(type) ? `validation.type_${type}` : 'validation.type_other', { field });
    }
    case 'too_small':
      return msg(`validation.${limited(issue.origin, 'min_length', 'minimum', 'min_items')}`, {
        field,
        limit: Number(issue.minimum),
      });
    case 'too_big':
      return msg(`validation.${limited(issue.origin, 'max_length', 'maximum', 'max_items')}`, {
        field,
        limit: Number(issue.maximum),
      });
    case 'invalid_format':
      if (issue.format === 'email') return msg('validation.email', { field });
      if (issue.format === 'regex') return msg('validation.pattern', { field });
      return msg('validation.format', { field, format: FORMATS[issue.format] ?? issue.format });
    case 'invalid_value':
      return msg('validation.choice', { field });
    default:
      return msg('validation.invalid', { field });
  }
}

/** zod's issues as the server's per-field problems (dotted paths, `body` for the whole body). */
export function zodProblems(issues: readonly core.$ZodIssue[], input: unknown): Problems {
  const problems: Problems = {};
  const add = (field: string, message: Message) => {
    const list = Object.hasOwn(problems, field) ? (problems[field] as Message[]) : (problems[field] = []);
    if (!list.some((known) => known.key === message.key)) list.push(message);
  };
  for (const issue of issues) {
    const base = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const field = [...base, key].join('.');
        add(field, msg('validation.not_allowed', { field }));
      }
      continue;
    }
    const field = base.join('.') || 'body';
    add(field, messageOf(issue, field, input));
  }
  return problems;
}

/** The 422 body the server writes for these problems, in the caller's language. */
export function problemsAnswer(problems: Problems): { message: string; errors: Record<string, string[]> } {
  return problemsBody(translator(), problems, msg('http.invalid'));
}

/** Per-field problems in words, in the caller's language (to sit beside the mocks' own worded checks). */
export function renderedProblems(problems: Problems): Record<string, string[]> {
  return problemsBody(translator(), problems, msg('http.invalid')).errors;
}

/** The 422 body for messages already in words (the mocks' own checks), counted as the server counts. */
export function wordedAnswer(errors: Record<string, string[]>): {
  message: string;
  errors: Record<string, string[]>;
} {
  const all = Object.values(errors).flat();
  const t = translator();
  const first = all[0] ?? t('http.invalid');
  return {
    message: all.length > 1 ? t('http.and_more', { message: first, count: all.length - 1 }) : first,
    errors,
  };
}
