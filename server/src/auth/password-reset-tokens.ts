import type { Queryable } from '../db/database.ts';
import { sha256 } from './tokens.ts';

/** One token per address: a new request replaces the one before. Only its hash is kept. */
export async function storeResetToken(db: Queryable, email: string, token: string): Promise<void> {
  await db.query(
    `INSERT INTO password_reset_tokens (email, token_hash, created_at) VALUES (lower($1), $2, now())
     ON CONFLICT (email) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_at = EXCLUDED.created_at`,
    [email, sha256(token)],
  );
}

/**
 * Whether the token is the address's and younger than `minutes`; deleting the row is what makes
 * it single-use, even under concurrent requests.
 */
export async function useResetToken(
  db: Queryable,
  email: string,
  token: string,
  minutes: number,
): Promise<boolean> {
  const used = await db.query(
    `DELETE FROM password_reset_tokens
     WHERE email = lower($1) AND token_hash = $2 AND created_at > now() - make_interval(mins => $3) RETURNING email`,
    [email, sha256(token), minutes],
  );
  return used.length > 0;
}
