import { HttpResponse, http } from 'msw';
import { fromGeojsonVt } from 'vt-pbf';
import type {
  AuditList,
  Feature,
  FeaturePage,
  MainSearchMatches,
  UpdateFeaturesResult,
  UpdateMultiSelectResult,
} from '../generated/model';
import {
  filterFeaturesBody,
  listLayerFeaturesQueryParams,
  updateFeaturesBody,
  updateMultiSelectFeaturesBody,
} from '../generated/zod/features/features.zod';
import { searchMainFeaturesBody } from '../generated/zod/main-search/main-search.zod';
import {
  applyEdits,
  featuresOfLayer,
  filterTown,
  findFeature,
  historyOf,
  isTownLayer,
  matchesText,
  tileIndexOf,
} from './features-store';
import { TOWN_MAP_ID } from './features-town-layers';
import { noContent, notFound, parseWith, readJson, requireUser, validationFailed } from './responses';
import { sortFeatures } from './features-sort';

type Params = Record<string, string | readonly string[] | undefined>;
const numberParam = (params: Params, name: string) =>
  Number(typeof params[name] === 'string' ? params[name] : NaN);

/** Only the mock town is stateful; other maps fall through to the generated handlers. */
const isTownMap = (params: Params) => numberParam(params, 'id') === TOWN_MAP_ID;

function page(rows: readonly Feature[], pageNumber: number, perPage: number, path: string): FeaturePage {
  const total = rows.length;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const start = (pageNumber - 1) * perPage;
  const slice = rows.slice(start, start + perPage);
  const url = (n: number) => `${path}?page=${n}&per_page=${perPage}`;
  return {
    data: slice,
    links: {
      first: url(1),
      last: url(lastPage),
      prev: pageNumber > 1 ? url(pageNumber - 1) : null,
      next: pageNumber < lastPage ? url(pageNumber + 1) : null,
    },
    meta: {
      current_page: pageNumber,
      from: slice.length ? start + 1 : null,
      last_page: lastPage,
      path,
      per_page: perPage,
      to: slice.length ? start + slice.length : null,
      total,
    },
  };
}

/** Canned-but-stateful answers for the viewer: tiles, feature pages, filters, edits, history. */
export const featuresHandlers = [
  http.get('*/api/maps/:id/layers/:layer_id/tiles/:z/:x/:y', ({ request, params }) => {
    if (!isTownMap(params)) return undefined;
    const guarded = requireUser(request, false);
    if (guarded.response) return guarded.response;
    const layerId = numberParam(params, 'layer_id');
    if (!isTownLayer(layerId)) return notFound();
    const tile = tileIndexOf(layerId).getTile(
      numberParam(params, 'z'),
      numberParam(params, 'x'),
      numberParam(params, 'y'),
    );
    if (!tile || tile.features.length === 0) return noContent();
    const body = fromGeojsonVt({ [String(layerId)]: tile }, { version: 2, extent: 4096 });
    return new HttpResponse(body.slice().buffer, {
      headers: {
        'Content-Type': 'application/vnd.mapbox-vector-tile',
        'Cache-Control': 'private, max-age=0, must-revalidate',
      },
    });
  }),

  http.get('*/api/maps/:id/layers/:layer_id/features', ({ request, params }) => {
    if (!isTownMap(params)) return undefined;
    const guarded = requireUser(request, false);
    if (guarded.response) return guarded.response;
    const layerId = numberParam(params, 'layer_id');
    if (!isTownLayer(layerId)) return notFound();
    const url = new URL(request.url);
    const parsed = parseWith(listLayerFeaturesQueryParams, Object.fromEntries(url.searchParams));
    if (!parsed.ok) return parsed.response;
    const search = parsed.data.search ?? '';
    // The keyset cursor of the page links (and of lookups by id) starts after that id.
    const afterId = parsed.data.after_id ?? 0;
    const { where_property: whereProperty, where_value: whereValue } = parsed.data;
    // One column's value, compared as text, as the server does.
    const matchesWhere = (feature: { properties: Record<string, unknown> }) =>
      whereProperty === undefined ||
      whereValue === undefined ||
      String(feature.properties[whereProperty] ?? '') === whereValue;
    const found = featuresOfLayer(layerId).filter(
      (feature) => feature.id > afterId && matchesText(feature, search) && matchesWhere(feature),
    );
    const sorted = sortFeatures(found, layerId, parsed.data.sort);
    if (!sorted.ok) return sorted.response;
    return HttpResponse.json(
      page(sorted.rows, parsed.data.page ?? 1, parsed.data.per_page ?? 15, url.pathname),
    );
  }),

  http.post('*/api/maps/:id/filter-features', async ({ request, params }) => {
    if (!isTownMap(params)) return undefined;
    const guarded = requireUser(request, true);
    if (guarded.response) return guarded.response;
    const body = parseWith(filterFeaturesBody, await readJson(request));
    if (!body.ok) return body.response;
    const url = new URL(request.url);
    const pageNumber = Number(url.searchParams.get('page') ?? 1);
    const perPage = Number(url.searchParams.get('per_page') ?? 15);
    return HttpResponse.json(page(filterTown(body.data.layers_filter), pageNumber, perPage, url.pathname));
  }),

  http.post('*/api/maps/:id/main-search/features', async ({ request, params }) => {
    if (!isTownMap(params)) return undefined;
    const guarded = requireUser(request, true);
    if (guarded.response) return guarded.response;
    const body = parseWith(searchMainFeaturesBody, await readJson(request));
    if (!body.ok) return body.response;
    const layerIds = body.data.layer_id ? [body.data.layer_id] : [1, 2, 3, 4];
    const matches = layerIds
      .flatMap((layerId) => featuresOfLayer(layerId))
      .filter((feature) => matchesText(feature, body.data.search_value))
      .slice(0, 20);
    return HttpResponse.json<MainSearchMatches>({ data: matches });
  }),

  http.post('*/api/maps/:id/updateFeatures', async ({ request, params }) => {
    if (!isTownMap(params)) return undefined;
    const guarded = requireUser(request, true);
    if (guarded.response) return guarded.response;
    if (guarded.user.type === 'user')
      return HttpResponse.json({ message: 'This action is unauthorized.' }, { status: 403 });
    const body = parseWith(updateFeaturesBody, await readJson(request));
    if (!body.ok) return body.response;
    const deleteIds = body.data.delete_ids ?? [];
    const missing = [...body.data.features.map((edit) => edit.id), ...deleteIds].find(
      (id) => !findFeature(id),
    );
    if (missing !== undefined) return validationFailed({ features: [`Feature ${missing} does not exist.`] });
    const result = applyEdits(body.data.features, deleteIds, {
      id: guarded.user.id,
      name: guarded.user.name,
    });
    return HttpResponse.json<UpdateFeaturesResult>({ data: result });
  }),

  http.post('*/api/maps/:id/updateMultiSelectFeatures', async ({ request, params }) => {
    if (!isTownMap(params)) return undefined;
    const guarded = requireUser(request, true);
    if (guarded.response) return guarded.response;
    if (guarded.user.type === 'user')
      return HttpResponse.json({ message: 'This action is unauthorized.' }, { status: 403 });
    const body = parseWith(updateMultiSelectFeaturesBody, await readJson(request));
    if (!body.ok) return body.response;
    const { layer_id: layerId, feature_ids: ids, properties } = body.data;
    if (ids.some((id) => findFeature(id)?.layer_id !== layerId)) {
      return validationFailed({ feature_ids: ['Every feature must belong to the layer.'] });
    }
    const result = applyEdits(
      ids.map((id) => ({ type: 'Feature' as const, id, layer_id: layerId, properties })),
      [],
      { id: guarded.user.id, name: guarded.user.name },
    );
    return HttpResponse.json<UpdateMultiSelectResult>({
      data: { layer_id: layerId, updated_count: result.updated.length },
    });
  }),

  http.get('*/api/maps/:id/features/:feature_id/history', ({ request, params }) => {
    if (!isTownMap(params)) return undefined;
    const guarded = requireUser(request, false);
    if (guarded.response) return guarded.response;
    const featureId = numberParam(params, 'feature_id');
    if (!findFeature(featureId) && historyOf(featureId).length === 0) return notFound();
    return HttpResponse.json<AuditList>({ data: historyOf(featureId) });
  }),
];
