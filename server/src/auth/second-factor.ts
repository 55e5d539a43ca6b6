import type { Queryable } from '../db/database.ts';
import type { UserRecord } from '../users/user-record.ts';
import { useRecoveryCode } from './recovery-codes.ts';
import { totpStep } from './totp.ts';

/** Accepts a TOTP step only if newer than the last one used (atomically): each code works once. */
export async function useTotpCode(
  db: Queryable,
  userId: number,
  secret: string,
  code: string,
): Promise<boolean> {
  const step = totpStep(secret, code);
  if (step === undefined) return false;
  const rows = await db.query(
    `UPDATE users SET two_factor_last_step = $2
     WHERE id = $1 AND (two_factor_last_step IS NULL OR two_factor_last_step < $2) RETURNING id`,
    [userId, step],
  );
  return rows.length > 0;
}

/** A 6-digit TOTP code of the enabled secret, or one of the unused recovery codes. */
export async function verifySecondFactor(db: Queryable, user: UserRecord, code: string): Promise<boolean> {
  if (user.two_factor_secret === null) return false;
  if (/^\d{6}$/.test(code)) return useTotpCode(db, user.id, user.two_factor_secret, code);
  return useRecoveryCode(db, user.id, code);
}
