import type { FastifyRequest } from 'fastify';
import { localeOf, translator } from '../i18n/messages.ts';
import type { AppServices } from '../services.ts';
import { linkOrigin } from './link-origin.ts';

/** The mails that carry a one-time token, by the client's page their link opens. */
const TOKEN_MAILS = {
  'reset-password': {
    subject: 'reset.mail_subject',
    text: 'reset.mail_text',
    failure: 'password reset mail failed',
  },
  'verify-email': {
    subject: 'accounts.verify_subject',
    text: 'accounts.verify_text',
    failure: 'address confirmation mail failed',
  },
} as const;

/**
 * Mails `to` the link to `page` with the token and the address, in the language the request
 * came in (the one the person asking reads); `params` fill the rest of the text. Not awaited:
 * the answer takes no longer whether the mail goes or not, and a failure is only logged.
 */
export function sendTokenLinkMail(
  {
    services,
    request,
  }: { services: Pick<AppServices, 'config' | 'mailer' | 'log'>; request: FastifyRequest },
  page: keyof typeof TOKEN_MAILS,
  to: string,
  token: string,
  params: Record<string, number>,
): void {
  const mail = TOKEN_MAILS[page];
  const t = translator(localeOf(request));
  const link = `${linkOrigin(services.config, request.server)}/${page}?token=${encodeURIComponent(token)}&email=${encodeURIComponent(to)}`;
  services.mailer
    .send({ to, subject: t(mail.subject), text: t(mail.text, { link, ...params }) })
    .catch((error: unknown) => services.log.error({ err: error }, mail.failure));
}
