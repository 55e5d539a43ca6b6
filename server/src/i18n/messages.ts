import { readFileSync } from 'node:fs';
import type { FastifyRequest } from 'fastify';
import i18next, { type TFunction } from 'i18next';

export const LOCALES = ['bn', 'en', 'es', 'fr', 'pt-BR', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];

/** A message to the user, rendered in their language when the response is written. */
export interface Message {
  key: string;
  params?: Record<string, string | number>;
}
/** Per-field messages, before rendering. */
export type Problems = Record<string, Message[]>;

export const msg = (key: string, params?: Record<string, string | number>): Message =>
  params ? { key, params } : { key };

function load(locale: Locale): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`./locales/${locale}.json`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;
}

const i18n = i18next.createInstance();
void i18n.init({
  initAsync: false,
  fallbackLng: 'en',
  supportedLngs: [...LOCALES],
  resources: Object.fromEntries(LOCALES.map((locale) => [locale, { translation: load(locale) }])),
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The caller's language: the client's `locale` cookie (docs/product.md#flows), else the signed-in user's
 * locale, else Accept-Language, else English.
 */
export function localeOf(request: FastifyRequest): Locale {
  const cookie = request.cookies?.locale;
  if (isLocale(cookie)) return cookie;
  const userLocale = request.auth?.user?.locale;
  if (isLocale(userLocale)) return userLocale;
  const accepted = String(request.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => part.split(';')[0]?.trim() ?? '');
  for (const tag of accepted) {
    const exact = LOCALES.find((locale) => locale.toLowerCase() === tag.toLowerCase());
    const base = LOCALES.find((locale) => locale.split('-')[0] === tag.split('-')[0]?.toLowerCase());
    if (exact ?? base) return (exact ?? base) as Locale;
  }
  return 'en';
}

export function translator(locale: Locale): TFunction {
  return i18n.getFixedT(locale);
}

export function render(t: TFunction, message: Message): string {
  const params: Record<string, string | number> = { ...message.params };
  if (typeof params.field === 'string') {
    const last = params.field.split('.').pop() ?? params.field;
    params.field = t(`fields.${last}`, { defaultValue: last.replace(/_/g, ' ') });
  }
  return t(message.key, params);
}
