import type { Queryable } from '../db/database.ts';
import { pageEnvelope, type PageEnvelope } from '@shared/http/pagination.ts';
import type { QueryOf } from '../openapi/typed-handlers.ts';
import { MAP_COLUMNS, toMap, type MapBody, type MapRow } from './records.ts';

// Whitelisted: the sort column is never taken from the request text itself.
const ORDER_COLUMNS = {
  id: 'm.id',
  title: 'lower(m.title)',
  layers_count: 'layers_count',
  created_at: 'm.created_at',
  updated_at: 'm.updated_at',
} as const;

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** One page of maps (Laravel's paginator), searched over title and description. */
export async function listMaps(
  db: Queryable,
  params: QueryOf<'listMaps'>,
  path: string,
  /** The maps the caller may read; undefined for every map (admins). */
  readable: readonly number[] | undefined,
): Promise<PageEnvelope<MapBody>> {
  const values: unknown[] = [];
  const where: string[] = [];
  if (params.search) {
    values.push(likePattern(params.search));
    where.push(`(m.title ILIKE $${values.length} OR m.description ILIKE $${values.length})`);
  }
  if (readable) {
    values.push(readable);
    where.push(`m.id = ANY($${values.length}::int[])`);
  }
  const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const perPage = params.per_page ?? 15;
  const page = params.page ?? 1;
  const column = ORDER_COLUMNS[params.order_column ?? 'created_at'];
  const direction = params.order_direction === 'asc' ? 'ASC' : 'DESC';
  const total =
    (await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM maps m ${filter}`, values))[0]
      ?.total ?? 0;
  const rows = await db.query<MapRow>(
    `SELECT ${MAP_COLUMNS} FROM maps m ${filter}
     ORDER BY ${column} ${direction}, m.id ${direction}
     LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`,
    values,
  );
  return pageEnvelope(rows.map(toMap), { page, perPage, total, path, query: params });
}
