import type { Database, Queryable } from '../db/database.ts';
import { randomToken, sha256 } from './tokens.ts';

/** How long a mailed address-confirmation link works. */
export const VERIFY_TOKEN_HOURS = 48;

/** A new token for this account (any earlier one stops working); the raw token goes only into the mail. */
export async function newVerificationToken(db: Queryable, userId: number): Promise<string> {
  const token = randomToken(32);
  await db.query(
    `INSERT INTO email_verifications (user_id, token_hash, created_at) VALUES ($1, $2, now())
     ON CONFLICT (user_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_at = EXCLUDED.created_at`,
    [userId, sha256(token)],
  );
  return token;
}

/**
 * Confirms the address when the token matches an unexpired one of the account with this email.
 * Deleting the row is what makes the token single-use, even under concurrent requests.
 */
export async function confirmAddress(db: Database, email: string, token: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const used = await tx.query<{ user_id: number }>(
      `DELETE FROM email_verifications v USING users u
       WHERE v.user_id = u.id AND lower(u.email) = lower($1) AND v.token_hash = $2
         AND v.created_at > now() - make_interval(hours => $3)
       RETURNING v.user_id`,
      [email.trim(), sha256(token), VERIFY_TOKEN_HOURS],
    );
    const userId = used[0]?.user_id;
    if (userId === undefined) return false;
    await tx.query('UPDATE users SET email_verified_at = now(), updated_at = now() WHERE id = $1', [userId]);
    return true;
  });
}
