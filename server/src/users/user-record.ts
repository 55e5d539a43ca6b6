import type { components } from '../../../generated/openapi-types.ts';
import type { Queryable } from '../db/database.ts';

export type UserType = 'admin' | 'editor' | 'user';

export interface UserRecord {
  id: number;
  name: string;
  email: string;
  password_hash: string;
  type: UserType;
  locale: string;
  two_factor_secret: string | null;
  two_factor_pending_secret: string | null;
  two_factor_last_step: number | null;
  /** NULL until a self-registered account confirms its address by mail. */
  email_verified_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** The `User` schema of the document: never the hashes or secrets. */
export type PublicUser = components['schemas']['User'];

export function toPublicUser(user: UserRecord): PublicUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    type: user.type,
    // Stored only through validated input, so always one of the document's locales.
    locale: user.locale as PublicUser['locale'],
    two_factor_enabled: user.two_factor_secret !== null,
    created_at: new Date(user.created_at).toISOString(),
    updated_at: new Date(user.updated_at).toISOString(),
  };
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
}

export async function insertUser(db: Queryable, user: NewUser): Promise<UserRecord> {
  const rows = await db.query<UserRecord>(
    `INSERT INTO users (name, email, password_hash, type, locale) VALUES ($1, $2, $3, $4, $5) RETURNING *`,
    [user.name.trim(), user.email.trim(), user.passwordHash, user.type, user.locale ?? 'en'],
  );
  const row = rows[0];
  if (!row) throw new Error('INSERT INTO users returned no row');
  return row;
}
