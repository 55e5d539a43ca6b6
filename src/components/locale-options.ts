import type { TFunction } from 'i18next';
import type { SelectOption } from './ui/select';
import { availableLocales } from '../lib/i18n';

/** Each language named in itself (an endonym), so a reader finds their own. */
export function localeOptions(t: TFunction): SelectOption[] {
  return availableLocales.map((locale) => ({ id: locale, label: t(`languages.${locale}`) }));
}
