import { ACCESS_CHANNEL } from '../access/access-cache.ts';
import { unauthenticated } from '../http/http-error.ts';
import { listLayerTypes } from '../layers/layer-types.ts';
import { mapFor } from '../maps/access.ts';
import { mapDetail } from '../maps/map-detail.ts';
import { listMaps } from '../maps/map-list.ts';
import { deleteMap, insertMap, updateMap } from '../maps/map-store.ts';
import { toMap } from '../maps/records.ts';
import { readableMapIds } from '../access/map-ids.ts';
import { unlinkStoredFiles } from '../maps/stored-files.ts';
import { typedHandlers } from '../openapi/typed-handlers.ts';

/** Handlers for maps and layer types. */
export const routeHandlers = typedHandlers({
  listMaps: async ({ services, query, auth }) => ({
    status: 200,
    body: await listMaps(services.db, query, '/api/maps', readableMapIds(auth)),
  }),

  createMap: async ({ services, auth, body }) => {
    if (!auth.user) throw unauthenticated();
    const map = await insertMap(services.db, body, auth.user.id);
    // A new map changes who may read what: every instance hears of it before the answer, so
    // the creator's next request, wherever it lands, finds the map.
    await services.db.barrier?.(ACCESS_CHANNEL);
    return { status: 201, body: { data: toMap(map) } };
  },

  getMap: async ({ services, auth, params }) => ({
    status: 200,
    body: { data: toMap(await mapFor(services.db, auth, params.id, 'read')) },
  }),

  showMap: async ({ services, auth, params, query }) => {
    const map = await mapFor(services.db, auth, params.id, 'read');
    const withLayers = query.with_layers === true;
    const options = { withLayers, userId: auth.user?.id, ability: auth.ability, access: auth.access };
    return { status: 200, body: { data: await mapDetail(services.db, map, options) } };
  },

  updateMap: async ({ services, auth, params, body }) => {
    await mapFor(services.db, auth, params.id, 'update');
    return { status: 200, body: { data: toMap(await updateMap(services.db, params.id, body)) } };
  },

  deleteMap: async ({ services, auth, params }) => {
    await mapFor(services.db, auth, params.id, 'delete');
    const keys = await deleteMap(services.db, params.id);
    await services.db.barrier?.(ACCESS_CHANNEL);
    await unlinkStoredFiles(services.config, keys, services.log);
    return { status: 204 };
  },

  listLayerTypes: async () => ({ status: 200, body: { data: listLayerTypes() } }),
});
