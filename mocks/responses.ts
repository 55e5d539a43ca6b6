import { HttpResponse } from 'msw';
import type { ZodType } from 'zod';
import type { ValidationError } from '../generated/model';
import { hasValidXsrf, signedInUser } from './session';
import type { UserRecord } from './db';
import { problemsAnswer, wordedAnswer, zodProblems } from './validation-messages';

/** Error bodies in the server's (Laravel's) wire shapes, docs/decisions.md#error-shapes. */
export const unauthenticated = () => HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 });
export const forbidden = () =>
  HttpResponse.json({ message: 'This action is unauthorized.' }, { status: 403 });
export const notFound = () => HttpResponse.json({ message: 'Not found.' }, { status: 404 });
export const csrfMismatch = () => HttpResponse.json({ message: 'CSRF token mismatch.' }, { status: 419 });
export const noContent = () => new HttpResponse(null, { status: 204 });

export const PASSWORD_MISMATCH = { password: ['The password field confirmation does not match.'] };
export const EMAIL_TAKEN = { email: ['The email has already been taken.'] };

export function validationFailed(errors: ValidationError['errors']): HttpResponse<ValidationError> {
  return HttpResponse.json(wordedAnswer(errors), { status: 422 });
}

type ParseResult<T> = { ok: true; data: T } | { ok: false; response: Response };

/**
 * Validates with a generated zod schema; failures become per-field 422 errors worded as the
 * server words them (validation-messages.ts).
 */
export function parseWith<T>(schema: ZodType<T>, input: unknown): ParseResult<T> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  return {
    ok: false,
    response: HttpResponse.json(problemsAnswer(zodProblems(result.error.issues, input)), { status: 422 }),
  };
}

export async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.clone().json();
  } catch {
    return undefined;
  }
}

/** 419 first (as the CSRF middleware runs before auth), then 401. */
export function guardStateChange(request: Request): Response | undefined {
  return hasValidXsrf(request) ? undefined : csrfMismatch();
}

export type Guarded = { user: UserRecord; response?: undefined } | { user?: undefined; response: Response };

export function requireUser(request: Request, stateChanging: boolean): Guarded {
  const refusal = stateChanging ? guardStateChange(request) : undefined;
  if (refusal) return { response: refusal };
  const user = signedInUser();
  return user ? { user } : { response: unauthenticated() };
}

export function requireAdmin(request: Request, stateChanging: boolean): Guarded {
  const guarded = requireUser(request, stateChanging);
  if (guarded.user && guarded.user.type !== 'admin') return { response: forbidden() };
  return guarded;
}
