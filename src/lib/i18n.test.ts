import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { saveLocale, storedLocale } from './i18n';

afterEach(() => Cookies.remove('locale', { path: '/' }));

describe('stored locale', () => {
  it('uses a known locale from the cookie', () => {
    saveLocale('pt-BR');
    expect(document.cookie).toContain('locale=pt-BR');
    expect(storedLocale()).toBe('pt-BR');
  });

  it('discards an unknown locale for the config default', () => {
    Cookies.set('locale', 'xx-YY', { path: '/' });
    expect(storedLocale()).toBe('en');
  });
});
