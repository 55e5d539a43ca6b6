import { validationBody, type FieldErrors } from '../openapi/validation-errors.ts';

/** An answer other than success; the binder sends `body` with `status` (and `headers`). */
export class HttpError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    body: Record<string, unknown> & { message: string },
    headers: Record<string, string> = {},
  ) {
    super(body.message);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

export const unauthenticated = () => new HttpError(401, { message: 'Unauthenticated.' });
export const forbidden = () => new HttpError(403, { message: 'This action is unauthorized.' });
export const notFound = () => new HttpError(404, { message: 'Not found.' });
export const csrfMismatch = () => new HttpError(419, { message: 'CSRF token mismatch.' });
export const invalid = (errors: FieldErrors) => new HttpError(422, validationBody(errors));
export const tooManyAttempts = (seconds: number) =>
  new HttpError(
    429,
    { message: `Too many attempts. Please try again in ${seconds} seconds.` },
    { 'Retry-After': String(seconds) },
  );
export const notImplemented = (operationId: string) =>
  new HttpError(501, { message: `The operation ${operationId} is not implemented on this server yet.` });
