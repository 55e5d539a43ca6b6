import type {
  ListUsersOrderColumn,
  ListUsersParams,
  OrderDirectionParameter,
  UserPage,
} from '../generated/model';
import { db, toApiUser, type UserRecord } from './db';

type Query = Required<Pick<ListUsersParams, 'page' | 'per_page'>> & {
  search_id?: number;
  search_title?: string;
  search_global?: string;
  order_column: ListUsersOrderColumn;
  order_direction: OrderDirectionParameter;
};

function contains(haystack: string, needle: string): boolean {
  return haystack.toLowerCase().includes(needle.toLowerCase());
}

function matches(user: UserRecord, query: Query): boolean {
  if (query.search_id !== undefined && user.id !== query.search_id) return false;
  if (query.search_title && !contains(user.name, query.search_title)) return false;
  if (
    query.search_global &&
    !contains(user.name, query.search_global) &&
    !contains(user.email, query.search_global)
  ) {
    return false;
  }
  return true;
}

function compare(a: UserRecord, b: UserRecord, column: ListUsersOrderColumn): number {
  const left = a[column];
  const right = b[column];
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  // ISO timestamps sort correctly as text; the id breaks ties so pages are stable.
  return String(left).localeCompare(String(right)) || a.id - b.id;
}

function pageUrl(path: string, query: Query, page: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...query, page })) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return `${path}?${params.toString()}`;
}

/** One page of users in the `{data, links, meta}` shape of docs/decisions.md#paged-lists. */
export function listUserPage(query: Query, path = '/api/users'): UserPage {
  const direction = query.order_direction === 'asc' ? 1 : -1;
  const all = db.user
    .getAll()
    .filter((user) => matches(user, query))
    .sort((a, b) => direction * compare(a, b, query.order_column));
  const total = all.length;
  const lastPage = Math.max(1, Math.ceil(total / query.per_page));
  const start = (query.page - 1) * query.per_page;
  const rows = all.slice(start, start + query.per_page);
  const from = rows.length > 0 ? start + 1 : null;
  const to = rows.length > 0 ? start + rows.length : null;
  return {
    data: rows.map(toApiUser),
    links: {
      first: pageUrl(path, query, 1),
      last: pageUrl(path, query, lastPage),
      prev: query.page > 1 ? pageUrl(path, query, query.page - 1) : null,
      next: query.page < lastPage ? pageUrl(path, query, query.page + 1) : null,
    },
    meta: { current_page: query.page, from, last_page: lastPage, path, per_page: query.per_page, to, total },
  };
}
