import type { TFunction } from 'i18next';

// The dialog validators of docs/product.md#validation. They return a translated message or null, the
// shape react-aria-components' `validate` prop expects.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const URL_PATTERN = /^(https?:\/\/)[^\s/$.?#].[^\s]*$/i;

export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

export function isUrl(value: string): boolean {
  return URL_PATTERN.test(value.trim());
}

/** Empty input passes: whether a field is required is a separate rule. */
export const emailValidator =
  (t: TFunction) =>
  (value: string): string | null =>
    value === '' || isEmail(value) ? null : t('validation.invalid_email');

export const urlValidator =
  (t: TFunction) =>
  (value: string): string | null =>
    value === '' || isUrl(value) ? null : t('validation.invalid_url');
