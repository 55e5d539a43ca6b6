import type { Queryable } from '../db/database.ts';
import type { UserRecord } from '../users/user-record.ts';
import { sessionCacheFor } from './session-cache.ts';
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
  /** The provider's ID token when single sign-on started the session (the hint for signing out there). */
  providerIdToken?: string,
): Promise<StartedSession> {
  // Expired sessions are swept here rather than by a timer, so no instance needs a scheduler.
  await db.query('DELETE FROM sessions WHERE expires_at < now()');
  const token = randomToken();
  const session = { id: sha256(token), userId, xsrfToken: randomToken(), remember };
  await db.query(
    `INSERT INTO sessions (id, user_id, xsrf_token, remember, expires_at, oidc_id_token)
     VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5), $6)`,
    [session.id, userId, session.xsrfToken, remember, lifetime(remember), providerIdToken ?? null],
  );
  return { ...session, token, maxAgeSeconds: remember ? REMEMBER_MINUTES * 60 : undefined };
}

const lifetimeMs = (remember: boolean) => lifetime(remember) * 60_000;

/**
 * A live session for the cookie value, with its user's row. Every API request asks this, so
 * it is answered from the process's session cache when it can (session-cache.ts: exact, since
 * the database announces every change to sessions and users), and otherwise in one query.
 * The idle expiry slides forward, but is only written when it would move by more than a
 * minute: a burst of requests is then one write, not one per request.
 */
export async function findSessionUser(
  db: Queryable,
  token: string,
): Promise<{ session: Session; user: UserRecord } | undefined> {
  const id = sha256(token);
  const cache = sessionCacheFor(db);
  const cached = cache?.get(id, Date.now(), lifetimeMs);
  if (cached) return cached;
  const ticket = cache?.ticket();
  const rows = await db.query<
    UserRecord & {
      session_id: string;
      session_xsrf_token: string;
      session_remember: boolean;
      session_left_ms: number;
    }
  >(
    `WITH live AS (
       SELECT id, user_id, xsrf_token, remember,
         now() + make_interval(mins => CASE WHEN remember THEN $2::int ELSE $3::int END) AS slid_to,
         expires_at
       FROM sessions WHERE id = $1 AND expires_at > now()
     ), slide AS (
       UPDATE sessions s SET expires_at = live.slid_to FROM live
       WHERE s.id = live.id AND live.expires_at < live.slid_to - interval '1 minute'
     )
     SELECT u.*, live.id AS session_id, live.xsrf_token AS session_xsrf_token, live.remember AS session_remember,
       (extract(epoch FROM CASE WHEN live.expires_at < live.slid_to - interval '1 minute'
          THEN live.slid_to ELSE live.expires_at END - now()) * 1000)::float8 AS session_left_ms
     FROM live JOIN users u ON u.id = live.user_id`,
    [id, REMEMBER_MINUTES, SESSION_MINUTES],
  );
  const row = rows[0];
  if (!row) return undefined;
  const {
    session_id: sessionId,
    session_xsrf_token: xsrfToken,
    session_remember: remember,
    session_left_ms: leftMs,
    ...user
  } = row;
  const session = { id: sessionId, userId: row.id, xsrfToken, remember };
  if (cache && ticket !== undefined) cache.put(ticket, session, user, Date.now() + leftMs);
  return { session, user };
}

export async function destroySession(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE id = $1', [id]);
}

/** Ends a session; what the identity provider's sign-in left on it (for its logout), null if none. */
export async function endSession(db: Queryable, id: string): Promise<{ oidcIdToken: string | null }> {
  const rows = await db.query<{ oidc_id_token: string | null }>(
    'DELETE FROM sessions WHERE id = $1 RETURNING oidc_id_token',
    [id],
  );
  return { oidcIdToken: rows[0]?.oidc_id_token ?? null };
}

/** Ends every session of a user except `keepId` (after a password change). */
export async function destroyUserSessions(db: Queryable, userId: number, keepId?: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE user_id = $1 AND id <> $2', [userId, keepId ?? '']);
}
