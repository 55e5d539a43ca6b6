import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpListener } from '../../test-support/smtp-listener.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

// No APP_URL (the README's default) and a proxy trusted for one hop: the caller still must
// not choose the host of a mailed link.
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let origin: string;
beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await startTestApp({ SMTP_URL: smtp.url, HOST: '127.0.0.1', TRUST_PROXY: '1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

function resetLink(text: string): URL {
  const match = /https?:\/\/\S+\/reset-password\?\S+/.exec(text);
  if (!match) throw new Error(`no reset link in mail:\n${text}`);
  return new URL(match[0]);
}

describe('links in mail without APP_URL', () => {
  it('never take the host from Host or X-Forwarded-Host', async () => {
    const user = await t.createUser();
    const variants: Record<string, string>[] = [
      { host: 'evil.example' },
      { host: 'evil.example:8080', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    ];
    for (const headers of variants) {
      const client = t.client();
      await client.get('/api/user', { headers });
      const answer = await client.post('/api/forget-password', { email: user.email }, { headers });
      expect(answer.status).toBe(200);
      const link = resetLink((await smtp.next()).text);
      expect(link.hostname).not.toContain('evil.example');
      expect(link.origin).toBe(origin);
    }
  });
});
