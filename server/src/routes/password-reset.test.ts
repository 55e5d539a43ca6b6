import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpListener } from '../../test-support/smtp-listener.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await startTestApp({ SMTP_URL: smtp.url, APP_URL: 'https://atlas.example.org' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => t.database.reset());

function linkFrom(text: string): URL {
  const match = /https:\/\/atlas\.example\.org\/reset-password\?\S+/.exec(text);
  if (!match) throw new Error(`no reset link in mail:\n${text}`);
  return new URL(match[0]);
}

async function requestReset(email: string) {
  const client = t.client();
  await client.prime();
  return client.post('/api/forget-password', { email });
}

describe('forgot password and reset', () => {
  it('mails a single-use link through SMTP, changes the password and ends the other sessions', async () => {
    const user = await t.createUser();
    const other = t.client();
    await other.login(user.email, user.password);
    expect((await other.get('/api/user')).status).toBe(200);

    const answer = await requestReset(user.email);
    expect(answer.status).toBe(200);
    const mail = await smtp.next();
    expect(mail.to).toEqual([user.email]);
    const link = linkFrom(mail.text);
    expect(link.searchParams.get('email')).toBe(user.email);
    const token = link.searchParams.get('token') ?? '';
    const stored = await t.database.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM password_reset_tokens',
    );
    expect(stored[0]?.token_hash).not.toBe(token);

    const client = t.client();
    await client.prime();
    const body = {
      email: user.email,
      token,
      password: 'a brand new password',
      password_confirmation: 'a brand new password',
    };
    const reset = await client.post('/api/reset-password', body);
    expect(reset.json()).toEqual({ message: 'Password successfully changed.' });
    expect((await other.get('/api/user')).status).toBe(401);
    expect((await client.login(user.email, user.password)).status).toBe(422);
    expect((await client.login(user.email, 'a brand new password')).status).toBe(200);

    const second = t.client();
    await second.prime();
    const reuse = await second.post('/api/reset-password', {
      ...body,
      password: 'yet another password',
      password_confirmation: 'yet another password',
    });
    expect(reuse.status).toBe(422);
    expect(reuse.json()).toMatchObject({ errors: { email: ['This password reset token is invalid.'] } });
  });

  it('revokes the personal access tokens made before the reset, and the mail says it will', async () => {
    const user = await t.createUser();
    const owner = t.client();
    await owner.login(user.email, user.password);
    const made = await owner.post('/api/user/tokens', { name: 'script', abilities: ['read'] });
    expect(made.status).toBe(201);
    const token = made.json<{ data: { token: string } }>().data.token;
    const script = { headers: { authorization: `Bearer ${token}` } };
    expect((await t.client().get('/api/maps', script)).status).toBe(200);

    await requestReset(user.email);
    const mail = await smtp.next();
    expect(mail.text).toContain('personal access tokens');
    const client = t.client();
    await client.prime();
    const reset = await client.post('/api/reset-password', {
      email: user.email,
      token: linkFrom(mail.text).searchParams.get('token') ?? '',
      password: 'a brand new password',
      password_confirmation: 'a brand new password',
    });
    expect(reset.status).toBe(200);
    expect((await t.client().get('/api/maps', script)).status).toBe(401);
    const signedIn = t.client();
    await signedIn.login(user.email, 'a brand new password');
    expect((await signedIn.get('/api/user/tokens')).json<{ data: unknown[] }>().data).toEqual([]);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const user = await t.createUser();
    const known = await requestReset(user.email);
    await smtp.next();
    const unknown = await requestReset('nobody-here@example.com');
    expect(unknown.status).toBe(known.status);
    expect(unknown.text).toBe(known.text);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails).toHaveLength(0);
    expect((await t.database.db.query('SELECT 1 FROM password_reset_tokens')).length).toBe(1);
  });

  it('rejects an expired token, a wrong token and a mismatched confirmation without changing anything', async () => {
    const user = await t.createUser();
    await requestReset(user.email);
    const token = linkFrom((await smtp.next()).text).searchParams.get('token') ?? '';
    const client = t.client();
    await client.prime();
    const body = {
      email: user.email,
      token,
      password: 'a brand new password',
      password_confirmation: 'a brand new password',
    };

    const mismatch = await client.post('/api/reset-password', {
      ...body,
      password_confirmation: 'something else entirely',
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.json()).toMatchObject({ errors: { password: expect.any(Array) } });
    expect((await client.post('/api/reset-password', { ...body, token: 'x'.repeat(40) })).status).toBe(422);

    await t.database.db.query("UPDATE password_reset_tokens SET created_at = now() - interval '61 minutes'");
    expect((await client.post('/api/reset-password', body)).status).toBe(422);
    expect((await client.login(user.email, user.password)).status).toBe(200);
  });

  it('throttles repeated reset requests for one email with 429', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1)
      statuses.push((await requestReset('someone@example.com')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
