import type { components } from '@generated/openapi-types.ts';
import { changeAccess } from '../access/change-access.ts';
import {
  deleteGroup,
  groupExists,
  groupMembers,
  groupRow,
  insertGroup,
  listGroupRows,
  replaceGroupMembers,
  updateGroup,
  type GroupRow,
} from '../access/groups-store.ts';
import type { Queryable } from '../db/database.ts';
import { invalid, notFound } from '../http/http-error.ts';
import { msg } from '../i18n/messages.ts';
import { MAX_ID } from '../openapi/text-rules.ts';
import { typedHandlers } from '../openapi/typed-handlers.ts';
import { isUniqueViolation } from '../users/user-rules.ts';
import { existingUserIds } from '../users/users-store.ts';

type Group = components['schemas']['Group'];
type GroupDetail = components['schemas']['GroupDetail'];

const toGroup = (row: GroupRow): Group => ({
  id: row.id,
  name: row.name,
  description: row.description,
  members_count: row.members_count,
  created_at: new Date(row.created_at).toISOString(),
  updated_at: new Date(row.updated_at).toISOString(),
});

async function groupDetail(db: Queryable, id: number): Promise<GroupDetail> {
  const row = await groupRow(db, id);
  if (!row) throw notFound();
  const members = await groupMembers(db, id);
  return { ...toGroup(row), members };
}

const nameTaken = () => invalid({ name: [msg('access.group_name_taken')] });

/** Group administration (admins only: OPERATION_NEEDS asks `manage Group` on every group). */
export const routeHandlers = typedHandlers({
  async listGroups({ services: { db } }) {
    const rows = await listGroupRows(db);
    return { status: 200, body: { data: rows.map(toGroup) } };
  },

  async createGroup({ services: { db }, body }) {
    try {
      const id = await insertGroup(db, body.name.trim(), body.description ?? null);
      return { status: 201, body: { data: await groupDetail(db, id) } };
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
      if (!(await updateGroup(db, params.id, body.name.trim(), body.description ?? null))) throw notFound();
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
    return { status: 200, body: { data: await groupDetail(db, params.id) } };
  },

  async deleteGroup({ services: { db }, params }) {
    const deleted = await changeAccess(db, (tx) => deleteGroup(tx, params.id));
    if (!deleted) throw notFound();
    return { status: 204 };
  },

  async setGroupMembers({ services: { db }, params, body }) {
    const wanted = body.user_ids;
    // An id past the integer column's range names nobody (and must not reach the query).
    const known = await existingUserIds(
      db,
      wanted.filter((id) => id <= MAX_ID),
    );
    // Before any change: a group that is not there is 404 whatever the list holds.
    if (!(await groupExists(db, params.id))) throw notFound();
    const problems = Object.fromEntries(
      wanted
        .map((id, index) => [index, id] as const)
        .filter(([, id]) => !known.has(id))
        .map(([index]) => [`user_ids.${index}`, [msg('access.user_unknown')]]),
    );
    if (Object.keys(problems).length > 0) throw invalid(problems);
    await changeAccess(db, (tx) => replaceGroupMembers(tx, params.id, wanted));
    return { status: 200, body: { data: await groupDetail(db, params.id) } };
  },
});
