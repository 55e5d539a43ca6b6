import { HttpResponse, http } from 'msw';
import { entryProblems } from './entry-problems';
import type { Category, CategoryList, Filter, MainSearch, Search } from '../generated/model';
import { createCategoryBody, updateCategoryBody } from '../generated/zod/categories/categories.zod';
import { createFilterBody, updateFilterBody } from '../generated/zod/filters/filters.zod';
import { createMainSearchBody, updateMainSearchBody } from '../generated/zod/main-search/main-search.zod';
import { createSearchBody, updateSearchBody } from '../generated/zod/searches/searches.zod';
import { guardMap, idParam } from './maps-guards';
import { mapsDb, nextId } from './maps-store';
import { noContent, notFound, parseWith, readJson, validationFailed } from './responses';
import type { ZodType } from 'zod';

type Part = { id: number; map_id: number; layer_id: number; order: number };
/** Each part table's row type, so a part's handlers take theirs from the table they are given. */
type Rows = { searches: Search; mainSearches: MainSearch; filters: Filter };
type Table = keyof Rows;

/** The layer must belong to the map, and named properties must be in its schema. */
function layerErrors(
  mapId: number,
  body: { layer_id?: number; fields?: string[]; property?: string; display_field?: string },
  current?: Part,
) {
  const layerId = body.layer_id ?? current?.layer_id;
  const layer = mapsDb.layers.find((row) => row.id === layerId && row.map_id === mapId);
  if (!layer) return { layer_id: ['The selected layer is invalid.'] };
  const known = new Set(layer.properties.map((entry) => entry.name));
  const errors = entryProblems('fields', body.fields ?? [], (field) =>
    known.has(field) ? undefined : `The layer has no property named ${field}.`,
  );
  if (body.property !== undefined && !known.has(body.property)) {
    errors.property = [`The layer has no property named ${body.property}.`];
  }
  if (body.display_field !== undefined && !known.has(body.display_field)) {
    errors.display_field = [`The layer has no property named ${body.display_field}.`];
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}

function rows<T extends Part>(table: Table): T[] {
  return mapsDb[table] as unknown as T[];
}

/** List, create, read, update, delete of one per-map part (searches, main searches, filters). */
function partHandlers<K extends Table, C, U>(
  path: string,
  table: K,
  idName: string,
  schemas: { create: ZodType<C>; update: ZodType<U> },
  build: (body: C) => Omit<Rows[K], 'id' | 'map_id' | 'order'>,
) {
  const byOrder = (mapId: number) =>
    rows<Rows[K]>(table)
      .filter((row) => row.map_id === mapId)
      .sort((a, b) => a.order - b.order || a.id - b.id);
  const find = (mapId: number, params: Record<string, unknown>) =>
    rows<Rows[K]>(table).find(
      (row) => row.map_id === mapId && row.id === idParam(params as Record<string, string>, idName),
    );

  return [
    http.get(`*/api/maps/:id/${path}`, ({ request, params }) => {
      const guarded = guardMap(request, idParam(params, 'id'), false);
      return guarded.response ?? HttpResponse.json({ data: byOrder(guarded.map.id) });
    }),
    http.post(`*/api/maps/:id/${path}`, async ({ request, params }) => {
      const guarded = guardMap(request, idParam(params, 'id'), true);
      if (guarded.response) return guarded.response;
      const parsed = parseWith(schemas.create, await readJson(request));
      if (!parsed.ok) return parsed.response;
      const invalid = layerErrors(guarded.map.id, parsed.data as Parameters<typeof layerErrors>[1]);
      if (invalid) return validationFailed(invalid);
      const given = (parsed.data as { order?: number }).order;
      const row = {
        ...build(parsed.data),
        id: nextId(rows<Rows[K]>(table)),
        map_id: guarded.map.id,
        order: given ?? byOrder(guarded.map.id).length,
      } as Rows[K];
      rows<Rows[K]>(table).push(row);
      return HttpResponse.json({ data: row }, { status: 201 });
    }),
    http.get(`*/api/maps/:id/${path}/:${idName}`, ({ request, params }) => {
      const guarded = guardMap(request, idParam(params, 'id'), false);
      if (guarded.response) return guarded.response;
      const row = find(guarded.map.id, params);
      return row ? HttpResponse.json({ data: row }) : notFound();
    }),
    http.put(`*/api/maps/:id/${path}/:${idName}`, async ({ request, params }) => {
      const guarded = guardMap(request, idParam(params, 'id'), true);
      if (guarded.response) return guarded.response;
      const row = find(guarded.map.id, params);
      if (!row) return notFound();
      const parsed = parseWith(schemas.update, await readJson(request));
      if (!parsed.ok) return parsed.response;
      const invalid = layerErrors(guarded.map.id, parsed.data as Parameters<typeof layerErrors>[1], row);
      if (invalid) return validationFailed(invalid);
      Object.assign(row, parsed.data);
      return HttpResponse.json({ data: row });
    }),
    http.delete(`*/api/maps/:id/${path}/:${idName}`, ({ request, params }) => {
      const guarded = guardMap(request, idParam(params, 'id'), true);
      if (guarded.response) return guarded.response;
      const row = find(guarded.map.id, params);
      if (!row) return notFound();
      (mapsDb[table] as unknown as Rows[K][]) = rows<Rows[K]>(table).filter((other) => other !== row);
      return noContent();
    }),
  ];
}

function mapIdFromQuery(request: Request): number {
  return Number(new URL(request.url).searchParams.get('map_id'));
}

function categoryParentError(mapId: number, parentId: number | null | undefined, self?: number) {
  if (parentId === null || parentId === undefined) return undefined;
  const byId = new Map(mapsDb.categories.filter((row) => row.map_id === mapId).map((row) => [row.id, row]));
  if (!byId.has(parentId)) return { parent_id: ['The selected parent category is invalid.'] };
  // Walking up from the new parent must not meet the category itself (no cycles).
  for (
    let at: number | null | undefined = parentId;
    at !== null && at !== undefined;
    at = byId.get(at)?.parent_id
  ) {
    if (at === self) return { parent_id: ['A category cannot be nested inside itself.'] };
  }
  return undefined;
}

const categoryHandlers = [
  http.get('*/api/layer-categories', ({ request }) => {
    const guarded = guardMap(request, mapIdFromQuery(request), false);
    if (guarded.response) return guarded.response;
    const list = mapsDb.categories
      .filter((row) => row.map_id === guarded.map.id)
      .sort((a, b) => a.order - b.order || a.id - b.id);
    return HttpResponse.json<CategoryList>({ data: list });
  }),
  http.post('*/api/layer-categories', async ({ request }) => {
    const guarded = guardMap(request, mapIdFromQuery(request), true);
    if (guarded.response) return guarded.response;
    const parsed = parseWith(createCategoryBody, await readJson(request));
    if (!parsed.ok) return parsed.response;
    const invalid = categoryParentError(guarded.map.id, parsed.data.parent_id);
    if (invalid) return validationFailed(invalid);
    const siblings = mapsDb.categories.filter(
      (row) => row.map_id === guarded.map.id && row.parent_id === (parsed.data.parent_id ?? null),
    );
    const category: Category = {
      id: nextId(mapsDb.categories),
      map_id: guarded.map.id,
      name: parsed.data.name,
      parent_id: parsed.data.parent_id ?? null,
      order: parsed.data.order ?? siblings.length,
    };
    mapsDb.categories.push(category);
    return HttpResponse.json({ data: category }, { status: 201 });
  }),
  http.get('*/api/layer-categories/:id', ({ request, params }) => {
    const guarded = guardMap(request, mapIdFromQuery(request), false);
    if (guarded.response) return guarded.response;
    const id = idParam(params, 'id');
    const row = mapsDb.categories.find((other) => other.id === id && other.map_id === guarded.map.id);
    return row ? HttpResponse.json({ data: row }) : notFound();
  }),
  http.put('*/api/layer-categories/:id', async ({ request, params }) => {
    const guarded = guardMap(request, mapIdFromQuery(request), true);
    if (guarded.response) return guarded.response;
    const id = idParam(params, 'id');
    const row = mapsDb.categories.find((other) => other.id === id && other.map_id === guarded.map.id);
    if (!row) return notFound();
    const parsed = parseWith(updateCategoryBody, await readJson(request));
    if (!parsed.ok) return parsed.response;
    const invalid = categoryParentError(guarded.map.id, parsed.data.parent_id, row.id);
    if (invalid) return validationFailed(invalid);
    Object.assign(row, parsed.data);
    return HttpResponse.json({ data: row });
  }),
  http.delete('*/api/layer-categories/:id', ({ request, params }) => {
    const guarded = guardMap(request, mapIdFromQuery(request), true);
    if (guarded.response) return guarded.response;
    const id = idParam(params, 'id');
    const row = mapsDb.categories.find((other) => other.id === id && other.map_id === guarded.map.id);
    if (!row) return notFound();
    // The documented rule: sub-categories move up, layers become uncategorised.
    for (const child of mapsDb.categories) if (child.parent_id === id) child.parent_id = row.parent_id;
    for (const layer of mapsDb.layers) if (layer.category_id === id) layer.category_id = null;
    mapsDb.categories = mapsDb.categories.filter((other) => other.id !== id);
    return noContent();
  }),
];

/** Categories, searches, main searches and filters of a map (docs/decisions.md#map-parts). */
export const mapsPartsHandlers = [
  ...categoryHandlers,
  ...partHandlers(
    'search',
    'searches',
    'searchId',
    { create: createSearchBody, update: updateSearchBody },
    (body) => ({
      layer_id: body.layer_id,
      name: body.name,
      fields: body.fields,
      operator: body.operator ?? 'contains',
    }),
  ),
  ...partHandlers(
    'main-search',
    'mainSearches',
    'searchId',
    { create: createMainSearchBody, update: updateMainSearchBody },
    (body) => ({
      layer_id: body.layer_id,
      label: body.label,
      fields: body.fields,
      display_field: body.display_field,
    }),
  ),
  ...partHandlers(
    'filters',
    'filters',
    'filterId',
    { create: createFilterBody, update: updateFilterBody },
    (body) => ({
      layer_id: body.layer_id,
      name: body.name,
      property: body.property,
      type: body.type,
      options: body.options ?? null,
    }),
  ),
];
