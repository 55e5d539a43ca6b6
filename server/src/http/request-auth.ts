import type { FastifyRequest } from 'fastify';
import type { AppAbility } from '../auth/abilities.ts';
import { abilityOf } from '../auth/ability-memo.ts';
import { findSessionUser, SESSION_COOKIE, type Session } from '../auth/sessions.ts';
import { randomToken, safeEqual } from '../auth/tokens.ts';
import type { Queryable } from '../db/database.ts';
import type { UserRecord } from '../users/user-record.ts';
import { XSRF_COOKIE } from './cookies.ts';

export interface AuthState {
  session: Session | undefined;
  user: UserRecord | undefined;
  ability: AppAbility;
  /** The token the response's XSRF-TOKEN cookie will carry. */
  xsrfToken: string;
  /** A session cookie came with the request but names no live session (expired, logged out). */
  staleSession: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthState;
  }
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

export async function loadAuth(db: Queryable, request: FastifyRequest): Promise<AuthState> {
  const token = request.cookies[SESSION_COOKIE];
  const found = token ? await findSessionUser(db, token) : undefined;
  const session = found?.session;
  const user = found?.user;
  const cookieToken = request.cookies[XSRF_COOKIE];
  const xsrfToken =
    session?.xsrfToken ?? (cookieToken && TOKEN_SHAPE.test(cookieToken) ? cookieToken : randomToken());
  return {
    session: user ? session : undefined,
    user,
    ability: abilityOf(user),
    xsrfToken,
    staleSession: token !== undefined && user === undefined,
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
