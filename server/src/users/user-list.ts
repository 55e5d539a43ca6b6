import type { ListUsersParams } from '@generated/model/index.ts';
import type { Queryable } from '../db/database.ts';
import { MAX_ID } from '../openapi/text-rules.ts';
import { pageEnvelope, type PageEnvelope } from '@shared/http/pagination.ts';
import { groupsOfUsers, toPublicUser, type PublicUser, type UserRecord } from './user-record.ts';

// Whitelisted: the sort column is never taken from the request text itself.
const ORDER_COLUMNS = {
  id: 'id',
  name: 'lower(name)',
  email: 'lower(email)',
  type: 'type',
  created_at: 'created_at',
  updated_at: 'updated_at',
} as const;

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

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
  const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const perPage = params.per_page ?? 15;
  const page = params.page ?? 1;
  const column = ORDER_COLUMNS[params.order_column ?? 'created_at'];
  const direction = params.order_direction === 'asc' ? 'ASC' : 'DESC';
  const total =
    (await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM users ${filter}`, values))[0]
      ?.total ?? 0;
  const rows = await db.query<UserRecord>(
    `SELECT * FROM users ${filter} ORDER BY ${column} ${direction}, id ${direction} LIMIT ${bind(perPage)} OFFSET ${bind((page - 1) * perPage)}`,
    values,
  );
  const groups = await groupsOfUsers(
    db,
    rows.map((row) => row.id),
  );
  return pageEnvelope(
    rows.map((row) => toPublicUser(row, groups.get(row.id))),
    { page, perPage, total, path, query: params },
  );
}
