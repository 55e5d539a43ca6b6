import type { Problems } from './i18n/messages.ts';

/**
 * What the domain (maps, map parts, features…) says went wrong, without knowing HTTP: the
 * error handler (http/error-handler.ts) is the one place that turns these into statuses and
 * bodies. HttpError stays for what only the HTTP layer decides (sessions, XSRF, throttling, the
 * OGC API's own statuses).
 */
export class DomainError extends Error {}

/** No such thing, or not one the caller may know of. */
export class NotFound extends DomainError {
  constructor() {
    super('not found');
  }
}

/** The caller may see it but not do this to it. */
export class Forbidden extends DomainError {
  constructor() {
    super('forbidden');
  }
}

/** The input breaks rules: what is wrong, per field, as message keys. */
export class Invalid extends DomainError {
  readonly problems: Problems;

  constructor(problems: Problems) {
    super('invalid');
    this.problems = problems;
  }
}

export const notFound = (): NotFound => new NotFound();
export const forbidden = (): Forbidden => new Forbidden();
export const invalid = (problems: Problems): Invalid => new Invalid(problems);

/** The per-field problems an error carries, whichever layer threw it; undefined for any other error. */
export function problemsOf(error: unknown): Problems | undefined {
  if (error instanceof Invalid) return error.problems;
  const problems = (error as { problems?: unknown } | null)?.problems;
  return error instanceof Error && problems && typeof problems === 'object'
    ? (problems as Problems)
    : undefined;
}
