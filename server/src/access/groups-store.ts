import type { Queryable } from '../db/database.ts';

/** A group with how many members it has. */
export interface GroupRow {
  id: number;
  name: string;
  description: string | null;
  members_count: number;
  created_at: Date;
  updated_at: Date;
}

export interface GroupMemberRow {
  id: number;
  name: string;
  email: string;
}

const GROUP_SELECT = `SELECT g.id, g.name, g.description, g.created_at, g.updated_at,
  (SELECT count(*)::int FROM group_members gm WHERE gm.group_id = g.id) AS members_count FROM groups g`;

/** By name. */
export function listGroupRows(db: Queryable): Promise<GroupRow[]> {
  return db.query<GroupRow>(`${GROUP_SELECT} ORDER BY lower(g.name), g.id`);
}

export async function groupRow(db: Queryable, id: number): Promise<GroupRow | undefined> {
  return (await db.query<GroupRow>(`${GROUP_SELECT} WHERE g.id = $1`, [id]))[0];
}

export async function groupExists(db: Queryable, id: number): Promise<boolean> {
  return (await db.query(`SELECT 1 FROM groups WHERE id = $1`, [id])).length > 0;
}

/** By name. */
export function groupMembers(db: Queryable, groupId: number): Promise<GroupMemberRow[]> {
  return db.query<GroupMemberRow>(
    `SELECT u.id, u.name, u.email FROM users u JOIN group_members gm ON gm.user_id = u.id
     WHERE gm.group_id = $1 ORDER BY lower(u.name), u.id`,
    [groupId],
  );
}

/** The new group's id; a name already taken throws the database's unique violation. */
export async function insertGroup(db: Queryable, name: string, description: string | null): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO groups (name, description) VALUES ($1, $2) RETURNING id`,
    [name, description],
  );
  return (rows[0] as { id: number }).id;
}

/** False when there is no such group; a name already taken throws the database's unique violation. */
export async function updateGroup(db: Queryable, id: number, name: string, description: string | null) {
  const rows = await db.query<{ id: number }>(
    `UPDATE groups SET name = $2, description = $3, updated_at = now() WHERE id = $1 RETURNING id`,
    [id, name, description],
  );
  return rows.length > 0;
}

/** False when there was no such group. */
export async function deleteGroup(tx: Queryable, id: number): Promise<boolean> {
  return (await tx.query(`DELETE FROM groups WHERE id = $1 RETURNING id`, [id])).length > 0;
}

/** The group's members become exactly `userIds` (members kept keep their row). */
export async function replaceGroupMembers(tx: Queryable, groupId: number, userIds: readonly number[]) {
  await tx.query(`DELETE FROM group_members WHERE group_id = $1 AND NOT (user_id = ANY($2::int[]))`, [
    groupId,
    userIds,
  ]);
  await tx.query(
    `INSERT INTO group_members (group_id, user_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`,
    [groupId, userIds],
  );
  await tx.query(`UPDATE groups SET updated_at = now() WHERE id = $1`, [groupId]);
}

/** Which of `ids` name a group. */
export async function existingGroupIds(db: Queryable, ids: readonly number[]): Promise<Set<number>> {
  const rows = await db.query<{ id: number }>(`SELECT id FROM groups WHERE id = ANY($1::int[])`, [ids]);
  return new Set(rows.map((row) => row.id));
}

/** Groups whose name matches the ILIKE pattern, by name, at most `limit`. */
export function groupsMatching(db: Queryable, pattern: string, limit: number) {
  return db.query<{ id: number; name: string }>(
    `SELECT id, name FROM groups WHERE name ILIKE $1 ORDER BY lower(name), id LIMIT $2`,
    [pattern, limit],
  );
}
