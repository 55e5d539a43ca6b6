import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { randomToken } from '../auth/tokens.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP when `smtpUrl` is set; otherwise each message becomes an `.eml` file in `mailDir`
 * (and a log line), so password resets work on a machine without a mail server.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  mailDir: string;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl !== undefined) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(options.mailDir, { recursive: true });
      const file = path.join(
        options.mailDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomToken(6)}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      options.log.info(
        { to: message.to, subject: message.subject, file },
        'mail written to file (no SMTP_URL set)',
      );
    },
  };
}
