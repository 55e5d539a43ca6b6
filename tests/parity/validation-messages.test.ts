import { afterEach, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { registerBody } from '../../generated/zod/auth/auth.zod';
import { createMapBody } from '../../generated/zod/maps/maps.zod';
import { clearMockCookie, writeMockCookie } from '../../mocks/cookies';
import { parseWith } from '../../mocks/responses';
import { msg, problemsBody, translator, type Locale } from '../../server/src/i18n/messages.ts';
import { loadDocument } from '../../server/src/openapi/document.ts';
import { createSchemaCompiler } from '../../server/src/openapi/schema-compiler.ts';
import { fieldErrors } from '../../server/src/openapi/validation-errors.ts';

/*
 * One set of rules and messages: the same bad body, checked by the server's validator (ajv over
 * the document, worded by validation-errors.ts) and by mock mode's (the generated zod schema,
 * worded by mocks/validation-messages.ts), gives the same 422 body word for word.
 */
const compiler = createSchemaCompiler(loadDocument(), { coerce: false });
const bodyPointer = (path: string, method: string) =>
  `/paths/${path.replaceAll('/', '~1')}/${method}/requestBody/content/application~1json/schema`;

function serverAnswer(pointer: string, body: unknown, locale: Locale = 'en') {
  const validate = compiler.compileAt(pointer);
  expect(validate(body), 'the server refuses the body').toBe(false);
  return problemsBody(translator(locale), fieldErrors(validate.errors ?? []), msg('http.invalid'));
}

async function mockAnswer(schema: ZodType, body: unknown) {
  const parsed = parseWith(schema, body);
  expect(parsed.ok, 'mock mode refuses the body').toBe(false);
  if (parsed.ok) return undefined;
  expect(parsed.response.status).toBe(422);
  return parsed.response.json() as Promise<unknown>;
}

afterEach(() => clearMockCookie('locale'));

describe('422 wording: mock mode as the server', () => {
  const createMap = bodyPointer('/api/maps', 'post');
  const register = bodyPointer('/register', 'post');

  it.each([
    ['an empty title', { title: '' }],
    ['a title that is a number', { title: 5 }],
    ['no title', { zoom: 3 }],
    ['a zoom beyond the last level', { title: 'Town', zoom: 99 }],
    ['a centre with one number', { title: 'Town', center: [1] }],
    ['a text zoom and an empty title', { title: '', zoom: 'far' }],
  ])('createMap with %s', async (_, body) => {
    const server = serverAnswer(createMap, body);
    expect(await mockAnswer(createMapBody, body)).toEqual(server);
  });

  it('reads like Laravel: the first message, then how many more', async () => {
    expect(await mockAnswer(createMapBody, { title: '' })).toEqual({
      message: 'The title field must be at least 1 characters.',
      errors: { title: ['The title field must be at least 1 characters.'] },
    });
    const body = { name: '', email: 'not an address', password: 'short', password_confirmation: 'short' };
    const answer = await mockAnswer(registerBody, body);
    expect(answer).toEqual(serverAnswer(register, body));
    expect(answer).toMatchObject({
      message: 'The name field must be at least 1 characters. (and 2 more errors)',
      errors: {
        email: ['The email field must be a valid email address.'],
        password: ['The password field must be at least 8 characters.'],
      },
    });
  });

  it('speaks the language the locale cookie names, as the server does', async () => {
    writeMockCookie('locale', 'fr');
    const body = { title: '' };
    const answer = await mockAnswer(createMapBody, body);
    expect(answer).toEqual(serverAnswer(createMap, body, 'fr'));
    expect(answer).not.toEqual(serverAnswer(createMap, body, 'en'));
  });
});
