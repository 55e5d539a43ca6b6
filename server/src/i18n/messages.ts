import { readFileSync } from 'node:fs';
import type { FastifyRequest } from 'fastify';
import i18next, { type TFunction } from 'i18next';
import { isLocale, LOCALES, type Locale } from '@shared/i18n/message.ts';

// The messages and their rendering are pure (shared/i18n/message.ts: mock mode renders its 422s with them too).
export {
  isLocale,
  LOCALES,
  msg,
  problemsBody,
  render,
  type Locale,
  type Message,
  type Problems,
} from '@shared/i18n/message.ts';

function load(locale: Locale): Record<string, unknown> {
  return JSON.parse(
    readFileSync(new URL(`../../../shared/i18n/locales/${locale}.json`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>;
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
