import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SSO_ERRORS } from '@shared/auth/sso-errors';

const LOCALES = ['en', 'es', 'fr', 'pt-BR', 'bn', 'zh-CN'];

/**
 * The server ends a failed provider sign-in at `/login?sso_error=<code>`, and the sign-in screen
 * words each code it knows (one list, shared/auth/sso-errors.ts); one it does not know reads
 * only "Single sign-on failed". These checks keep the six languages' messages in step.
 */
describe('single sign-on failure codes', () => {
  it.each(LOCALES)('each has its own message in %s', (locale) => {
    const texts = JSON.parse(readFileSync(`src/locales/${locale}.json`, 'utf8')) as {
      sso: { errors: Record<string, string> };
    };
    const messages = SSO_ERRORS.map((code) => texts.sso.errors[code]);
    for (const [index, message] of messages.entries())
      expect(message, `sso.errors.${SSO_ERRORS[index]} in ${locale}`).toMatch(/\S/);
    expect(new Set(messages).size).toBe(SSO_ERRORS.length);
  });
});
