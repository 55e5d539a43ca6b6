import http from 'node:http';
import path from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { PACT_COOKIE, PACT_GUEST_COOKIE, PACT_XSRF } from '../states';

// The consumer tests must not phone home.
process.env.PACT_DO_NOT_TRACK = 'true';
// Each interaction gets a fresh mock server that is torn down afterwards; a pooled
// keep-alive socket to a finished one made a later call fail now and then.
http.globalAgent = new http.Agent({ keepAlive: false });

export const CONSUMER = 'atlasboard-web';
export const PROVIDER = 'atlasboard-api';
export const CONTRACTS_DIR = path.resolve(import.meta.dirname, '../../../contracts');
export const PACT_FILE = path.join(CONTRACTS_DIR, `${CONSUMER}-${PROVIDER}.json`);

export function createPact(): PactV4 {
  return new PactV4({ consumer: CONSUMER, provider: PROVIDER, dir: CONTRACTS_DIR, logLevel: 'warn' });
}

const { boolean, eachLike, integer, like, regex } = MatchersV3;

/**
 * What the browser's axios sends. In Node axios reads no cookies, so the tests pass the
 * cookie and its XSRF echo explicitly; the provider swaps in a real session.
 */
export const XHR = { 'X-Requested-With': 'XMLHttpRequest' } as const;
export const guestHeaders = { ...XHR, Cookie: PACT_GUEST_COOKIE, 'X-XSRF-TOKEN': PACT_XSRF } as const;
export const signedInHeaders = { ...XHR, Cookie: PACT_COOKIE, 'X-XSRF-TOKEN': PACT_XSRF } as const;
/** A signed-in browser whose state-changing call lacks the XSRF echo. */
export const signedInWithoutXsrf = { ...XHR, Cookie: PACT_COOKIE } as const;

/**
 * Plain value on purpose: Pact compares Content-Type by media type, so the server's
 * `; charset=utf-8` passes, while regex matchers on that header are applied too strictly
 * (pact-foundation/pact-reference#406).
 */
export const JSON_RESPONSE = { 'Content-Type': 'application/json' };

/** ISO 8601 UTC, with or without fractional seconds (docs/decisions.md#wire-formats). */
export const isoTimestamp = (example = '2026-11-01T09:30:00Z') =>
  regex('^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$', example);

export const email = (example: string) => regex('^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', example);

interface UserExample {
  id?: number;
  name?: string;
  email?: string;
  type?: 'admin' | 'editor' | 'user';
  locale?: string;
}

/** A User (docs/decisions.md#accounts) matched by type, so the provider's real ids and timestamps verify. */
export function userLike(example: UserExample = {}) {
  return {
    id: integer(example.id ?? 7),
    name: like(example.name ?? 'Ada Lovelace'),
    email: email(example.email ?? 'ada@example.com'),
    type: regex('^(admin|editor|user)$', example.type ?? 'user'),
    locale: regex('^(bn|en|es|fr|pt-BR|zh-CN)$', example.locale ?? 'en'),
    two_factor_enabled: boolean(false),
    created_at: isoTimestamp(),
    updated_at: isoTimestamp(),
  };
}

export const messageLike = (example: string) => ({ message: like(example) });

/** Laravel's 422: a message and one or more messages per named field. */
export function validationLike(fields: Record<string, string>) {
  return {
    message: like(Object.values(fields)[0] ?? 'The given data was invalid.'),
    errors: Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, eachLike(message)])),
  };
}

/** The status a generated call rejected with: error interactions assert what the caller sees. */
export async function rejectionOf(call: Promise<unknown>): Promise<{ status?: number; data?: unknown }> {
  try {
    await call;
  } catch (error) {
    const response = (error as { response?: { status?: number; data?: unknown } }).response;
    return { status: response?.status, data: response?.data };
  }
  throw new Error('expected the call to be rejected');
}
