import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { sha256 } from './tokens.ts';

export const RECOVERY_CODE_COUNT = 8;

function normalise(code: string): string {
  return code.trim().toLowerCase();
}

/** `xxxxx-xxxxx` in lowercase hex: 40 random bits each, easy to type. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const hex = randomBytes(5).toString('hex');
    return `${hex.slice(0, 5)}-${hex.slice(5)}`;
  });
}

export async function replaceRecoveryCodes(
  db: Queryable,
  userId: number,
  codes: readonly string[],
): Promise<void> {
  await db.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
  for (const code of codes) {
    await db.query('INSERT INTO recovery_codes (user_id, code_hash) VALUES ($1, $2)', [
      userId,
      sha256(normalise(code)),
    ]);
  }
}

/** Marks the code used and reports whether it was valid and unused (atomic: a code works once). */
export async function useRecoveryCode(db: Queryable, userId: number, code: string): Promise<boolean> {
  const rows = await db.query(
    'UPDATE recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING id',
    [userId, sha256(normalise(code))],
  );
  return rows.length > 0;
}
