import { verifyPassword } from '../auth/passwords.ts';
import { newRecoveryCodes, replaceRecoveryCodes } from '../auth/recovery-codes.ts';
import { useTotpCode, verifySecondFactor } from '../auth/second-factor.ts';
import { accountKey, clearHits, takeAttempt } from '../auth/throttle.ts';
import { newTotpSecret, otpauthUrl } from '../auth/totp.ts';
import { invalid, tooManyAttempts, unauthenticated } from '../http/http-error.ts';
import { msg } from '../i18n/messages.ts';
import type { OperationContext } from '../openapi/bind-operations.ts';
import { typedHandlers, type TypedContext, type TypedResult } from '../openapi/typed-handlers.ts';
import type { UserRecord } from '../users/user-record.ts';
import { clearTwoFactor, confirmTwoFactorSecret, setPendingTwoFactorSecret } from '../users/users-store.ts';

function signedInUser(context: OperationContext): UserRecord {
  if (!context.auth.user) throw unauthenticated();
  return context.auth.user;
}

/**
 * Password and code guesses on the profile count per account, on the same counter as the
 * current password of email and password changes; counted and recorded atomically.
 */
async function guarded(
  context: OperationContext,
  user: UserRecord,
  password: string,
  check: () => Promise<boolean>,
) {
  const { db } = context.services;
  const key = accountKey('current-password', user.id);
  const wait = await takeAttempt(db, key);
  if (wait > 0) throw tooManyAttempts(wait);
  if (!(await verifyPassword(password, user.password_hash)))
    throw invalid({ password: [msg('auth.password_incorrect')] });
  if (!(await check())) throw invalid({ code: [msg('auth.code_invalid')] });
  await clearHits(db, key);
}

export async function startTwoFactor(
  context: TypedContext<'startTwoFactor'>,
): Promise<TypedResult<'startTwoFactor'>> {
  const user = signedInUser(context);
  if (user.two_factor_secret !== null) throw invalid({ code: [msg('auth.two_factor_enabled')] });
  const secret = newTotpSecret();
  await setPendingTwoFactorSecret(context.services.db, user.id, secret);
  return { status: 200, body: { data: { secret, otpauth_url: otpauthUrl(secret, user.email) } } };
}

export async function confirmTwoFactor(
  context: TypedContext<'confirmTwoFactor'>,
): Promise<TypedResult<'confirmTwoFactor'>> {
  const user = signedInUser(context);
  const body = context.body;
  const pending = user.two_factor_pending_secret;
  if (user.two_factor_secret !== null) throw invalid({ code: [msg('auth.two_factor_enabled')] });
  if (pending === null) throw invalid({ code: [msg('auth.two_factor_start_first')] });
  const { db } = context.services;
  await guarded(context, user, body.password, () => useTotpCode(db, user.id, pending, body.code));
  const codes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    await confirmTwoFactorSecret(tx, user.id);
    await replaceRecoveryCodes(tx, user.id, codes);
  });
  return { status: 200, body: { data: { recovery_codes: codes } } };
}

export async function disableTwoFactor(
  context: TypedContext<'disableTwoFactor'>,
): Promise<TypedResult<'disableTwoFactor'>> {
  const user = signedInUser(context);
  const body = context.body;
  if (user.two_factor_secret === null) throw invalid({ code: [msg('auth.two_factor_not_enabled')] });
  const { db } = context.services;
  await guarded(context, user, body.password, () => verifySecondFactor(db, user, body.code.trim()));
  await db.transaction(async (tx) => {
    await clearTwoFactor(tx, user.id);
    await replaceRecoveryCodes(tx, user.id, []);
  });
  return { status: 204 };
}

export const routeHandlers = typedHandlers({ startTwoFactor, confirmTwoFactor, disableTwoFactor });
