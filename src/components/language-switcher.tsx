import { useTranslation } from 'react-i18next';
import { asLocale } from '../lib/i18n';
import { localeOptions } from './locale-options';

/** Any visitor can switch language; the choice is kept in the locale cookie. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  return (
    <label className="language-switcher">
      <span className="visually-hidden">{t('nav.language')}</span>
      <select
        value={asLocale(i18n.language) ?? 'en'}
        onChange={(event) => void i18n.changeLanguage(event.target.value)}
        aria-label={t('nav.language')}
      >
        {localeOptions(t).map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
