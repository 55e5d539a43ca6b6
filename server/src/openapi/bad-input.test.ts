import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ BODY_LIMIT: String(64 * 1024), REGISTRATION: 'open' });
});
afterAll(async () => t.close());
beforeEach(async () => t.database.reset());

async function countUsers(): Promise<number> {
  return (await t.database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0]?.n ?? 0;
}

describe('bad input', () => {
  const register = {
    name: 'Valid Name',
    email: 'valid@example.com',
    password: 'long enough password',
    password_confirmation: 'long enough password',
  };

  it('answers malformed JSON, a wrong content type and an empty body with 422, not 400 or 500', async () => {
    const client = t.client();
    await client.prime();
    for (const [rawBody, type] of [
      ['{"email": "a@b.c", ', 'application/json'],
      ['email=a@b.c&password=x', 'text/plain'],
      ['email=a@b.c&password=x', 'application/x-www-form-urlencoded'],
    ] as const) {
      const response = await client.request('POST', '/login', { rawBody, headers: { 'content-type': type } });
      expect(response.status, `${type}: ${rawBody}`).toBe(422);
      expect(response.json()).toMatchObject({ errors: { body: [expect.any(String)] } });
    }
    for (const headers of [{}, { 'content-type': 'application/json' }] as Record<string, string>[]) {
      const noBody = await client.request('POST', '/login', { headers, rawBody: '' });
      expect(noBody.status).toBe(422);
      expect(Object.keys(noBody.json<{ errors: object }>().errors).sort()).toEqual(['email', 'password']);
    }
    const polluted = await client.request('POST', '/login', {
      rawBody: '{"email":"a@example.com","password":"x","__proto__":{"admin":true}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(polluted.status).toBe(422);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('reports wrong types, bounds and unknown fields per field', async () => {
    const client = t.client();
    await client.prime();
    const response = await client.post('/register', {
      name: 42,
      email: 'not-an-email',
      password: 'short',
      password_confirmation: 'short',
      type: 'admin',
    });
    expect(response.status).toBe(422);
    const { errors } = response.json<{ errors: Record<string, string[]> }>();
    expect(errors).toEqual({
      name: ['The name field must be a string.'],
      email: ['The email field must be a valid email address.'],
      password: ['The password field must be at least 8 characters.'],
      type: ['The type field is not allowed.'],
    });
    // A number is not silently turned into text or the other way round.
    expect((await client.post('/login', { email: 'a@example.com', password: 12345678 })).status).toBe(422);
    expect(await countUsers()).toBe(0);
  });

  it('answers in the language of the locale cookie or Accept-Language', async () => {
    const client = t.client();
    await client.prime();
    client.cookies.set('locale', 'fr');
    const french = await client.post('/register', { ...register, email: 'nope' });
    expect(french.json()).toMatchObject({
      errors: { email: ['Le champ e-mail doit être une adresse e-mail valide.'] },
    });
    client.cookies.delete('locale');
    const chinese = await client.get('/api/user', {
      headers: { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.5' },
    });
    expect(chinese.json()).toEqual({ message: '未登录。' });
    const unknown = await client.get('/api/user', { headers: { 'accept-language': 'de-DE' } });
    expect(unknown.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('answers 413 to an oversize body', async () => {
    const client = t.client();
    await client.prime();
    const response = await client.post('/register', { ...register, name: 'x'.repeat(100 * 1024) });
    expect(response.status).toBe(413);
    expect(response.json()).toEqual({ message: 'Request body is too large.' });
    expect(await countUsers()).toBe(0);
  });

  it('treats SQL-looking text as text', async () => {
    const client = t.client();
    await client.prime();
    const injection = "Robert'); DROP TABLE users; --";
    expect((await client.post('/register', { ...register, name: injection })).status).toBe(201);
    expect((await client.login("' OR '1'='1'@example.com", "' OR '1'='1")).status).toBe(422);
    expect((await client.login('valid@example.com', "' OR '1'='1")).status).toBe(422);
    const { client: admin } = await t.signedIn('admin');
    const found = await admin.get('/api/users', { query: { search_global: "'; DELETE FROM users; --" } });
    expect(found.json()).toMatchObject({ meta: { total: 0 } });
    const byName = await admin.get('/api/users', { query: { search_title: 'DROP TABLE' } });
    expect(byName.json()).toMatchObject({ data: [{ name: injection }] });
    expect(await countUsers()).toBe(2);
  });

  it('leaves exactly one row when the same email is registered concurrently', async () => {
    const clients = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const client = t.client();
        await client.prime();
        return client;
      }),
    );
    const statuses = (await Promise.all(clients.map((client) => client.post('/register', register)))).map(
      (r) => r.status,
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 422)).toHaveLength(3);
    expect(await countUsers()).toBe(1);
  });

  it('answers 404 to a path value that names nothing and 422 to a bad query value', async () => {
    const { client } = await t.signedIn('admin');
    expect((await client.get('/api/users/abc')).status).toBe(404);
    expect((await client.get('/api/users/0')).status).toBe(404);
    expect((await client.get("/api/users/1'%20OR%201=1")).status).toBe(404);
    expect((await client.get('/api/users', { query: { order_direction: 'sideways' } })).status).toBe(422);
    expect((await client.get('/api/users/99999999999999')).status).toBe(404);
    expect((await client.get('/api/users/1%00')).status).toBe(404);
    expect((await client.get('/api/users', { query: { search_id: '99999999999999' } })).json()).toMatchObject(
      { meta: { total: 0 } },
    );
    const nul = await client.get('/api/users', { query: { search_title: 'a\u0000b' } });
    expect(nul.status).toBe(422);
    expect(nul.json()).toMatchObject({ errors: { search_title: [expect.any(String)] } });
  });

  it('answers 422 to a field named like an object method, not 500', async () => {
    const client = t.client();
    await client.prime();
    for (const name of ['constructor', 'toString', 'hasOwnProperty']) {
      const response = await client.post('/login', {
        email: 'a@example.com',
        password: 'x',
        [name]: { a: 1 },
      });
      expect(response.status, name).toBe(422);
      expect(response.json<{ errors: Record<string, string[]> }>().errors[name], name).toEqual([
        `The ${name} field is not allowed.`,
      ]);
    }
  });

  it('refuses a body nested deeper than 64 levels before building it, on every route, with 422', async () => {
    const { client } = await t.signedIn('editor');
    const arrays = `${'['.repeat(30_000)}"x"${']'.repeat(30_000)}`;
    const objects = `${'{"a":'.repeat(2_000)}"x"${'}'.repeat(2_000)}`;
    const unclosed = '['.repeat(60_000);
    for (const [url, nested] of [
      ['/login', arrays],
      ['/login', objects],
      ['/login', unclosed],
      ['/ogc/maps/1/collections/1/items', arrays],
    ] as const) {
      const response = await client.request('POST', url, {
        rawBody: `{"email":"a@example.com","password":${nested}}`,
        headers: { 'content-type': 'application/json' },
        unchecked: url.startsWith('/ogc'),
      });
      expect(response.status, url).toBe(422);
      expect(response.json(), url).toMatchObject({
        errors: { body: ['The request body nests arrays and objects deeper than 64 levels.'] },
      });
    }
    // Brackets inside strings are text, and 64 levels are still read.
    const fine = await client.request('POST', '/login', {
      rawBody: `{"email":"${'['.repeat(100)}@example.com","password":${'['.repeat(63)}1${']'.repeat(63)}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(fine.status).toBe(422);
    expect(Object.keys(fine.json<{ errors: object }>().errors).sort()).toEqual(['email', 'password']);
  });

  it('rejects NUL characters in text fields with 422 instead of failing in the database', async () => {
    const client = t.client();
    await client.prime();
    const response = await client.post('/register', { ...register, name: 'Nul\u0000Name' });
    expect(response.status).toBe(422);
    expect(response.json()).toMatchObject({ errors: { name: [expect.any(String)] } });
    expect(await countUsers()).toBe(0);
  });
});
