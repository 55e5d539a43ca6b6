import { describe, expect, it } from 'vitest';
import { initTestI18n } from '../testing/test-i18n';
import { emailValidator, urlValidator } from './validators';

const t = initTestI18n().t;

describe('dialog validators', () => {
  it('checks the email pattern', () => {
    expect(emailValidator(t)('ada@example.com')).toBeNull();
    expect(emailValidator(t)('ada@example')).toBe('Invalid email address');
    expect(emailValidator(t)('')).toBeNull();
  });

  it('checks the URL pattern', () => {
    expect(urlValidator(t)('https://tile.example.com/{z}/{x}/{y}.png')).toBeNull();
    expect(urlValidator(t)('tile.example.com')).toBe('Invalid URL');
  });
});
