import { pageEnvelope } from '../shared/http/pagination';
import type { Feature, FeaturePage } from '../generated/model';
import { validationFailed } from './responses';
import { townLayers } from './town';

/** A layer page's request, as listLayerFeatures reads its query (server/src/features/feature-page.ts). */
export interface TownPageRequest {
  page: number;
  perPage: number;
  search: string;
  where: { property: string; value: string } | undefined;
  sort: string | undefined;
  afterId: number | undefined;
  beforeId: number | undefined;
  path: string;
}

type Where = { ok: true; where: TownPageRequest['where'] } | { ok: false; response: Response };

/** Both `where_*` or neither, and a property of the layer's schema: else a 422 on the one at fault, as the server. */
export function parseTownWhere(layerId: number, property?: string, value?: string): Where {
  if (property === undefined && value === undefined) return { ok: true, where: undefined };
  if (property === undefined)
    return {
      ok: false,
      response: validationFailed({ where_property: ['The where_property field is required.'] }),
    };
  if (value === undefined)
    return { ok: false, response: validationFailed({ where_value: ['The where_value field is required.'] }) };
  const layer = townLayers().find((entry) => entry.id === layerId);
  if (!layer?.properties.some((entry) => entry.name === property))
    return {
      ok: false,
      response: validationFailed({ where_property: [`The layer has no property named "${property}".`] }),
    };
  return { ok: true, where: { property, value } };
}

/**
 * One page of `rows` (every match, already in order) the way the server pages a layer: in id
 * order a cursor (`after_id` / `before_id`) picks the rows and the links carry one; sorted by a
 * property, the page number does. The total is of every match, whatever the cursor.
 */
export function townLayerPage(rows: readonly Feature[], request: TownPageRequest): FeaturePage {
  const { page, perPage } = request;
  const total = rows.length;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const byId = request.sort === undefined || request.sort === 'id';
  let slice: Feature[];
  if (page > lastPage) slice = [];
  else if (byId && request.afterId !== undefined)
    slice = rows.filter((row) => row.id > (request.afterId ?? 0)).slice(0, perPage);
  else if (byId && request.beforeId !== undefined)
    slice = rows.filter((row) => row.id < (request.beforeId ?? 0)).slice(-perPage);
  else slice = rows.slice((page - 1) * perPage, page * perPage);
  const link = (target: number, cursor?: [string, number]) => {
    const query = new URLSearchParams();
    if (perPage !== 15) query.set('per_page', String(perPage));
    if (request.search) query.set('search', request.search);
    if (request.where) {
      query.set('where_property', request.where.property);
      query.set('where_value', request.where.value);
    }
    if (!byId && request.sort) query.set('sort', request.sort);
    else if (cursor) query.set(cursor[0], String(cursor[1]));
    query.set('page', String(target));
    return `${request.path}?${query.toString()}`;
  };
  const first = slice[0];
  const last = slice[slice.length - 1];
  const from = first ? (page - 1) * perPage + 1 : null;
  return {
    data: slice,
    links: {
      first: link(1),
      last: link(lastPage),
      prev: page > 1 ? link(Math.min(page - 1, lastPage), first && ['before_id', first.id]) : null,
      next: page < lastPage ? link(page + 1, last && ['after_id', last.id]) : null,
    },
    meta: {
      current_page: page,
      from,
      last_page: lastPage,
      path: request.path,
      per_page: perPage,
      to: from === null ? null : from + slice.length - 1,
      total,
    },
  };
}

/** filter-features pages by number; its links keep `per_page` only when the caller gave it (shared/http/pagination.ts). */
export function numberedPage(
  rows: readonly Feature[],
  page: number,
  perPage: number,
  path: string,
  givenPerPage: string | null,
): FeaturePage {
  return pageEnvelope(rows.slice((page - 1) * perPage, page * perPage), {
    page,
    perPage,
    total: rows.length,
    path,
    query: givenPerPage === null ? {} : { per_page: givenPerPage },
  });
}
