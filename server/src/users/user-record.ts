import type { components } from '@generated/openapi-types.ts';
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

export type GroupRef = { id: number; name: string };

/** `groups`: the groups the user belongs to (a new account has none). */
export function toPublicUser(user: UserRecord, groups: readonly GroupRef[] = []): PublicUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    type: user.type,
    // Stored only through validated input, so always one of the document's locales.
    locale: user.locale as PublicUser['locale'],
    two_factor_enabled: user.two_factor_secret !== null,
    groups: [...groups],
    created_at: new Date(user.created_at).toISOString(),
    updated_at: new Date(user.updated_at).toISOString(),
  };
}

/** The groups of each of these users, by name. */
export async function groupsOfUsers(db: Queryable, userIds: number[]): Promise<Map<number, GroupRef[]>> {
  const rows = await db.query<{ user_id: number; id: number; name: string }>(
    `SELECT gm.user_id, g.id, g.name FROM group_members gm JOIN groups g ON g.id = gm.group_id
     WHERE gm.user_id = ANY($1::int[]) ORDER BY lower(g.name), g.id`,
    [userIds],
  );
  const out = new Map<number, GroupRef[]>();
  for (const row of rows)
    out.set(row.user_id, [...(out.get(row.user_id) ?? []), { id: row.id, name: row.name }]);
  return out;
}

/** A user as the document shows it, with their groups. */
export async function publicUserWithGroups(db: Queryable, user: UserRecord): Promise<PublicUser> {
  return toPublicUser(user, (await groupsOfUsers(db, [user.id])).get(user.id));
}
