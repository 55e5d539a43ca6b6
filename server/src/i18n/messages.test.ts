import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES, msg, render, translator } from './messages.ts';

function keys(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, value]) => keys(value, prefix ? `${prefix}.${key}` : key));
}

const load = (locale: string) =>
  JSON.parse(
    readFileSync(new URL(`../../../shared/i18n/locales/${locale}.json`, import.meta.url), 'utf8'),
  ) as object;

describe('server messages', () => {
  it('has every key in every locale', () => {
    const english = keys(load('en')).sort();
    for (const locale of LOCALES) expect(keys(load(locale)).sort(), locale).toEqual(english);
  });

  it('renders messages with translated field names', () => {
    expect(render(translator('en'), msg('validation.required', { field: 'password_confirmation' }))).toBe(
      'The password confirmation field is required.',
    );
    expect(render(translator('fr'), msg('validation.required', { field: 'email' }))).toBe(
      'Le champ e-mail est obligatoire.',
    );
    expect(render(translator('es'), msg('validation.required', { field: 'layers.0.some_property' }))).toBe(
      'El campo some property es obligatorio.',
    );
  });
});
