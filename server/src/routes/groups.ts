import type { components } from '@generated/openapi-types.ts';
import { changeAccess } from '../access/change-access.ts';
import type { Queryable } from '../db/database.ts';
import { invalid, notFound } from '../http/http-error.ts';
import { msg } from '../i18n/messages.ts';
import { MAX_ID } from '../openapi/text-rules.ts';
import { typedHandlers } from '../openapi/typed-handlers.ts';
import { isUniqueViolation } from '../users/user-rules.ts';

type Group = components['schemas']['Group'];
type GroupDetail = components['schemas']['GroupDetail'];

interface GroupRow {
  id: number;
  name: string;
  description: string | null;
  members_count: number;
  created_at: Date;
  updated_at: Date;
}

const GROUP_SELECT = `SELECT g.id, g.name, g.description, g.created_at, g.updated_at,
  (SELECT count(*)::int FROM group_members gm WHERE gm.group_id = g.id) AS members_count FROM groups g`;

const toGroup = (row: GroupRow): Group => ({
  id: row.id,
  name: row.name,
  description: row.description,
  members_count: row.members_count,
  created_at: new Date(row.created_at).toISOString(),
  updated_at: new Date(row.updated_at).toISOString(),
});

async function groupDetail(db: Queryable, id: number): Promise<GroupDetail> {
  const row = (await db.query<GroupRow>(`${GROUP_SELECT} WHERE g.id = $1`, [id]))[0];
  if (!row) throw notFound();
  const members = await db.query<{ id: number; name: string; email: string }>(
    `SELECT u.id, u.name, u.email FROM users u JOIN group_members gm ON gm.user_id = u.id
     WHERE gm.group_id = $1 ORDER BY lower(u.name), u.id`,
    [id],
  );
  return { ...toGroup(row), members };
}

const nameTaken = () => invalid({ name: [msg('access.group_name_taken')] });

/** Group administration (admins only: OPERATION_NEEDS asks `manage Group` on every group). */
export const groupHandlers = typedHandlers({
  async listGroups({ services: { db } }) {
    const rows = await db.query<GroupRow>(`${GROUP_SELECT} ORDER BY lower(g.name), g.id`);
    return { status: 200, body: { data: rows.map(toGroup) } };
  },

  async createGroup({ services: { db }, body }) {
    try {
      const rows = await db.query<{ id: number }>(
        `INSERT INTO groups (name, description) VALUES ($1, $2) RETURNING id`,
        [body.name.trim(), body.description ?? null],
      );
      return { status: 201, body: { data: await groupDetail(db, (rows[0] as { id: number }).id) } };
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  },

  async getGroup({ services: { db }, params }) {
    return { status: 200, body: { data: await groupDetail(db, params.id) } };
  },

  async updateGroup({ services: { db }, params, body }) {
    try {
      const rows = await db.query<{ id: number }>(
        `UPDATE groups SET name = $2, description = $3, updated_at = now() WHERE id = $1 RETURNING id`,
        [params.id, body.name.trim(), body.description ?? null],
      );
      if (rows.length === 0) throw notFound();
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
    return { status: 200, body: { data: await groupDetail(db, params.id) } };
  },

  async deleteGroup({ services: { db }, params }) {
    const deleted = await changeAccess(db, (tx) =>
      tx.query(`DELETE FROM groups WHERE id = $1 RETURNING id`, [params.id]),
    );
    if (deleted.length === 0) throw notFound();
    return { status: 204 };
  },

  async setGroupMembers({ services: { db }, params, body }) {
    const wanted = body.user_ids;
    const known = new Set(
      (
        await db.query<{ id: number }>(`SELECT id FROM users WHERE id = ANY($1::int[])`, [
          // An id past the integer column's range names nobody (and must not reach the query).
          wanted.filter((id) => id <= MAX_ID),
        ])
      ).map((row) => row.id),
    );
    // Before any change: a group that is not there is 404 whatever the list holds.
    if ((await db.query(`SELECT 1 FROM groups WHERE id = $1`, [params.id])).length === 0) throw notFound();
    const problems = Object.fromEntries(
      wanted
        .map((id, index) => [index, id] as const)
        .filter(([, id]) => !known.has(id))
        .map(([index]) => [`user_ids.${index}`, [msg('access.user_unknown')]]),
    );
    if (Object.keys(problems).length > 0) throw invalid(problems);
    await changeAccess(db, async (tx) => {
      await tx.query(`DELETE FROM group_members WHERE group_id = $1 AND NOT (user_id = ANY($2::int[]))`, [
        params.id,
        wanted,
      ]);
      await tx.query(
        `INSERT INTO group_members (group_id, user_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`,
        [params.id, wanted],
      );
      await tx.query(`UPDATE groups SET updated_at = now() WHERE id = $1`, [params.id]);
    });
    return { status: 200, body: { data: await groupDetail(db, params.id) } };
  },
});
