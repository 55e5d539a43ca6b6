import { confirmAddress, newVerificationToken, VERIFY_TOKEN_HOURS } from '../auth/email-verification.ts';
import { hashPassword } from '../auth/passwords.ts';
import { clearHits, ipKey, recordHit, retryAfter, takeAttempt, throttleKey } from '../auth/throttle.ts';
import { HttpError, invalid, tooManyAttempts } from '../http/http-error.ts';
import { localeOf, msg, translator } from '../i18n/messages.ts';
import { sendTokenLinkMail } from '../mail/token-link-mail.ts';
import { typedHandlers, type TypedContext, type TypedResult } from '../openapi/typed-handlers.ts';
import { toPublicUser, type UserRecord } from '../users/user-record.ts';
import { emailTaken, insertUser } from '../users/users-store.ts';
import { isUniqueViolation, passwordRuleErrors } from '../users/user-rules.ts';

/** Accounts one IP may register per minute. */
export const REGISTRATIONS_PER_MINUTE = 5;

/**
 * Only with REGISTRATION=open. New accounts are of type `user`, do not sign in, and cannot
 * sign in until the mailed link confirms the address (the client goes to the login screen).
 */
export async function register(context: TypedContext<'register'>): Promise<TypedResult<'register'>> {
  const { db, config } = context.services;
  if (config.registration !== 'open') throw new HttpError(403, msg('accounts.registration_closed'));
  const wait = await takeAttempt(db, ipKey('register', context.request.ip), REGISTRATIONS_PER_MINUTE);
  if (wait > 0) throw tooManyAttempts(wait);
  const body = context.body;
  const errors = passwordRuleErrors(body.password, body.password_confirmation);
  if (await emailTaken(db, body.email)) errors.email = [msg('validation.email_taken')];
  if (Object.keys(errors).length > 0) throw invalid(errors);
  const passwordHash = await hashPassword(body.password);
  let created: { user: UserRecord; token: string };
  try {
    created = await db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        name: body.name,
        email: body.email,
        passwordHash,
        type: 'user',
        locale: localeOf(context.request),
        unverified: true,
      });
      return { user, token: await newVerificationToken(tx, user.id) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid({ email: [msg('validation.email_taken')] });
    throw error;
  }
  const { user, token } = created;
  sendTokenLinkMail(context, 'verify-email', user.email, token, { hours: VERIFY_TOKEN_HOURS });
  return { status: 201, body: { data: toPublicUser(user) } };
}

/** The guest route behind the mailed link; wrong tokens count like sign-in attempts. */
export async function verifyEmail(context: TypedContext<'verifyEmail'>): Promise<TypedResult<'verifyEmail'>> {
  const { db } = context.services;
  const body = context.body;
  const key = throttleKey('verify-email', body.email, context.request.ip);
  const wait = await retryAfter(db, key);
  if (wait > 0) throw tooManyAttempts(wait);
  if (!(await confirmAddress(db, body.email, body.token))) {
    await recordHit(db, key);
    throw invalid({ token: [msg('accounts.verify_invalid')] });
  }
  await clearHits(db, key);
  return { status: 200, body: { message: translator(localeOf(context.request))('accounts.verified') } };
}

export const routeHandlers = typedHandlers({ register, verifyEmail });
