import type { Queryable } from './database.ts';

/** A table an admin list pages through, and the orders it may be asked for. */
export interface ListTable<Column extends string> {
  /** The table with its alias, as in `FROM` (`maps m`). */
  from: string;
  columns: string;
  /** The id column: the order among rows with equal sort values. */
  id: string;
  /** Whitelisted: the sort expression is never taken from the request text itself. */
  orderColumns: Record<Column | 'created_at', string>;
}

/** The list's query parameters that page and sort it. */
export interface ListAsked<Column extends string> {
  order_column?: Column | 'created_at';
  order_direction?: 'asc' | 'desc';
  page?: number;
  per_page?: number;
}

/**
 * One page of the rows that meet every condition in `where` (their `$n` stand for `values`), in
 * the asked order (newest first by default), and how many rows meet them in all.
 */
export async function listPage<Row, Column extends string>(
  db: Queryable,
  table: ListTable<Column>,
  where: { conditions: readonly string[]; values: readonly unknown[] },
  asked: ListAsked<Column>,
): Promise<{ rows: Row[]; page: number; perPage: number; total: number }> {
  const filter = where.conditions.length > 0 ? `WHERE ${where.conditions.join(' AND ')}` : '';
  const perPage = asked.per_page ?? 15;
  const page = asked.page ?? 1;
  const column = table.orderColumns[asked.order_column ?? 'created_at'];
  const direction = asked.order_direction === 'asc' ? 'ASC' : 'DESC';
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM ${table.from} ${filter}`,
    where.values,
  );
  const n = where.values.length;
  const rows = await db.query<Row>(
    `SELECT ${table.columns} FROM ${table.from} ${filter}
     ORDER BY ${column} ${direction}, ${table.id} ${direction} LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...where.values, perPage, (page - 1) * perPage],
  );
  return { rows, page, perPage, total: count?.total ?? 0 };
}
