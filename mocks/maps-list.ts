import type { ListMapsParams, Map as MapRecord, MapPage } from '../generated/model';
import { mapsDb } from './maps-store';

type Query = Required<Pick<ListMapsParams, 'page' | 'per_page' | 'order_column' | 'order_direction'>> & {
  search?: string;
};

function compare(a: MapRecord, b: MapRecord, column: Query['order_column']): number {
  const left = a[column];
  const right = b[column];
  if (typeof left === 'number' && typeof right === 'number') return left - right || a.id - b.id;
  return String(left).localeCompare(String(right)) || a.id - b.id;
}

/** One page of maps in the `{data, links, meta}` shape of docs/decisions.md#paged-lists. */
export function listMapPage(query: Query, given: URLSearchParams = new URLSearchParams()): MapPage {
  const needle = query.search?.trim().toLowerCase() ?? '';
  const direction = query.order_direction === 'asc' ? 1 : -1;
  const all = mapsDb.maps
    .filter(
      (map) =>
        needle === '' ||
        map.title.toLowerCase().includes(needle) ||
        (map.description ?? '').toLowerCase().includes(needle),
    )
    .sort((a, b) => direction * compare(a, b, query.order_column));
  const total = all.length;
  const lastPage = Math.max(1, Math.ceil(total / query.per_page));
  const start = (query.page - 1) * query.per_page;
  const rows = all.slice(start, start + query.per_page);
  // As the server's links: the caller's other query parameters kept, then the page.
  const url = (page: number) => {
    const params = new URLSearchParams([...given].filter(([key, value]) => key !== 'page' && value !== ''));
    params.set('page', String(page));
    return `/api/maps?${params.toString()}`;
  };
  return {
    data: rows,
    links: {
      first: url(1),
      last: url(lastPage),
      prev: query.page > 1 ? url(query.page - 1) : null,
      next: query.page < lastPage ? url(query.page + 1) : null,
    },
    meta: {
      current_page: query.page,
      from: rows.length > 0 ? start + 1 : null,
      last_page: lastPage,
      path: '/api/maps',
      per_page: query.per_page,
      to: rows.length > 0 ? start + rows.length : null,
      total,
    },
  };
}
