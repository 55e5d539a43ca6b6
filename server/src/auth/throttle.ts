import type { Queryable } from '../db/database.ts';
import { sha256 } from './tokens.ts';

export const MAX_ATTEMPTS = 5;
export const WINDOW_SECONDS = 60;

/** Attempts are counted per email + client IP, in the database so every instance sees them. */
export function throttleKey(scope: string, email: string, ip: string): string {
  return sha256(`${scope}|${email.trim().toLowerCase()}|${ip}`);
}

/** Seconds until the next attempt is allowed, or 0 when the key is under the limit. */
export async function retryAfter(db: Queryable, key: string): Promise<number> {
  const rows = await db.query<{ hits: number; oldest_age: number | null }>(
    `SELECT count(*)::int AS hits, extract(epoch FROM now() - min(hit_at))::float8 AS oldest_age
     FROM throttle_hits WHERE key = $1 AND hit_at > now() - make_interval(secs => $2)`,
    [key, WINDOW_SECONDS],
  );
  const row = rows[0];
  if (!row || row.hits < MAX_ATTEMPTS) return 0;
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

export async function clearHits(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM throttle_hits WHERE key = $1', [key]);
}
