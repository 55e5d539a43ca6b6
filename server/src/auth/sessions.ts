import type { Queryable } from '../db/database.ts';
import { randomToken, sha256 } from './tokens.ts';

export const SESSION_COOKIE = 'atlasboard_session';
/** Idle lifetime of an ordinary session (Laravel's default 120 minutes). */
export const SESSION_MINUTES = 120;
/** "Remember me" keeps the session for 30 days. */
export const REMEMBER_MINUTES = 30 * 24 * 60;

export interface Session {
  id: string;
  userId: number;
  xsrfToken: string;
  remember: boolean;
}

export interface StartedSession extends Session {
  /** The cookie value; only its hash is stored. */
  token: string;
  maxAgeSeconds: number | undefined;
}

function lifetime(remember: boolean): number {
  return remember ? REMEMBER_MINUTES : SESSION_MINUTES;
}

export async function startSession(
  db: Queryable,
  userId: number,
  remember: boolean,
): Promise<StartedSession> {
  // Expired sessions are swept here rather than by a timer, so no instance needs a scheduler.
  await db.query('DELETE FROM sessions WHERE expires_at < now()');
  const token = randomToken();
  const session = { id: sha256(token), userId, xsrfToken: randomToken(), remember };
  await db.query(
    `INSERT INTO sessions (id, user_id, xsrf_token, remember, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5))`,
    [session.id, userId, session.xsrfToken, remember, lifetime(remember)],
  );
  return { ...session, token, maxAgeSeconds: remember ? REMEMBER_MINUTES * 60 : undefined };
}

/** Finds a live session for the cookie value and slides its expiry forward. */
export async function findSession(db: Queryable, token: string): Promise<Session | undefined> {
  const rows = await db.query<{ id: string; user_id: number; xsrf_token: string; remember: boolean }>(
    `UPDATE sessions SET expires_at = now() + make_interval(mins => CASE WHEN remember THEN $2::int ELSE $3::int END)
     WHERE id = $1 AND expires_at > now()
     RETURNING id, user_id, xsrf_token, remember`,
    [sha256(token), REMEMBER_MINUTES, SESSION_MINUTES],
  );
  const row = rows[0];
  return row && { id: row.id, userId: row.user_id, xsrfToken: row.xsrf_token, remember: row.remember };
}

export async function destroySession(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE id = $1', [id]);
}

/** Ends every session of a user except `keepId` (after a password change). */
export async function destroyUserSessions(db: Queryable, userId: number, keepId?: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE user_id = $1 AND id <> $2', [userId, keepId ?? '']);
}
