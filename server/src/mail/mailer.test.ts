import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';

describe('mail without SMTP_URL', () => {
  const mailDir = path.join(mkdtempSync(path.join(tmpdir(), 'atlasboard-mail-')), 'mail');
  afterAll(() => rmSync(path.dirname(mailDir), { recursive: true, force: true }));

  it('writes each message as an .eml file in MAIL_DIR', async () => {
    const mailer = createMailer({
      smtpUrl: undefined,
      mailDir,
      from: 'Atlasboard <no-reply@example.com>',
      log: pino({ level: 'silent' }),
    });
    await mailer.send({
      to: 'ada@example.com',
      subject: 'Reset Password Notification',
      text: 'Reset: https://x.example/reset-password?token=abc',
    });
    const files = readdirSync(mailDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = readFileSync(path.join(mailDir, files[0] ?? ''), 'utf8');
    expect(raw).toMatch(/^To: ada@example\.com$/m);
    expect(raw).toMatch(/^Subject: Reset Password Notification$/m);
    expect(raw).toContain('https://x.example/reset-password?token=abc');
  });
});
