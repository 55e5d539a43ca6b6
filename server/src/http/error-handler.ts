import type { FastifyError, FastifyInstance } from 'fastify';
import { localeOf, msg, translator } from '../i18n/messages.ts';
import { DatabaseBusy, DatabaseUnreachable } from '../db/connection-gate.ts';
import { Forbidden, Invalid, NotFound } from '../domain-errors.ts';
import { busy, forbidden, HttpError, invalid, notFound, payloadTooLarge, unavailable } from './http-error.ts';

/** How long a caller turned away by a busy database is asked to wait. */
const RETRY_AFTER_SECONDS = 5;

/** How long a caller is asked to wait while the database cannot be reached (a restart takes seconds). */
const UNREACHABLE_RETRY_AFTER_SECONDS = 10;

/**
 * A wait for the database that ran out: the embedded connection's gate, PostgreSQL's
 * lock_timeout (55P03) or statement_timeout (57014), or no pooled connection in time.
 */
function fromDatabaseWait(error: unknown): HttpError | undefined {
  if (error instanceof DatabaseBusy) return busy(RETRY_AFTER_SECONDS);
  if (error instanceof DatabaseUnreachable) return unavailable(UNREACHABLE_RETRY_AFTER_SECONDS);
  const code = (error as { code?: unknown }).code;
  if (code === '55P03' || code === '57014') return busy(RETRY_AFTER_SECONDS);
  if (error instanceof Error && error.message === 'timeout exceeded when trying to connect')
    return busy(RETRY_AFTER_SECONDS);
  return undefined;
}

/** The domain's errors, as the document answers them: 404, 403, and 422 with its problems. */
export function fromDomainError(error: unknown): HttpError | undefined {
  if (error instanceof NotFound) return notFound();
  if (error instanceof Forbidden) return forbidden();
  if (error instanceof Invalid) return invalid(error.problems);
  return undefined;
}

/** Fastify's own errors for bad request bodies, answered in the document's shapes. */
function fromFastifyError(error: FastifyError): HttpError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return payloadTooLarge();
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return invalid({ body: [msg('validation.json')] });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return invalid({ body: [msg('validation.json_media_type')] });
    default:
      return undefined;
  }
}

/** The one place errors become responses: known ones keep their shape; anything else is a bare 500. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known =
      error instanceof HttpError
        ? error
        : (fromDomainError(error) ?? fromFastifyError(error) ?? fromDatabaseWait(error));
    if (known) {
      if (known.status >= 500) request.log.warn({ status: known.status }, known.message);
      return reply.status(known.status).headers(known.headers).send(known.body(request));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: translator(localeOf(request))('http.server_error') });
  });
}
