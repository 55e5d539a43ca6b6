import type { FastifyReply, FastifyRequest } from 'fastify';
import { burnPasswordCheck, verifyPassword } from '../auth/passwords.ts';
import { destroySession, startSession } from '../auth/sessions.ts';
import { clearHits, recordHit, retryAfter, throttleKey } from '../auth/throttle.ts';
import { verifySecondFactor } from '../auth/second-factor.ts';
import type { Database } from '../db/database.ts';
import { setSessionCookie } from '../http/cookies.ts';
import { invalid, tooManyAttempts } from '../http/http-error.ts';
import { msg } from '../i18n/messages.ts';
import type { AuthState } from '../http/request-auth.ts';
import type { TypedContext, TypedResult } from '../openapi/typed-handlers.ts';
import { findUserByEmail, type UserRecord } from '../users/user-record.ts';

const BAD_CREDENTIALS = msg('auth.failed');
const BAD_CODE = msg('auth.code_invalid');

async function throttled(db: Database, key: string): Promise<void> {
  const wait = await retryAfter(db, key);
  if (wait > 0) throw tooManyAttempts(wait);
}

async function checkPassword(
  db: Database,
  key: string,
  email: string,
  password: string,
): Promise<UserRecord> {
  const user = await findUserByEmail(db, email);
  const ok = user ? await verifyPassword(password, user.password_hash) : await burnPasswordCheck(password);
  if (!user || !ok) {
    await recordHit(db, key);
    throw invalid({ email: [BAD_CREDENTIALS] });
  }
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

async function secondStep(db: Database, key: string, user: UserRecord, code: string): Promise<void> {
  if (!(await verifySecondFactor(db, user, code))) {
    await recordHit(db, key);
    throw invalid({ code: [BAD_CODE] });
  }
}

export async function login(context: TypedContext<'login'>): Promise<TypedResult<'login'>> {
  const { db } = context.services;
  const body = context.body;
  const key = throttleKey('login', body.email, context.request.ip);
  await throttled(db, key);
  const user = await checkPassword(db, key, body.email, body.password);
  if (user.two_factor_secret !== null) {
    const code = body.code?.trim();
    if (!code) {
      await clearHits(db, key);
      return { status: 200, body: { next_step: '2fa' } };
    }
    await secondStep(db, key, user, code);
  }
  await clearHits(db, key);
  return signIn(db, context.request, context.reply, context.auth, user, body.remember === true);
}

export async function loginTwoFactor(
  context: TypedContext<'loginTwoFactor'>,
): Promise<TypedResult<'loginTwoFactor'>> {
  const { db } = context.services;
  const body = context.body;
  const key = throttleKey('2fa', body.email, context.request.ip);
  await throttled(db, key);
  const user = await checkPassword(db, key, body.email, body.password);
  if (user.two_factor_secret !== null) await secondStep(db, key, user, body.code.trim());
  await clearHits(db, key);
  return signIn(db, context.request, context.reply, context.auth, user, body.remember === true);
}
