import { firstRow, type Queryable } from '../db/database.ts';
import type { UserRecord, UserType } from './user-record.ts';

// The users table's reads and writes; its row and public shape are in user-record.ts.

/** A change to a user: `null` keeps the column as it is. */
export interface UserChange {
  name: string | null;
  email: string | null;
  type: UserType | null;
  locale: string | null;
  passwordHash: string | null;
}

/** The changed user; undefined when there is no such user. */
export function updateUserRow(db: Queryable, id: number, change: UserChange) {
  return firstRow<UserRecord>(
    db,
    `UPDATE users SET name = COALESCE($2, name), email = COALESCE($3, email), type = COALESCE($4, type),
       locale = COALESCE($5, locale), password_hash = COALESCE($6, password_hash), updated_at = now()
     WHERE id = $1 RETURNING *`,
    [id, change.name, change.email, change.type, change.locale, change.passwordHash],
  );
}

export async function deleteUserRow(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM users WHERE id = $1', [id]);
}

/**
 * A password set through a mailed reset link; the link proves the address too, so an
 * unconfirmed registration is confirmed here.
 */
export async function setResetPassword(db: Queryable, id: number, passwordHash: string): Promise<void> {
  await db.query(
    'UPDATE users SET password_hash = $2, email_verified_at = COALESCE(email_verified_at, now()), updated_at = now() WHERE id = $1',
    [id, passwordHash],
  );
}

/** The secret a second factor is being set up with, until a code of it confirms it. */
export async function setPendingTwoFactorSecret(db: Queryable, id: number, secret: string): Promise<void> {
  await db.query('UPDATE users SET two_factor_pending_secret = $2 WHERE id = $1', [id, secret]);
}

/** The pending secret becomes the user's second factor. */
export async function confirmTwoFactorSecret(db: Queryable, id: number): Promise<void> {
  await db.query(
    `UPDATE users SET two_factor_secret = two_factor_pending_secret, two_factor_pending_secret = NULL, updated_at = now()
     WHERE id = $1`,
    [id],
  );
}

/** The user signs in with the password alone again. */
export async function clearTwoFactor(db: Queryable, id: number): Promise<void> {
  await db.query(
    `UPDATE users SET two_factor_secret = NULL, two_factor_pending_secret = NULL, two_factor_last_step = NULL,
     updated_at = now() WHERE id = $1`,
    [id],
  );
}

/** Which of `ids` name a user. */
export async function existingUserIds(db: Queryable, ids: readonly number[]): Promise<Set<number>> {
  const rows = await db.query<{ id: number }>(`SELECT id FROM users WHERE id = ANY($1::int[])`, [ids]);
  return new Set(rows.map((row) => row.id));
}

/** Users whose name or address matches the ILIKE pattern, by name, at most `limit`. */
export function usersMatching(db: Queryable, pattern: string, limit: number) {
  return db.query<{ id: number; name: string; email: string }>(
    `SELECT id, name, email FROM users WHERE name ILIKE $1 OR email ILIKE $1
     ORDER BY lower(name), id LIMIT $2`,
    [pattern, limit],
  );
}

export async function findUserById(db: Queryable, id: number): Promise<UserRecord | undefined> {
  return (await db.query<UserRecord>('SELECT * FROM users WHERE id = $1', [id]))[0];
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRecord | undefined> {
  return (
    await db.query<UserRecord>('SELECT * FROM users WHERE lower(email) = lower($1)', [email.trim()])
  )[0];
}

export async function emailTaken(db: Queryable, email: string, exceptId?: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2', [
    email.trim(),
    exceptId ?? 0,
  ]);
  return rows.length > 0;
}

export interface NewUser {
  name: string;
  email: string;
  passwordHash: string;
  type: UserType;
  locale?: string | undefined;
  /** A registration's address is unconfirmed until its mailed link is followed; others are confirmed now. */
  unverified?: boolean;
}

export async function insertUser(db: Queryable, user: NewUser): Promise<UserRecord> {
  const rows = await db.query<UserRecord>(
    `INSERT INTO users (name, email, password_hash, type, locale, email_verified_at)
     VALUES ($1, $2, $3, $4, $5, CASE WHEN $6::boolean THEN NULL ELSE now() END) RETURNING *`,
    [
      user.name.trim(),
      user.email.trim(),
      user.passwordHash,
      user.type,
      user.locale ?? 'en',
      user.unverified ?? false,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('INSERT INTO users returned no row');
  return row;
}
