import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from './http-error.ts';
import { validationBody } from '../openapi/validation-errors.ts';

/** Fastify's own errors for bad request bodies, answered in the document's shapes. */
function fromFastifyError(error: FastifyError): HttpError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpError(413, { message: 'Request body is too large.' });
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new HttpError(422, validationBody({ body: ['The request body must be valid JSON.'] }));
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new HttpError(
        422,
        validationBody({ body: ['The request body must be sent as application/json.'] }),
      );
    default:
      break;
  }
  // JSON.parse failures that Fastify reports as plain 400s.
  if (error.statusCode === 400 && error instanceof SyntaxError) {
    return new HttpError(422, validationBody({ body: ['The request body must be valid JSON.'] }));
  }
  return undefined;
}

/** The one place errors become responses: known ones keep their shape; anything else is a bare 500. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = error instanceof HttpError ? error : fromFastifyError(error);
    if (known) {
      if (known.status >= 500) request.log.warn({ status: known.status }, known.message);
      return reply.status(known.status).headers(known.headers).send(known.body);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Server Error' });
  });
}
