import type { Queryable } from '../db/database.ts';
import { listPage } from '../db/list-page.ts';
import { likePattern } from '../features/feature-rows.ts';
import { pageEnvelope, type PageEnvelope } from '@shared/http/pagination.ts';
import type { QueryOf } from '../openapi/typed-handlers.ts';
import { MAP_COLUMNS, toMap, type MapBody, type MapRow } from './records.ts';

const MAPS = {
  from: 'maps m',
  columns: MAP_COLUMNS,
  id: 'm.id',
  orderColumns: {
    id: 'm.id',
    title: 'lower(m.title)',
    layers_count: 'layers_count',
    created_at: 'm.created_at',
    updated_at: 'm.updated_at',
  },
} as const;

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
  const { rows, ...page } = await listPage<MapRow, keyof typeof MAPS.orderColumns>(
    db,
    MAPS,
    { conditions: where, values },
    params,
  );
  return pageEnvelope(rows.map(toMap), { ...page, path, query: params });
}
