import { HttpResponse, http } from 'msw';
import type { Bookmark, LayerTypeList, MapDetailResource, MapPage, MapResource } from '../generated/model';
import { createMapBody, listMapsQueryParams, updateMapBody } from '../generated/zod/maps/maps.zod';
import { createBookmarkBody } from '../generated/zod/bookmarks/bookmarks.zod';
import { LAYER_TYPES } from '../shared/layers/layer-types';
import { guardMap, idParam } from './maps-guards';
import { listMapPage } from './maps-list';
import { mapLayers, mapsDb, nextId, nowStamp } from './maps-store';
import { noContent, notFound, parseWith, readJson, requireAdmin, requireUser } from './responses';

/** Maps, the map detail for the viewer, layer types and bookmarks (docs/decisions.md#maps). */
export const mapsHandlers = [
  http.get('*/api/layer-types', ({ request }) => {
    const guarded = requireUser(request, false);
    return guarded.response ?? HttpResponse.json<LayerTypeList>({ data: [...LAYER_TYPES] });
  }),

  http.get('*/api/maps', ({ request }) => {
    const guarded = requireUser(request, false);
    if (guarded.response) return guarded.response;
    const { searchParams } = new URL(request.url);
    const parsed = parseWith(listMapsQueryParams, Object.fromEntries(searchParams));
    if (!parsed.ok) return parsed.response;
    return HttpResponse.json<MapPage>(listMapPage(parsed.data, searchParams));
  }),

  http.post('*/api/maps', async ({ request }) => {
    const guarded = requireAdmin(request, true);
    if (guarded.response) return guarded.response;
    const parsed = parseWith(createMapBody, await readJson(request));
    if (!parsed.ok) return parsed.response;
    const now = nowStamp();
    const map = {
      id: nextId(mapsDb.maps),
      title: parsed.data.title,
      description: parsed.data.description ?? null,
      center: parsed.data.center ?? [0, 20],
      zoom: parsed.data.zoom ?? 2,
      rotation: parsed.data.rotation ?? 0,
      basemap: parsed.data.basemap ?? 'offline',
      created_by: guarded.user.id,
      layers_count: 0,
      created_at: now,
      updated_at: now,
    };
    mapsDb.maps.push(map);
    return HttpResponse.json<MapResource>({ data: map }, { status: 201 });
  }),

  http.get('*/api/maps/:id', ({ request, params }) => {
    const guarded = guardMap(request, idParam(params, 'id'), false);
    return guarded.response ?? HttpResponse.json<MapResource>({ data: guarded.map });
  }),

  // docs/product.md#calls: the update is a POST.
  http.post('*/api/maps/:id', async ({ request, params }) => {
    const guarded = guardMap(request, idParam(params, 'id'), true);
    if (guarded.response) return guarded.response;
    const parsed = parseWith(updateMapBody, await readJson(request));
    if (!parsed.ok) return parsed.response;
    Object.assign(guarded.map, parsed.data, { updated_at: nowStamp() });
    return HttpResponse.json<MapResource>({ data: guarded.map });
  }),

  http.delete('*/api/maps/:id', ({ request, params }) => {
    const guarded = guardMap(request, idParam(params, 'id'), true);
    if (guarded.response) return guarded.response;
    const id = guarded.map.id;
    mapsDb.maps = mapsDb.maps.filter((map) => map.id !== id);
    mapsDb.layers = mapsDb.layers.filter((row) => row.map_id !== id);
    mapsDb.categories = mapsDb.categories.filter((row) => row.map_id !== id);
    mapsDb.searches = mapsDb.searches.filter((row) => row.map_id !== id);
    mapsDb.mainSearches = mapsDb.mainSearches.filter((row) => row.map_id !== id);
    mapsDb.filters = mapsDb.filters.filter((row) => row.map_id !== id);
    return noContent();
  }),

  http.get('*/api/maps/:id/show', ({ request, params }) => {
    const guarded = guardMap(request, idParam(params, 'id'), false);
    if (guarded.response) return guarded.response;
    const id = guarded.map.id;
    const withLayers = new URL(request.url).searchParams.has('with_layers');
    const user = requireUser(request, false).user;
    const byOrder = <T extends { order: number; id: number }>(rows: T[]) =>
      rows
        .filter((row) => (row as { map_id?: number }).map_id === id)
        .sort((a, b) => a.order - b.order || a.id - b.id);
    return HttpResponse.json<MapDetailResource>({
      data: {
        ...guarded.map,
        ...(withLayers ? { layers: mapLayers(id) } : {}),
        categories: byOrder(mapsDb.categories),
        searches: byOrder(mapsDb.searches),
        main_searches: byOrder(mapsDb.mainSearches),
        filters: byOrder(mapsDb.filters),
        bookmarks: mapsDb.bookmarks.filter((row) => row.map_id === id && row.user_id === user?.id),
      },
    });
  }),

  http.post('*/api/maps/:id/bookmarks', async ({ request, params }) => {
    const guarded = guardMap(request, idParam(params, 'id'), false);
    if (guarded.response) return guarded.response;
    const user = requireUser(request, true);
    if (user.response) return user.response;
    const parsed = parseWith(createBookmarkBody, await readJson(request));
    if (!parsed.ok) return parsed.response;
    const bookmark: Bookmark = {
      id: nextId(mapsDb.bookmarks),
      map_id: guarded.map.id,
      user_id: user.user.id,
      name: parsed.data.name,
      center: parsed.data.center,
      zoom: parsed.data.zoom,
      rotation: parsed.data.rotation ?? 0,
      visible_layer_ids: parsed.data.visible_layer_ids ?? [],
      created_at: nowStamp(),
    };
    mapsDb.bookmarks.push(bookmark);
    return HttpResponse.json({ data: bookmark }, { status: 201 });
  }),

  http.delete('*/api/maps/:id/bookmarks/:bookmarkId', ({ request, params }) => {
    const user = requireUser(request, true);
    if (user.response) return user.response;
    const id = idParam(params, 'bookmarkId');
    const index = mapsDb.bookmarks.findIndex((row) => row.id === id && row.user_id === user.user.id);
    if (index < 0) return notFound();
    mapsDb.bookmarks.splice(index, 1);
    return noContent();
  }),
];
