import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

let plain: TestApp;
let proxied: TestApp;
let httpsOrigin: TestApp;

beforeAll(async () => {
  plain = await startTestApp();
  proxied = await startTestApp({ TRUST_PROXY: '1' });
  // Served at an https address, behind a proxy that is not declared (no TRUST_PROXY).
  httpsOrigin = await startTestApp({ APP_URL: 'https://atlas.example.org' });
});
afterAll(async () => {
  await plain?.close();
  await proxied?.close();
  await httpsOrigin?.close();
});

function directives(header: unknown): Map<string, string> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name ?? '', values.join(' ')]),
  );
}

describe('browser security headers (ASVS V3.4)', () => {
  it('every answer, API or error, carries CSP, nosniff, frame and referrer policies', async () => {
    const client = plain.client();
    for (const response of [
      await client.get('/api/user'),
      await client.get('/api/not-in-the-document', { unchecked: true }),
      await client.get('/dashboard/maps', { unchecked: true }),
    ]) {
      const csp = directives(response.headers['content-security-policy']);
      expect(csp.get('frame-ancestors')).toBe("'none'");
      expect(csp.get('object-src')).toBe("'none'");
      // Scripts are our own: no inline or eval'd code can run as the app.
      expect(csp.get('script-src')).not.toMatch(/unsafe-inline|'unsafe-eval'|\*/);
      // The map engines' needs: workers from blob:, tiles as blob:/data: images, remote https tiles.
      expect(csp.get('worker-src')).toContain('blob:');
      expect(csp.get('img-src')).toContain('blob:');
      expect(csp.get('img-src')).toContain('https:');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('HSTS only when the request came over HTTPS through a trusted proxy', async () => {
    const overHttps = await proxied.client().get('/api/user', { headers: { 'x-forwarded-proto': 'https' } });
    expect(overHttps.headers['strict-transport-security']).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
    const spoofed = await plain.client().get('/api/user', { headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('an https APP_URL makes every cookie Secure and sends HSTS, whatever the proxy says', async () => {
    const user = await httpsOrigin.createUser();
    const client = httpsOrigin.client();
    const signIn = await client.login(user.email, user.password);
    expect(signIn.status).toBe(200);
    const cookiesOf = (response: { headers: Record<string, unknown> }) =>
      [response.headers['set-cookie']].flat().map(String);
    const cookies = cookiesOf(signIn);
    expect(cookies.find((cookie) => cookie.startsWith('atlasboard_session='))).toMatch(/; Secure/);
    expect(cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))).toMatch(/; Secure/);
    const answer = await client.get('/api/user');
    expect(answer.headers['strict-transport-security']).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
    const signOut = await client.post('/logout', {});
    expect(cookiesOf(signOut).find((cookie) => cookie.startsWith('atlasboard_session=;'))).toMatch(
      /; Secure/,
    );
  });
});

describe('API reference at /api/docs', () => {
  it('serves a Redoc page, its bundle and the bundled document from this server (works offline)', async () => {
    const client = plain.client();
    const page = await client.get('/api/docs', { unchecked: true });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const scripts = [...page.text.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]);
    expect(scripts).toEqual(['/api/docs/redoc.standalone.js', '/api/docs/start.js']);
    expect(page.text).not.toMatch(/https?:\/\//);
    const bundle = await client.get('/api/docs/redoc.standalone.js', { unchecked: true });
    expect(bundle.status).toBe(200);
    expect(bundle.text.length).toBeGreaterThan(100_000);
    expect(bundle.text).toContain('Redoc');
    const start = await client.get('/api/docs/start.js', { unchecked: true });
    expect(start.text).toContain("'/api/docs/openapi.json'");
    const document = (await client.get('/api/docs/openapi.json', { unchecked: true })).json<{
      info: { title: string };
      paths: Record<string, unknown>;
    }>();
    expect(document.info.title).toBe('Atlasboard API');
    expect(Object.keys(document.paths)).toContain('/api/maps/{id}/layers');
    // Its own policy: no inline scripts there either.
    expect(String(page.headers['content-security-policy'])).not.toContain(
      "script-src 'self' 'unsafe-inline'",
    );
  });
});
