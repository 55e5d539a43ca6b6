import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpListener } from '../../test-support/smtp-listener.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

const person = {
  name: 'New Person',
  email: 'new.person@example.com',
  password: 'long enough password',
  password_confirmation: 'long enough password',
};

describe('registration closed (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('refuses with 403 and says why, and creates nobody', async () => {
    const client = t.client();
    await client.prime();
    const answer = await client.post('/register', person);
    expect(answer.status).toBe(403);
    expect(answer.json()).toEqual({
      message: 'Registration is closed. Ask an administrator for an account.',
    });
    const rows = await t.database.db.query('SELECT id FROM users WHERE email = $1', [person.email]);
    expect(rows).toHaveLength(0);
  });
});

describe('registration open', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
  beforeAll(async () => {
    smtp = await startSmtpListener();
    t = await startTestApp({
      REGISTRATION: 'open',
      SMTP_URL: smtp.url,
      APP_URL: 'https://atlas.example.org',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(async () => t.database.reset());

  function confirmationLink(text: string): URL {
    const match = /https:\/\/atlas\.example\.org\/verify-email\?\S+/.exec(text);
    if (!match) throw new Error(`no confirmation link in mail:\n${text}`);
    return new URL(match[0]);
  }

  it('mails a confirmation link; the account signs in only after following it, once', async () => {
    const client = t.client();
    await client.prime();
    const created = await client.post('/register', person);
    expect(created.status).toBe(201);
    expect(created.json()).toMatchObject({ data: { type: 'user', email: person.email } });
    expect(client.cookies.has('atlasboard_session')).toBe(false);
    expect((await client.post('/register', person)).status).toBe(422);
    expect(
      (
        await client.post('/register', {
          ...person,
          email: 'x@example.com',
          password_confirmation: 'different!',
        })
      ).status,
    ).toBe(422);

    const mail = await smtp.next();
    expect(mail.to).toEqual([person.email]);
    const link = confirmationLink(mail.text);
    expect(link.searchParams.get('email')).toBe(person.email);
    const token = link.searchParams.get('token') ?? '';

    const early = await client.login(person.email, person.password);
    expect(early.status).toBe(403);
    expect(early.json()).toEqual({
      message: 'Confirm your email address first: follow the link we mailed you when you registered.',
    });
    expect(client.cookies.has('atlasboard_session')).toBe(false);
    // A wrong password still gets the usual answer: the 403 tells nothing to someone guessing.
    expect((await client.login(person.email, 'not the password')).status).toBe(422);

    const wrong = await client.post('/api/verify-email', { email: person.email, token: 'not-the-token' });
    expect(wrong.status).toBe(422);
    expect(wrong.json()).toMatchObject({
      errors: { token: ['This confirmation link is invalid or has expired.'] },
    });
    const confirmed = await client.post('/api/verify-email', { email: person.email, token });
    expect(confirmed.json()).toEqual({ message: 'Your email address is confirmed. You can sign in now.' });
    expect((await client.post('/api/verify-email', { email: person.email, token })).status).toBe(422);
    expect((await client.login(person.email, person.password)).json()).toEqual({ next_step: 'home' });
  });

  it('throttles registrations per IP: 429 after 5 a minute', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      const client = t.client();
      await client.prime();
      statuses.push(
        (await client.post('/register', { ...person, email: `someone${index}@example.com` })).status,
      );
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    for (let index = 0; index < 5; index += 1) await smtp.next();
  });

  it('confirms the address when a password reset proves it', async () => {
    const client = t.client();
    await client.prime();
    expect((await client.post('/register', person)).status).toBe(201);
    await smtp.next();
    await client.post('/api/forget-password', { email: person.email });
    const reset =
      /https:\/\/atlas\.example\.org\/reset-password\?\S+/.exec((await smtp.next()).text)?.[0] ?? '';
    const token = new URL(reset).searchParams.get('token') ?? '';
    const changed = await client.post('/api/reset-password', {
      email: person.email,
      token,
      password: 'a brand new password',
      password_confirmation: 'a brand new password',
    });
    expect(changed.status).toBe(200);
    expect((await client.login(person.email, 'a brand new password')).status).toBe(200);
  });
});
