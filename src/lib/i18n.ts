import i18next, { type i18n as I18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import Cookies from 'js-cookie';
import { initReactI18next } from 'react-i18next';
import { Locale } from '../../generated/model';

export const availableLocales: readonly Locale[] = Object.values(Locale);
/** Config default and fallback (docs/product.md#constants); a deployment may choose another default. */
export const defaultLocale: Locale = asLocale(import.meta.env.VITE_DEFAULT_LOCALE) ?? 'en';
export const fallbackLocale: Locale = 'en';

const COOKIE = 'locale';
const COOKIE_DAYS = 365;

export function asLocale(value: unknown): Locale | undefined {
  return availableLocales.find((locale) => locale === value);
}

/** The stored locale if it is one we ship, else the config default (docs/product.md#flows). */
export function storedLocale(): Locale {
  return asLocale(Cookies.get(COOKIE)) ?? defaultLocale;
}

export function saveLocale(locale: Locale): void {
  Cookies.set(COOKIE, locale, { expires: COOKIE_DAYS, sameSite: 'lax', path: '/' });
}

export const i18n: I18n = i18next.createInstance();
i18n.use(initReactI18next);

/** For the browser: each locale's file is its own chunk, fetched when first used. */
export async function initI18n(): Promise<I18n> {
  i18n.use(resourcesToBackend((language: string) => import(`../locales/${language}.json`)));
  i18n.on('languageChanged', (language) => {
    const locale = asLocale(language);
    if (locale) {
      saveLocale(locale);
      document.documentElement.lang = locale;
    }
  });
  await i18n.init({
    lng: storedLocale(),
    fallbackLng: fallbackLocale,
    supportedLngs: availableLocales,
    load: 'currentOnly',
    interpolation: { escapeValue: false },
  });
  return i18n;
}
