import { findUserById, type UserRecord } from './db';
import { clearMockCookie, readMockCookie, writeMockCookie } from './cookies';

export const SESSION_COOKIE = 'atlasboard_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

const GUEST = 'guest';

/**
 * The session cookie names the user, and the XSRF token derives from the session, so a
 * mock-mode page reload keeps the sign-in without any server-side memory.
 */
function sessionValue(userId: number): string {
  return `mock-session-${userId}`;
}

function expectedXsrf(session: string | undefined): string {
  return `mock-xsrf-${session ?? GUEST}`;
}

/** What a real server does on every response: hand out the readable XSRF cookie. */
export function issueXsrfCookie(): void {
  writeMockCookie(XSRF_COOKIE, expectedXsrf(readMockCookie(SESSION_COOKIE)));
}

export function signIn(userId: number): void {
  // A new session and a new token, as after a real sign-in.
  writeMockCookie(SESSION_COOKIE, sessionValue(userId));
  issueXsrfCookie();
}

export function signOut(): void {
  clearMockCookie(SESSION_COOKIE);
  issueXsrfCookie();
}

/** For the session-expired scenario: a session nobody owns and a token that no longer matches. */
export function expireSession(): void {
  writeMockCookie(SESSION_COOKIE, 'mock-session-expired');
  writeMockCookie(XSRF_COOKIE, 'mock-xsrf-stale');
}

/** Tests use this to produce a 419: the next state-changing call carries no X-XSRF-TOKEN. */
export function forgetXsrfCookie(): void {
  clearMockCookie(XSRF_COOKIE);
}

export function signedInUser(): UserRecord | undefined {
  const session = readMockCookie(SESSION_COOKIE);
  const match = session?.match(/^mock-session-(\d+)$/);
  return match?.[1] === undefined ? undefined : findUserById(Number(match[1]));
}

export function hasValidXsrf(request: Request): boolean {
  const header = request.headers.get(XSRF_HEADER);
  return header !== null && header === expectedXsrf(readMockCookie(SESSION_COOKIE));
}
