import { revokeUserTokens } from '../auth/access-tokens.ts';
import { hashPassword } from '../auth/passwords.ts';
import { destroyUserSessions } from '../auth/sessions.ts';
import { recordHit, retryAfter, throttleKey } from '../auth/throttle.ts';
import { storeResetToken, useResetToken } from '../auth/password-reset-tokens.ts';
import { randomToken } from '../auth/tokens.ts';
import { invalid, tooManyAttempts } from '../http/http-error.ts';
import { localeOf, msg, translator } from '../i18n/messages.ts';
import { sendTokenLinkMail } from '../mail/token-link-mail.ts';
import { typedHandlers, type TypedContext, type TypedResult } from '../openapi/typed-handlers.ts';
import { findUserByEmail } from '../users/users-store.ts';
import { passwordRuleErrors } from '../users/user-rules.ts';
import { setResetPassword } from '../users/users-store.ts';

export const RESET_TOKEN_MINUTES = 60;

export async function forgetPassword(
  context: TypedContext<'forgetPassword'>,
): Promise<TypedResult<'forgetPassword'>> {
  const { db } = context.services;
  const { email } = context.body;
  const t = translator(localeOf(context.request));
  const key = throttleKey('forgot', email, context.request.ip);
  const wait = await retryAfter(db, key);
  if (wait > 0) throw tooManyAttempts(wait);
  await recordHit(db, key);
  const user = await findUserByEmail(db, email);
  if (user) {
    const token = randomToken(32);
    await storeResetToken(db, user.email, token);
    // Not awaited: the answer must not take longer when the account exists.
    sendTokenLinkMail(context, 'reset-password', user.email, token, { minutes: RESET_TOKEN_MINUTES });
  }
  return { status: 200, body: { message: t('reset.sent') } };
}

export async function resetPassword(
  context: TypedContext<'resetPassword'>,
): Promise<TypedResult<'resetPassword'>> {
  const { db } = context.services;
  const body = context.body;
  const key = throttleKey('reset', body.email, context.request.ip);
  const wait = await retryAfter(db, key);
  if (wait > 0) throw tooManyAttempts(wait);
  const errors = passwordRuleErrors(body.password, body.password_confirmation);
  if (Object.keys(errors).length > 0) throw invalid(errors);
  const user = await findUserByEmail(db, body.email);
  const passwordHash = await hashPassword(body.password);
  const changed =
    user !== undefined &&
    (await db.transaction(async (tx) => {
      if (!(await useResetToken(tx, user.email, body.token, RESET_TOKEN_MINUTES))) return false;
      await setResetPassword(tx, user.id, passwordHash);
      await destroyUserSessions(
        tx,
        user.id,
        context.auth.session?.userId === user.id ? context.auth.session.id : undefined,
      );
      await revokeUserTokens(tx, user.id);
      return true;
    }));
  if (!changed) {
    await recordHit(db, key);
    throw invalid({ email: [msg('reset.token_invalid')] });
  }
  return { status: 200, body: { message: translator(localeOf(context.request))('reset.changed') } };
}

export const routeHandlers = typedHandlers({ forgetPassword, resetPassword });
