import type { Database, Queryable } from '../db/database.ts';
import { sha256 } from './tokens.ts';

export const MAX_ATTEMPTS = 5;
export const WINDOW_SECONDS = 60;
/** Second-step codes: one counter per account, whatever the IP (10 guesses a minute). */
export const MAX_CODE_ATTEMPTS = 10;
/** Failed sign-ins from one IP across all emails (password spraying). */
export const MAX_IP_FAILURES = 20;

/** Attempts are counted in the database so every instance sees them. */
export function throttleKey(scope: string, email: string, ip: string): string {
  return sha256(`${scope}|${email.trim().toLowerCase()}|${ip}`);
}

/** A key for one account (user id or email) alone, whatever the caller's IP. */
export function accountKey(scope: string, account: string | number): string {
  return sha256(`${scope}|account|${String(account).trim().toLowerCase()}`);
}

/** A key for one client IP alone, whatever the account. */
export function ipKey(scope: string, ip: string): string {
  return sha256(`${scope}|ip|${ip}`);
}

/** Seconds until the next attempt is allowed, or 0 when the key is under `max`. */
export async function retryAfter(db: Queryable, key: string, max: number = MAX_ATTEMPTS): Promise<number> {
  const rows = await db.query<{ hits: number; oldest_age: number | null }>(
    `SELECT count(*)::int AS hits, extract(epoch FROM now() - min(hit_at))::float8 AS oldest_age
     FROM throttle_hits WHERE key = $1 AND hit_at > now() - make_interval(secs => $2)`,
    [key, WINDOW_SECONDS],
  );
  const row = rows[0];
  if (!row || row.hits < max) return 0;
  return Math.max(1, Math.ceil(WINDOW_SECONDS - (row.oldest_age ?? 0)));
}

export async function recordHit(db: Queryable, key: string): Promise<void> {
  await db.query('INSERT INTO throttle_hits (key) VALUES ($1)', [key]);
  // Keep the table small: old hits never matter again.
  await db.query('DELETE FROM throttle_hits WHERE key = $1 AND hit_at < now() - make_interval(secs => $2)', [
    key,
    WINDOW_SECONDS,
  ]);
}

/**
 * Counts and records one attempt atomically: under the limit the attempt is recorded before it
 * is judged and 0 is returned; otherwise nothing is recorded and the seconds to wait come back.
 * The transaction-scoped advisory lock serialises attempts on one key across connections and
 * instances, so a parallel burst cannot all read "4 so far" and all be judged.
 */
export async function takeAttempt(db: Database, key: string, max: number = MAX_ATTEMPTS): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
    const wait = await retryAfter(tx, key, max);
    if (wait > 0) return wait;
    await recordHit(tx, key);
    return 0;
  });
}

export async function clearHits(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM throttle_hits WHERE key = $1', [key]);
}
