import { keysetPageEnvelope, pageEnvelope } from '../shared/http/pagination';
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
  return keysetPageEnvelope(slice, {
    page,
    perPage,
    total,
    path: request.path,
    query: {
      search: request.search || undefined,
      where_property: request.where?.property,
      where_value: request.where?.value,
    },
    sort: byId ? undefined : request.sort,
  });
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
