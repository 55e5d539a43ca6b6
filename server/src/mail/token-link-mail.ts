import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../services.ts';
import { linkOrigin } from './link-origin.ts';

/** A mail whose link opens one of the client's pages with a one-time token for the address. */
export interface TokenLinkMail {
  to: string;
  /** The client's page the link opens (`reset-password`, `verify-email`). */
  page: string;
  token: string;
  subject: string;
  text(link: string): string;
  /** The log line when sending fails. */
  failure: string;
}

/**
 * Sends the mail without waiting for it: the answer takes no longer whether it goes or not,
 * and a failure is only logged.
 */
export function sendTokenLinkMail(
  { config, mailer, log }: Pick<AppServices, 'config' | 'mailer' | 'log'>,
  server: FastifyInstance,
  mail: TokenLinkMail,
): void {
  const link = `${linkOrigin(config, server)}/${mail.page}?token=${encodeURIComponent(mail.token)}&email=${encodeURIComponent(mail.to)}`;
  mailer
    .send({ to: mail.to, subject: mail.subject, text: mail.text(link) })
    .catch((error: unknown) => log.error({ err: error }, mail.failure));
}
