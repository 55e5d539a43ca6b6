import i18next, { type i18n as I18n } from 'i18next';
import Cookies from 'js-cookie';
import { initReactI18next } from 'react-i18next';
import { Locale } from '../../generated/model';
import { localeBackend } from './locale-resources';

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

/**
 * For the browser: only the visitor's language, and of it only the sign-in screens' texts
 * unless `signedIn` (docs/architecture.md#first-load); the rest arrives with sign-in.
 */
export async function initI18n({ signedIn }: { signedIn: boolean }): Promise<I18n> {
  i18n.use(localeBackend(i18n, { signedIn }));
  i18n.on('languageChanged', (language) => {
    const locale = asLocale(language);
    if (locale) {
      saveLocale(locale);
      document.documentElement.lang = locale;
    }
  });
  await i18n.init({
    lng: storedLocale(),
    // English fills a locale's missing keys at build time (scripts/locale-sections-plugin.ts),
    // so no second language is fetched as fallback.
    fallbackLng: false,
    supportedLngs: availableLocales,
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    // Texts added after sign-in re-render whatever already shows them.
    react: { bindI18nStore: 'added' },
  });
  return i18n;
}
