import type { FastifyRequest } from 'fastify';
import { accessOf } from '../access/access-cache.ts';
import type { AccessSnapshot, Caller } from '../access/access-snapshot.ts';
import { findShareLink, SHARE_COOKIE, type ShareGrant } from '../access/share-links.ts';
import type { AppAbility } from '@shared/access/abilities.ts';
import { findTokenUser, tokenThrottleKeys, type RequestToken } from '../auth/access-tokens.ts';
import { findSessionUser, SESSION_COOKIE, type Session } from '../auth/sessions.ts';
import { recordHit } from '../auth/throttle.ts';
import { randomToken, safeEqual } from '../auth/tokens.ts';
import type { Queryable } from '../db/database.ts';
import type { UserRecord } from '../users/user-record.ts';
import { XSRF_COOKIE } from './cookies.ts';
import { HttpError, tooManyAttempts } from './http-error.ts';
import { msg } from '../i18n/messages.ts';
import { readTokenCredentials, type TokenCredentials } from './request-credentials.ts';

export interface AuthState {
  session: Session | undefined;
  user: UserRecord | undefined;
  ability: AppAbility;
  /** The role on each map the caller reaches and the layer rules that narrow it (what `ability` is built from). */
  access: AccessSnapshot;
  /** A guest who opened a share link: reads that one map and nothing else. */
  share: ShareGrant | undefined;
  /** The token the response's XSRF-TOKEN cookie will carry. */
  xsrfToken: string;
  /** A session cookie came with the request but names no live session (expired, logged out). */
  staleSession: boolean;
  /**
   * Set when the request was signed with a personal access token (then `session` is undefined,
   * the ability is narrowed to the token's abilities and no CSRF check applies).
   */
  token: RequestToken | undefined;
  /** How the token came: Basic credentials are the one kind a browser might replay by itself. */
  tokenScheme: TokenCredentials['scheme'] | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthState;
  }
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * 401 for a token that is wrong, expired or revoked. The challenge names Bearer, never Basic:
 * a Basic challenge would make a browser prompt and then replay the credentials by itself on
 * cross-site requests, which is exactly the ambient authority tokens must not have.
 */
export const tokenRefused = () =>
  new HttpError(401, msg('http.unauthenticated'), {
    headers: { 'WWW-Authenticate': 'Bearer realm="atlasboard"' },
  });

/**
 * The user of a request signed with a personal access token. A failure counts against the
 * caller's IP (and email + IP for Basic) like a wrong password; over the limit it is 429.
 */
async function loadTokenAuth(
  db: Queryable,
  request: FastifyRequest,
  credentials: TokenCredentials | 'malformed',
): Promise<AuthState> {
  const email = credentials === 'malformed' ? undefined : credentials.email;
  const found =
    credentials === 'malformed'
      ? await findTokenUser(db, { token: '', email: undefined, ip: request.ip })
      : await findTokenUser(db, { token: credentials.token, email, ip: request.ip });
  if (found.kind === 'throttled') throw tooManyAttempts(found.retryAfter);
  if (found.kind === 'refused') {
    const keys = tokenThrottleKeys(request.ip, email);
    await recordHit(db, keys.ip);
    if (keys.email !== undefined) await recordHit(db, keys.email);
    throw tokenRefused();
  }
  const access = await accessOf(db, callerOf(found.user, undefined), found.token.abilities);
  return {
    session: undefined,
    user: found.user,
    ability: access.ability,
    access: access.snapshot,
    share: undefined,
    // No cookie is needed by a token caller; a fresh value keeps the shape of the state.
    xsrfToken: randomToken(),
    staleSession: false,
    token: found.token,
    tokenScheme: credentials === 'malformed' ? undefined : credentials.scheme,
  };
}

function callerOf(user: UserRecord | undefined, share: ShareGrant | undefined): Caller {
  if (user) return { kind: 'user', id: user.id, type: user.type };
  return share ? { kind: 'share', mapId: share.mapId } : { kind: 'guest' };
}

/**
 * Who is asking: an `Authorization` header (Bearer or Basic personal access token) wins over
 * the session cookie; without one the cookie path is exactly what it was. Throws 401 (token
 * refused) or 429 (too many failed token sign-ins).
 */
export async function loadAuth(db: Queryable, request: FastifyRequest): Promise<AuthState> {
  const credentials = readTokenCredentials(request);
  if (credentials !== undefined) return loadTokenAuth(db, request, credentials);
  const token = request.cookies[SESSION_COOKIE];
  const found = token ? await findSessionUser(db, token) : undefined;
  const session = found?.session;
  const user = found?.user;
  const share = user ? undefined : await findShareLink(db, request.cookies[SHARE_COOKIE]);
  const access = await accessOf(db, callerOf(user, share));
  const cookieToken = request.cookies[XSRF_COOKIE];
  const xsrfToken =
    session?.xsrfToken ?? (cookieToken && TOKEN_SHAPE.test(cookieToken) ? cookieToken : randomToken());
  return {
    session: user ? session : undefined,
    user,
    ability: access.ability,
    access: access.snapshot,
    share,
    xsrfToken,
    staleSession: token !== undefined && user === undefined,
    token: undefined,
    tokenScheme: undefined,
  };
}

/**
 * Laravel's rule: the header must match the session's token; a guest (no session yet)
 * must echo the XSRF-TOKEN cookie, which another site can neither read nor set.
 */
export function csrfPasses(request: FastifyRequest, auth: AuthState): boolean {
  const header = request.headers['x-xsrf-token'];
  if (typeof header !== 'string' || header === '') return false;
  if (auth.session) return safeEqual(header, auth.session.xsrfToken);
  const cookie = request.cookies[XSRF_COOKIE];
  return typeof cookie === 'string' && cookie !== '' && safeEqual(header, cookie);
}
