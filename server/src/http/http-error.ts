import type { FastifyRequest } from 'fastify';
import {
  localeOf,
  msg,
  problemsBody,
  render,
  translator,
  type Message,
  type Problems,
} from '../i18n/messages.ts';

/** An answer other than success, rendered in the caller's language by the error handler. */
export class HttpError extends Error {
  readonly status: number;
  readonly text: Message;
  readonly problems: Problems | undefined;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    text: Message,
    options: { problems?: Problems; headers?: Record<string, string> } = {},
  ) {
    super(text.key);
    this.status = status;
    this.text = text;
    this.problems = options.problems;
    this.headers = options.headers ?? {};
  }

  /** `{message}`, or Laravel's 422 shape: the first message (plus how many more) and `errors` per field. */
  body(request: FastifyRequest): Record<string, unknown> {
    const t = translator(localeOf(request));
    if (!this.problems) return { message: render(t, this.text) };
    return problemsBody(t, this.problems, this.text);
  }
}

export const unauthenticated = () => new HttpError(401, msg('http.unauthenticated'));
export const forbidden = () => new HttpError(403, msg('http.forbidden'));
export const notFound = () => new HttpError(404, msg('http.not_found'));
export const csrfMismatch = () => new HttpError(419, msg('http.csrf'));
export const payloadTooLarge = () => new HttpError(413, msg('http.too_large'));
export const invalid = (problems: Problems) => new HttpError(422, msg('http.invalid'), { problems });
/** A query string the OGC API cannot read: 400 (as OGC 17-069r4 requires), same shape as a 422. */
export const badQuery = (problems: Problems) => new HttpError(400, msg('http.invalid'), { problems });
export const tooManyAttempts = (seconds: number) =>
  new HttpError(429, msg('http.too_many', { seconds }), { headers: { 'Retry-After': String(seconds) } });
/** The database stayed busy (a long commit, a held lock): try again shortly. */
export const busy = (seconds: number) =>
  new HttpError(503, msg('http.busy', { seconds }), { headers: { 'Retry-After': String(seconds) } });
/** The database cannot be reached (stopped, restarting, cut off): try again shortly. */
export const unavailable = (seconds: number) =>
  new HttpError(503, msg('http.unavailable', { seconds }), { headers: { 'Retry-After': String(seconds) } });
export const notImplemented = (operation: string) =>
  new HttpError(501, msg('http.not_implemented', { operation }));
