import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SSO_ERRORS } from '../../server/src/auth/oidc';
import { SSO_ERROR_CODES } from '../../src/screens/auth/single-sign-on';

const LOCALES = ['en', 'es', 'fr', 'pt-BR', 'bn', 'zh-CN'];

/**
 * The server ends a failed provider sign-in at `/login?sso_error=<code>`, and the sign-in screen
 * words each code it knows; one it does not know reads only "Single sign-on failed". These
 * checks keep the two lists, and the six languages' messages, in step.
 */
describe('single sign-on failure codes', () => {
  it('are the same on the server and in the sign-in screen', () => {
    expect([...SSO_ERROR_CODES].sort()).toEqual([...SSO_ERRORS].sort());
  });

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
