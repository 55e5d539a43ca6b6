import type { ListUsersParams } from '@generated/model/index.ts';
import type { Queryable } from '../db/database.ts';
import { listPage } from '../db/list-page.ts';
import { likePattern } from '../features/feature-rows.ts';
import { MAX_ID } from '../openapi/text-rules.ts';
import { pageEnvelope, type PageEnvelope } from '@shared/http/pagination.ts';
import { groupsOfUsers, toPublicUser, type PublicUser, type UserRecord } from './user-record.ts';

const USERS = {
  from: 'users',
  columns: '*',
  id: 'id',
  orderColumns: {
    id: 'id',
    name: 'lower(name)',
    email: 'lower(email)',
    type: 'type',
    created_at: 'created_at',
    updated_at: 'updated_at',
  },
} as const;

export async function listUsers(
  db: Queryable,
  params: ListUsersParams,
  path: string,
): Promise<PageEnvelope<PublicUser>> {
  const where: string[] = [];
  const values: unknown[] = [];
  const bind = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  // An id beyond the integer column's range matches nothing (and must not reach the query as a type error).
  if (params.search_id !== undefined)
    where.push(params.search_id > MAX_ID ? 'false' : `id = ${bind(params.search_id)}`);
  if (params.search_title) where.push(`name ILIKE ${bind(likePattern(params.search_title))}`);
  if (params.search_global) {
    const pattern = bind(likePattern(params.search_global));
    where.push(`(name ILIKE ${pattern} OR email ILIKE ${pattern})`);
  }
  const { rows, ...page } = await listPage<UserRecord, keyof typeof USERS.orderColumns>(
    db,
    USERS,
    { conditions: where, values },
    params,
  );
  const groups = await groupsOfUsers(
    db,
    rows.map((row) => row.id),
  );
  return pageEnvelope(
    rows.map((row) => toPublicUser(row, groups.get(row.id))),
    { ...page, path, query: params },
  );
}
