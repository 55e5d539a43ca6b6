import { HttpResponse, http } from 'msw';
import type {
  Layer,
  LayerList,
  Map as MapRecord,
  LayerRelation,
  LayerRelationList,
  LayerResource,
} from '../generated/model';
import {
  createLayerBody,
  deleteLayerPropertiesBody,
  transferLayerBody,
  updateLayerBody,
  updateLayerPropertiesBody,
  updateLayerRelationsBody,
} from '../generated/zod/layers/layers.zod';
import type { PathParams } from 'msw';
import type { ZodType } from 'zod';
import { guardMap, idParam } from './maps-guards';
import { applySchemaEdits } from './maps-layer-schema';
import { entryProblems } from './entry-problems';
import { DEFAULT_STYLE, findMap, mapLayers, mapsDb, nextId, nowStamp, touchLayerCount } from './maps-store';
import { noContent, notFound, parseWith, readJson, validationFailed } from './responses';

function layerOf(mapId: number, params: Record<string, unknown>): Layer | undefined {
  const layerId = idParam(params as Record<string, string>, 'layerId');
  return mapsDb.layers.find((layer) => layer.id === layerId && layer.map_id === mapId);
}

/** An admin's write to one layer of the map (XSRF, session, role, map, layer), or the refusal. */
function guardLayer(
  request: Request,
  params: PathParams,
): { map: MapRecord; layer: Layer; response?: undefined } | { response: Response } {
  const guarded = guardMap(request, idParam(params, 'id'), true);
  if (guarded.response) return guarded;
  const layer = layerOf(guarded.map.id, params);
  return layer ? { map: guarded.map, layer } : { response: notFound() };
}

/** As guardLayer, then the request's body as `schema` reads it (422 when it does not). */
async function layerWrite<T>(
  request: Request,
  params: PathParams,
  schema: ZodType<T>,
): Promise<{ map: MapRecord; layer: Layer; body: T; response?: undefined } | { response: Response }> {
  const guarded = guardLayer(request, params);
  if (guarded.response) return guarded;
  const parsed = parseWith(schema, await readJson(request));
  return parsed.ok ? { ...guarded, body: parsed.data } : parsed;
}

function categoryError(mapId: number, categoryId: number | null | undefined) {
  if (categoryId === null || categoryId === undefined) return undefined;
  const known = mapsDb.categories.some((row) => row.id === categoryId && row.map_id === mapId);
  return known ? undefined : { category_id: ['The selected category is invalid.'] };
}

function relationsOf(layerId: number): LayerRelation[] {
  return mapsDb.relations.filter((row) => row.parent_layer_id === layerId || row.child_layer_id === layerId);
}

/** The layer with its attribute schema changed, as the schema edits answer it. */
function withProperties(layer: Layer, properties: Layer['properties']) {
  layer.properties = properties;
  layer.updated_at = nowStamp();
  return HttpResponse.json<LayerResource>({ data: layer });
}

/** Layers of a map: CRUD, attribute schema, transfer, relations (docs/decisions.md#layers). */
export const mapsLayerHandlers = [
  http.get('*/api/maps/:id/layers', ({ request, params }) => {
    const guarded = guardMap(request, idParam(params, 'id'), false);
    return guarded.response ?? HttpResponse.json<LayerList>({ data: mapLayers(guarded.map.id) });
  }),

  http.post('*/api/maps/:id/layers', async ({ request, params }) => {
    const guarded = guardMap(request, idParam(params, 'id'), true);
    if (guarded.response) return guarded.response;
    const parsed = parseWith(createLayerBody, await readJson(request));
    if (!parsed.ok) return parsed.response;
    const body = parsed.data;
    const mapId = guarded.map.id;
    if (body.type === 'vector' && !body.geometry_type) {
      return validationFailed({ geometry_type: ['The geometry type field is required for vector layers.'] });
    }
    if (body.type !== 'vector' && !body.source) {
      return validationFailed({ 'source.url': ['The source URL field is required for this layer type.'] });
    }
    const badCategory = categoryError(mapId, body.category_id);
    if (badCategory) return validationFailed(badCategory);
    const schema = applySchemaEdits([], body.properties ?? []);
    if (!schema.ok) return validationFailed(schema.errors);
    const now = nowStamp();
    const existing = mapLayers(mapId);
    const layer: Layer = {
      id: nextId(mapsDb.layers),
      map_id: mapId,
      category_id: body.category_id ?? null,
      name: body.name,
      type: body.type,
      geometry_type: body.type === 'vector' ? (body.geometry_type ?? null) : null,
      source:
        body.type === 'vector' || !body.source
          ? null
          : { url: body.source.url, layers: body.source.layers ?? null, format: body.source.format ?? null },
      style: { ...DEFAULT_STYLE, ...body.style },
      visible: body.visible ?? true,
      opacity: body.opacity ?? 1,
      min_zoom: body.min_zoom ?? null,
      max_zoom: body.max_zoom ?? null,
      order: body.order ?? existing.reduce((max, row) => Math.max(max, row.order + 1), 0),
      properties: schema.properties,
      features_count: 0,
      extent: null,
      created_at: now,
      updated_at: now,
    };
    mapsDb.layers.push(layer);
    touchLayerCount(mapId);
    return HttpResponse.json<LayerResource>({ data: layer }, { status: 201 });
  }),

  http.get('*/api/maps/:id/layers/:layerId', ({ request, params }) => {
    const guarded = guardMap(request, idParam(params, 'id'), false);
    if (guarded.response) return guarded.response;
    const layer = layerOf(guarded.map.id, params);
    return layer ? HttpResponse.json<LayerResource>({ data: layer }) : notFound();
  }),

  http.put('*/api/maps/:id/layers/:layerId', async ({ request, params }) => {
    const guarded = await layerWrite(request, params, updateLayerBody);
    if (guarded.response) return guarded.response;
    const { layer, body } = guarded;
    const badCategory = categoryError(guarded.map.id, body.category_id);
    if (badCategory) return validationFailed(badCategory);
    const { style, source, ...rest } = body;
    Object.assign(layer, rest, { updated_at: nowStamp() });
    if (style) layer.style = { ...layer.style, ...style };
    if (source && layer.type !== 'vector') {
      layer.source = { url: source.url, layers: source.layers ?? null, format: source.format ?? null };
    }
    return HttpResponse.json<LayerResource>({ data: layer });
  }),

  http.delete('*/api/maps/:id/layers/:layerId', ({ request, params }) => {
    const guarded = guardLayer(request, params);
    if (guarded.response) return guarded.response;
    const { layer } = guarded;
    mapsDb.layers = mapsDb.layers.filter((row) => row.id !== layer.id);
    mapsDb.searches = mapsDb.searches.filter((row) => row.layer_id !== layer.id);
    mapsDb.mainSearches = mapsDb.mainSearches.filter((row) => row.layer_id !== layer.id);
    mapsDb.filters = mapsDb.filters.filter((row) => row.layer_id !== layer.id);
    touchLayerCount(guarded.map.id);
    return noContent();
  }),

  http.put('*/api/maps/:id/layers/:layerId/properties', async ({ request, params }) => {
    const guarded = await layerWrite(request, params, updateLayerPropertiesBody);
    if (guarded.response) return guarded.response;
    const { layer, body } = guarded;
    const schema = applySchemaEdits(layer.properties, body.properties);
    if (!schema.ok) return validationFailed(schema.errors);
    return withProperties(layer, schema.properties);
  }),

  http.post('*/api/maps/:id/layers/:layerId/properties', async ({ request, params }) => {
    const guarded = await layerWrite(request, params, deleteLayerPropertiesBody);
    if (guarded.response) return guarded.response;
    const { layer, body } = guarded;
    const errors = entryProblems('names', body.names, (name) =>
      layer.properties.some((entry) => entry.name === name)
        ? undefined
        : `There is no property named ${name}.`,
    );
    if (Object.keys(errors).length > 0) return validationFailed(errors);
    return withProperties(
      layer,
      layer.properties.filter((entry) => !body.names.includes(entry.name)),
    );
  }),

  http.post('*/api/maps/:id/layers/:layerId/transfer', async ({ request, params }) => {
    const guarded = await layerWrite(request, params, transferLayerBody);
    if (guarded.response) return guarded.response;
    const { layer, body } = guarded;
    const target = findMap(body.target_map_id);
    if (!target || target.id === guarded.map.id) {
      return validationFailed({ target_map_id: ['Choose another existing map.'] });
    }
    const badCategory = categoryError(target.id, body.category_id);
    if (badCategory) return validationFailed(badCategory);
    const order = mapLayers(target.id).reduce((max, row) => Math.max(max, row.order + 1), 0);
    const placed = {
      map_id: target.id,
      category_id: body.category_id ?? null,
      order,
      updated_at: nowStamp(),
    };
    let result: Layer;
    if (body.mode === 'move') {
      Object.assign(layer, placed);
      mapsDb.searches = mapsDb.searches.filter((row) => row.layer_id !== layer.id);
      mapsDb.mainSearches = mapsDb.mainSearches.filter((row) => row.layer_id !== layer.id);
      mapsDb.filters = mapsDb.filters.filter((row) => row.layer_id !== layer.id);
      result = layer;
    } else {
      result = { ...structuredClone(layer), ...placed, id: nextId(mapsDb.layers), created_at: nowStamp() };
      mapsDb.layers.push(result);
    }
    touchLayerCount(guarded.map.id);
    touchLayerCount(target.id);
    return HttpResponse.json<LayerResource>({ data: result });
  }),

  http.get('*/api/maps/:id/layers/:layerId/relations', ({ request, params }) => {
    const guarded = guardMap(request, idParam(params, 'id'), false);
    if (guarded.response) return guarded.response;
    const layer = layerOf(guarded.map.id, params);
    return layer ? HttpResponse.json<LayerRelationList>({ data: relationsOf(layer.id) }) : notFound();
  }),

  http.put('*/api/maps/:id/layers/:layerId/relations', async ({ request, params }) => {
    const guarded = await layerWrite(request, params, updateLayerRelationsBody);
    if (guarded.response) return guarded.response;
    const { layer, body } = guarded;
    const errors: Record<string, string[]> = {};
    body.children.forEach((child, index) => {
      const sibling = mapsDb.layers.find(
        (row) => row.id === child.child_layer_id && row.map_id === guarded.map.id,
      );
      if (!sibling || sibling.id === layer.id) {
        errors[`children.${index}.child_layer_id`] = ['Choose another layer of this map.'];
      }
    });
    if (Object.keys(errors).length > 0) return validationFailed(errors);
    let id = nextId(mapsDb.relations);
    const before = (childId: number) =>
      mapsDb.relations.find((row) => row.parent_layer_id === layer.id && row.child_layer_id === childId);
    mapsDb.relations = [
      ...mapsDb.relations.filter((row) => row.parent_layer_id !== layer.id),
      ...body.children.map((child) => {
        const old = before(child.child_layer_id);
        // As the server: a manual relation sent without links keeps the ones it had.
        const keptLinks = old?.rule === 'manual' ? old.links_count : 0;
        return {
          id: old?.id ?? id++,
          parent_layer_id: layer.id,
          child_layer_id: child.child_layer_id,
          rule: child.rule,
          tolerance_m: child.rule === 'spatial' ? (child.tolerance_m ?? 0) : null,
          links_count: child.rule === 'manual' ? (child.links?.length ?? keptLinks) : 0,
        };
      }),
    ];
    return HttpResponse.json<LayerRelationList>({ data: relationsOf(layer.id) });
  }),
];
