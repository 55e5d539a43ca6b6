import type { Queryable } from '../db/database.ts';
import type { UserRecord } from '../users/user-record.ts';
import { MAX_ATTEMPTS, MAX_IP_FAILURES, throttleKey, ipKey, WINDOW_SECONDS } from './throttle.ts';
import { randomToken, sha256 } from './tokens.ts';

/**
 * A recognisable prefix, so a token pasted into a chat or a repository can be spotted by a
 * secret scanner and told apart from a password. The rest is 32 random bytes (256 bits).
 */
export const TOKEN_PREFIX = 'atb_pat_';
const TOKEN_SHAPE = /^atb_pat_[A-Za-z0-9_-]{43}$/;

export type TokenAbility = 'read' | 'write';

export interface AccessTokenRow {
  id: number;
  name: string;
  abilities: TokenAbility[];
  expires_at: Date | null;
  last_used_at: Date | null;
  created_at: Date;
}

/** What a request signed with a token carries besides its user. */
export interface RequestToken {
  id: number;
  abilities: TokenAbility[];
}

export function newTokenText(): string {
  return `${TOKEN_PREFIX}${randomToken(32)}`;
}

/** A write token can read too: the stored list is always `["read"]` or `["read", "write"]`. */
export function normaliseAbilities(abilities: readonly string[]): TokenAbility[] {
  return abilities.includes('write') ? ['read', 'write'] : ['read'];
}

export async function createAccessToken(
  db: Queryable,
  userId: number,
  fields: { name: string; abilities: readonly string[]; expiresAt: string | null },
): Promise<AccessTokenRow & { token: string }> {
  const token = newTokenText();
  const rows = await db.query<AccessTokenRow>(
    `INSERT INTO personal_access_tokens (user_id, name, token_hash, abilities, expires_at)
     VALUES ($1, $2, $3, $4, $5)
     RETURNING id, name, abilities, expires_at, last_used_at, created_at`,
    [userId, fields.name, sha256(token), normaliseAbilities(fields.abilities), fields.expiresAt],
  );
  const row = rows[0];
  if (!row) throw new Error('token insert returned no row');
  return { ...row, token };
}

export async function listAccessTokens(db: Queryable, userId: number): Promise<AccessTokenRow[]> {
  return db.query<AccessTokenRow>(
    `SELECT id, name, abilities, expires_at, last_used_at, created_at
     FROM personal_access_tokens WHERE user_id = $1 ORDER BY created_at DESC, id DESC`,
    [userId],
  );
}

/** Revoking deletes the row: the next request with it, on any instance, finds nothing. */
export async function deleteAccessToken(db: Queryable, userId: number, id: number): Promise<boolean> {
  const rows = await db.query(
    'DELETE FROM personal_access_tokens WHERE id = $1 AND user_id = $2 RETURNING id',
    [id, userId],
  );
  return rows.length > 0;
}

/**
 * Every token of a user, revoked: a password reset, or a password an admin sets, means the old
 * credentials may be in someone else's hands, and a token made with them must not outlive them.
 */
export async function revokeUserTokens(db: Queryable, userId: number): Promise<void> {
  await db.query('DELETE FROM personal_access_tokens WHERE user_id = $1', [userId]);
}

/** Throttle keys of token sign-ins: per client IP, and per email + IP for HTTP Basic. */
export function tokenThrottleKeys(ip: string, email: string | undefined): { ip: string; email?: string } {
  return {
    ip: ipKey('token-failures', ip),
    ...(email !== undefined ? { email: throttleKey('token-login', email, ip) } : {}),
  };
}

export type TokenLookup =
  | { kind: 'ok'; user: UserRecord; token: RequestToken }
  | { kind: 'throttled'; retryAfter: number }
  | { kind: 'refused' };

function secondsLeft(oldestAge: number | null): number {
  return Math.max(1, Math.ceil(WINDOW_SECONDS - (oldestAge ?? 0)));
}

/**
 * The user of a live token, and the throttle counters of this caller, in one query (every
 * token request asks this, as every cookie request asks for its session). Like the password
 * throttle, failures are counted per IP (MAX_IP_FAILURES) and, for HTTP Basic, per email + IP
 * (MAX_ATTEMPTS); over either limit nothing is judged, not even a right token. `last_used_at`
 * is written at most once a minute. Nothing is cached: a revoked or expired token is refused
 * on the very next request on every instance.
 */
export async function findTokenUser(
  db: Queryable,
  credentials: { token: string; email: string | undefined; ip: string },
): Promise<TokenLookup> {
  const keys = tokenThrottleKeys(credentials.ip, credentials.email);
  const shaped = TOKEN_SHAPE.test(credentials.token);
  const rows = await db.query<
    Partial<UserRecord> & {
      ip_hits: number;
      ip_oldest: number | null;
      email_hits: number;
      email_oldest: number | null;
      token_id: number | null;
      token_abilities: TokenAbility[] | null;
    }
  >(
    `WITH hits AS (
       SELECT
         count(*) FILTER (WHERE key = $2)::int AS ip_hits,
         extract(epoch FROM now() - min(hit_at) FILTER (WHERE key = $2))::float8 AS ip_oldest,
         count(*) FILTER (WHERE key = $3)::int AS email_hits,
         extract(epoch FROM now() - min(hit_at) FILTER (WHERE key = $3))::float8 AS email_oldest
       FROM throttle_hits
       WHERE key IN ($2, $3) AND hit_at > now() - make_interval(secs => $4)
     ), live AS (
       SELECT t.id, t.user_id, t.abilities, t.last_used_at FROM personal_access_tokens t
       WHERE $5::boolean AND t.token_hash = $1 AND (t.expires_at IS NULL OR t.expires_at > now())
     ), touch AS (
       UPDATE personal_access_tokens p SET last_used_at = now() FROM live
       WHERE p.id = live.id AND (live.last_used_at IS NULL OR live.last_used_at < now() - interval '1 minute')
     )
     SELECT hits.*, live.id AS token_id, live.abilities AS token_abilities, u.*
     FROM hits LEFT JOIN (live JOIN users u ON u.id = live.user_id) ON true`,
    [sha256(credentials.token), keys.ip, keys.email ?? '', WINDOW_SECONDS, shaped],
  );
  const row = rows[0];
  if (!row) return { kind: 'refused' };
  if (row.ip_hits >= MAX_IP_FAILURES) return { kind: 'throttled', retryAfter: secondsLeft(row.ip_oldest) };
  if (keys.email !== undefined && row.email_hits >= MAX_ATTEMPTS)
    return { kind: 'throttled', retryAfter: secondsLeft(row.email_oldest) };
  const {
    ip_hits: _ipHits,
    ip_oldest: _ipOldest,
    email_hits: _emailHits,
    email_oldest: _emailOldest,
    token_id,
    token_abilities,
    ...user
  } = row;
  if (token_id === null || token_abilities === null || user.id === undefined) return { kind: 'refused' };
  const record = user as UserRecord;
  // HTTP Basic names the account too: a token of another account is as wrong as a bad password.
  if (
    credentials.email !== undefined &&
    record.email.toLowerCase() !== credentials.email.trim().toLowerCase()
  )
    return { kind: 'refused' };
  // A self-registered account that never confirmed its address cannot sign in with a password either.
  if (record.email_verified_at === null) return { kind: 'refused' };
  return { kind: 'ok', user: record, token: { id: token_id, abilities: token_abilities } };
}
