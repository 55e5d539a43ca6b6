import { i18n } from '../lib/i18n';
import en from '../locales/en.json';

/** The app's i18n instance with English loaded synchronously, so tests see real texts. */
export function initTestI18n(): typeof i18n {
  if (!i18n.isInitialized) {
    i18n.init({
      resources: { en: { translation: en } },
      lng: 'en',
      fallbackLng: 'en',
      initAsync: false,
      interpolation: { escapeValue: false },
    });
  }
  return i18n;
}
