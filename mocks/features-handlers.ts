import { HttpResponse, http } from 'msw';
import type {
  AuditEntry,
  AuditList,
  LayerChangePage,
  MainSearchMatches,
  UpdateFeaturesResult,
  UpdateMultiSelectResult,
} from '../generated/model';
import {
  filterFeaturesBody,
  filterFeaturesQueryParams,
  getFeatureHistoryQueryParams,
  getLayerTileQueryParams,
  listLayerChangesQueryParams,
  listLayerFeaturesQueryParams,
  updateFeaturesBody,
  updateMultiSelectFeaturesBody,
} from '../generated/zod/features/features.zod';
import {
  searchMainFeaturesBody,
  searchMainFeaturesQueryParams,
} from '../generated/zod/main-search/main-search.zod';
import { inTime, timeProblem } from './features-time';
import {
  applyEdits,
  featuresOfLayer,
  filterTown,
  findFeature,
  historyOf,
  isTownLayer,
  layerChangesOf,
  matchesText,
  tileIndexOf,
} from './features-store';
import { TOWN_MAP_ID } from './features-town-layers';
import { pageEnvelope } from '../shared/http/pagination';
import type { ZodType } from 'zod';
import type { UserRecord } from './db';
import { vectorTileResponse } from './vector-tile-response';
import { notFound, parseWith, readJson, requireUser, validationFailed } from './responses';
import { sortFeatures } from './features-sort';
import { editProblems } from './features-edit-problems';
import { otherMapAnswer } from './features-map-guard';
import { layersFilterProblems } from './features-filter';
import { numberedPage, parseTownWhere, townLayerPage } from './features-page';

type Params = Record<string, string | readonly string[] | undefined>;
const numberParam = (params: Params, name: string) =>
  Number(typeof params[name] === 'string' ? params[name] : NaN);

/** Only the mock town is stateful; other maps fall through to the generated handlers. */
const isTownMap = (params: Params) => numberParam(params, 'id') === TOWN_MAP_ID;

/** A town-map call's caller, or the answer instead: another map's (undefined falls through), or a refusal. */
type TownCaller =
  { user: UserRecord; response?: undefined } | { user?: undefined; response: Response | undefined };

function townCaller(request: Request, params: Params, stateChanging: boolean): TownCaller {
  if (!isTownMap(params))
    return { response: otherMapAnswer(request, numberParam(params, 'id'), stateChanging) };
  return requireUser(request, stateChanging);
}

/** As townCaller, for the edits: a viewer (account type `user`) is refused with 403. */
function townEditor(request: Request, params: Params): TownCaller {
  const guarded = townCaller(request, params, true);
  if (guarded.user?.type === 'user')
    return { response: HttpResponse.json({ message: 'This action is unauthorized.' }, { status: 403 }) };
  return guarded;
}

/** As townEditor, with the edit's body as `schema` reads it. */
async function townEdit<T>(
  request: Request,
  params: Params,
  schema: ZodType<T>,
): Promise<{ user: UserRecord; body: T } | { user?: undefined; response: Response | undefined }> {
  const guarded = townEditor(request, params);
  if (!guarded.user) return guarded;
  const body = parseWith(schema, await readJson(request));
  return body.ok ? { user: guarded.user, body: body.data } : { response: body.response };
}

/** A read of one town layer: its id and the query as `schema` reads it, or the answer instead. */
function townLayerRead<T>(
  request: Request,
  params: Params,
  schema: ZodType<T>,
): { ok: true; layerId: number; query: T; url: URL } | { ok: false; response: Response | undefined } {
  const guarded = townCaller(request, params, false);
  if (!guarded.user) return { ok: false, response: guarded.response };
  const layerId = numberParam(params, 'layer_id');
  if (!isTownLayer(layerId)) return { ok: false, response: notFound() };
  const url = new URL(request.url);
  const query = parseWith(schema, Object.fromEntries(url.searchParams));
  return query.ok ? { ok: true, layerId, query: query.data, url } : query;
}

/** A history entry with each changed geometry given as its type alone (the server's default). */
function withGeometryTypes(entry: AuditEntry): AuditEntry {
  const typeOnly = (values: AuditEntry['old_values']) => {
    const geometry = values?.geometry;
    if (!values || typeof geometry !== 'object' || geometry === null || !('type' in geometry)) return values;
    return { ...values, geometry: { type: geometry.type } };
  };
  return { ...entry, old_values: typeOnly(entry.old_values), new_values: typeOnly(entry.new_values) };
}

/** Canned-but-stateful answers for the viewer: tiles, feature pages, filters, edits, history. */
export const featuresHandlers = [
  http.get('*/api/maps/:id/layers/:layer_id/tiles/:z/:x/:y', ({ request, params }) => {
    const read = townLayerRead(request, params, getLayerTileQueryParams);
    if (!read.ok) return read.response;
    const { layerId, query } = read;
    const tile = tileIndexOf(layerId, query.as_of).getTile(
      numberParam(params, 'z'),
      numberParam(params, 'x'),
      numberParam(params, 'y'),
    );
    return vectorTileResponse(layerId, tile);
  }),

  http.get('*/api/maps/:id/layers/:layer_id/features', ({ request, params }) => {
    const read = townLayerRead(request, params, listLayerFeaturesQueryParams);
    if (!read.ok) return read.response;
    const { layerId, query, url } = read;
    const search = query.search?.trim() ?? '';
    const where = parseTownWhere(layerId, query.where_property, query.where_value);
    if (!where.ok) return where.response;
    // One column's value, compared as text, as the server does.
    const matchesWhere = (feature: { properties: Record<string, unknown> }) =>
      where.where === undefined ||
      (feature.properties[where.where.property] !== undefined &&
        feature.properties[where.where.property] !== null &&
        String(feature.properties[where.where.property]) === where.where.value);
    const datetime = query.datetime;
    const time = timeProblem(layerId, datetime);
    if (time) return validationFailed({ datetime: [time] });
    const found = featuresOfLayer(layerId, query.as_of).filter(
      (feature) => matchesText(feature, search) && matchesWhere(feature) && inTime(feature, datetime),
    );
    const sorted = sortFeatures(found, layerId, query.sort);
    if (!sorted.ok) return sorted.response;
    return HttpResponse.json(
      townLayerPage(sorted.rows, {
        page: query.page ?? 1,
        perPage: query.per_page ?? 15,
        search,
        where: where.where,
        sort: query.sort,
        afterId: query.after_id,
        beforeId: query.before_id,
        path: url.pathname,
      }),
    );
  }),

  http.post('*/api/maps/:id/filter-features', async ({ request, params }) => {
    const guarded = townCaller(request, params, true);
    if (!guarded.user) return guarded.response;
    const body = parseWith(filterFeaturesBody, await readJson(request));
    if (!body.ok) return body.response;
    const problems = layersFilterProblems(body.data.layers_filter);
    if (Object.keys(problems).length > 0) return validationFailed(problems);
    const url = new URL(request.url);
    const query = parseWith(filterFeaturesQueryParams, Object.fromEntries(url.searchParams));
    if (!query.ok) return query.response;
    return HttpResponse.json(
      numberedPage(
        filterTown(body.data.layers_filter, query.data.as_of),
        query.data.page ?? 1,
        query.data.per_page ?? 15,
        url.pathname,
        url.searchParams.get('per_page'),
      ),
    );
  }),

  http.post('*/api/maps/:id/main-search/features', async ({ request, params }) => {
    const guarded = townCaller(request, params, true);
    if (!guarded.user) return guarded.response;
    const body = parseWith(searchMainFeaturesBody, await readJson(request));
    if (!body.ok) return body.response;
    const asOf = parseWith(
      searchMainFeaturesQueryParams,
      Object.fromEntries(new URL(request.url).searchParams),
    );
    if (!asOf.ok) return asOf.response;
    const layerIds = body.data.layer_id ? [body.data.layer_id] : [1, 2, 3, 4];
    const { datetime } = body.data;
    const time = timeProblem(body.data.layer_id, datetime);
    if (time) return validationFailed({ datetime: [time] });
    const matches = layerIds
      .flatMap((layerId) => featuresOfLayer(layerId, asOf.data.as_of))
      .filter((feature) => matchesText(feature, body.data.search_value) && inTime(feature, datetime))
      .slice(0, 20);
    return HttpResponse.json<MainSearchMatches>({ data: matches });
  }),

  http.post('*/api/maps/:id/updateFeatures', async ({ request, params }) => {
    const edit = await townEdit(request, params, updateFeaturesBody);
    if (!edit.user) return edit.response;
    const deleteIds = edit.body.delete_ids ?? [];
    const problems = editProblems(edit.body.features, deleteIds);
    if (Object.keys(problems).length > 0) return validationFailed(problems);
    const result = applyEdits(edit.body.features, deleteIds, {
      id: edit.user.id,
      name: edit.user.name,
    });
    return HttpResponse.json<UpdateFeaturesResult>({ data: result });
  }),

  http.post('*/api/maps/:id/updateMultiSelectFeatures', async ({ request, params }) => {
    const edit = await townEdit(request, params, updateMultiSelectFeaturesBody);
    if (!edit.user) return edit.response;
    const { layer_id: layerId, feature_ids: ids, properties } = edit.body;
    if (ids.some((id) => findFeature(id)?.layer_id !== layerId)) {
      return validationFailed({ feature_ids: ['Every feature must belong to the layer.'] });
    }
    const result = applyEdits(
      ids.map((id) => ({ type: 'Feature' as const, id, layer_id: layerId, properties })),
      [],
      { id: edit.user.id, name: edit.user.name },
    );
    return HttpResponse.json<UpdateMultiSelectResult>({
      data: { layer_id: layerId, updated_count: result.updated.length },
    });
  }),

  http.get('*/api/maps/:id/features/:feature_id/history', ({ request, params }) => {
    const guarded = townCaller(request, params, false);
    if (!guarded.user) return guarded.response;
    const featureId = numberParam(params, 'feature_id');
    if (!findFeature(featureId) && historyOf(featureId).length === 0) return notFound();
    const url = new URL(request.url);
    const query = parseWith(getFeatureHistoryQueryParams, Object.fromEntries(url.searchParams));
    if (!query.ok) return query.response;
    const { per_page: perPage, before } = query.data;
    // As the server: a geometry is its type alone unless asked for whole ("false" is no).
    const whole = url.searchParams.get('include_geometry') === 'true';
    const older = historyOf(featureId).filter((entry) => before === undefined || entry.id < before);
    const page = older.slice(0, perPage).map((entry) => (whole ? entry : withGeometryTypes(entry)));
    return HttpResponse.json<AuditList>({
      data: page,
      meta: { next_before: older.length > perPage ? (page.at(-1)?.id ?? null) : null },
    });
  }),

  http.get('*/api/maps/:id/layers/:layer_id/changes', ({ request, params }) => {
    const read = townLayerRead(request, params, listLayerChangesQueryParams);
    if (!read.ok) return read.response;
    const { layerId, query, url } = read;
    const { from, to } = query;
    if (Date.parse(to) < Date.parse(from)) return validationFailed({ to: ['The end is before the start.'] });
    const all = layerChangesOf(layerId, from, to);
    const page = query.page ?? 1;
    const perPage = query.per_page ?? 15;
    return HttpResponse.json<LayerChangePage>(
      pageEnvelope(all.slice((page - 1) * perPage, page * perPage), {
        page,
        perPage,
        total: all.length,
        path: url.pathname,
        query: { from, to },
      }),
    );
  }),
];
