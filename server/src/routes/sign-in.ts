import type { FastifyReply, FastifyRequest } from 'fastify';
import { burnPasswordCheck, verifyPassword } from '../auth/passwords.ts';
import { destroySession, startSession } from '../auth/sessions.ts';
import {
  accountKey,
  clearHits,
  ipKey,
  MAX_CODE_ATTEMPTS,
  MAX_IP_FAILURES,
  recordHit,
  retryAfter,
  takeAttempt,
  throttleKey,
} from '../auth/throttle.ts';
import { verifySecondFactor } from '../auth/second-factor.ts';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { DEFAULT_ADMIN_EMAIL } from '../seed.ts';
import { setSessionCookie } from '../http/cookies.ts';
import { HttpError, invalid, tooManyAttempts } from '../http/http-error.ts';
import { msg } from '../i18n/messages.ts';
import type { AuthState } from '../http/request-auth.ts';
import { typedHandlers, type TypedContext, type TypedResult } from '../openapi/typed-handlers.ts';
import { type UserRecord } from '../users/user-record.ts';
import { findUserByEmail } from '../users/users-store.ts';

const BAD_CREDENTIALS = msg('auth.failed');
const BAD_CODE = msg('auth.code_invalid');
/** Said only after the right password, so it tells nothing to someone guessing. */
const unverifiedEmail = () => new HttpError(403, msg('accounts.email_unverified'));

async function throttled(db: Database, key: string, max?: number): Promise<void> {
  const wait = await takeAttempt(db, key, max);
  if (wait > 0) throw tooManyAttempts(wait);
}

/**
 * The password step. Its attempt is recorded before the check (atomically with the count), so a
 * parallel burst is judged at most MAX_ATTEMPTS times; a failure also counts against the IP.
 */
async function checkPassword(db: Database, ip: string, email: string, password: string): Promise<UserRecord> {
  const wait = await retryAfter(db, ipKey('sign-in-failures', ip), MAX_IP_FAILURES);
  if (wait > 0) throw tooManyAttempts(wait);
  const key = throttleKey('login', email, ip);
  await throttled(db, key);
  const user = await findUserByEmail(db, email);
  const ok = user ? await verifyPassword(password, user.password_hash) : await burnPasswordCheck(password);
  if (!user || !ok) {
    await recordHit(db, ipKey('sign-in-failures', ip));
    throw invalid({ email: [BAD_CREDENTIALS] });
  }
  await clearHits(db, key);
  if (user.email_verified_at === null) throw unverifiedEmail();
  return user;
}

/** A fresh session id at every sign-in (no fixation); the old session, if any, ends. */
async function signIn(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  auth: AuthState,
  user: UserRecord,
  remember: boolean,
): Promise<{ status: 200; body: { next_step: 'home' } }> {
  if (auth.session) await destroySession(db, auth.session.id);
  const session = await startSession(db, user.id, remember);
  setSessionCookie(request, reply, session);
  auth.xsrfToken = session.xsrfToken;
  return { status: 200, body: { next_step: 'home' } };
}

/**
 * Second-step codes have one counter per account, whatever the IP and whichever route, and a
 * right password never clears it: only a right code does.
 */
async function secondStep(db: Database, user: UserRecord, code: string): Promise<void> {
  const key = accountKey('second-step', user.id);
  await throttled(db, key, MAX_CODE_ATTEMPTS);
  if (!(await verifySecondFactor(db, user, code))) throw invalid({ code: [BAD_CODE] });
  await clearHits(db, key);
}

/**
 * PASSWORD_LOGIN=off: only the identity provider signs in, except the first admin (ADMIN_EMAIL),
 * who keeps the password for recovery. Decided by the address alone, before any lookup, so the
 * answer tells nothing about which accounts exist.
 */
function passwordAllowed(config: ServerConfig, email: string): void {
  if (config.passwordLogin) return;
  const recovery = (config.adminEmail ?? DEFAULT_ADMIN_EMAIL).trim().toLowerCase();
  if (email.trim().toLowerCase() !== recovery) throw new HttpError(403, msg('sso.password_login_off'));
}

export async function login(context: TypedContext<'login'>): Promise<TypedResult<'login'>> {
  const { db } = context.services;
  const body = context.body;
  passwordAllowed(context.services.config, body.email);
  const user = await checkPassword(db, context.request.ip, body.email, body.password);
  if (user.two_factor_secret !== null) {
    const code = body.code?.trim();
    if (!code) return { status: 200, body: { next_step: '2fa' } };
    await secondStep(db, user, code);
  }
  return signIn(db, context.request, context.reply, context.auth, user, body.remember === true);
}

export async function loginTwoFactor(
  context: TypedContext<'loginTwoFactor'>,
): Promise<TypedResult<'loginTwoFactor'>> {
  const { db } = context.services;
  const body = context.body;
  passwordAllowed(context.services.config, body.email);
  const user = await checkPassword(db, context.request.ip, body.email, body.password);
  if (user.two_factor_secret !== null) await secondStep(db, user, body.code.trim());
  return signIn(db, context.request, context.reply, context.auth, user, body.remember === true);
}

export const routeHandlers = typedHandlers({ login, loginTwoFactor });
