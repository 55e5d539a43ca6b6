import { searchableLayer, unknownPropertyErrors } from '../map-parts/layer-checks.ts';
import { partHandlers, tableRoutes } from '../map-parts/part-crud.ts';
import { SEARCHES, insertSearch, toSearch, updateSearch } from '../map-parts/searches-store.ts';
import { nextOrder, requiredText } from '../map-parts/part-rows.ts';
import type { SearchBody } from '../maps/records.ts';

/** Saved form searches of a map: a vector layer of the map and some of its property names. */
export const routeHandlers = partHandlers(
  {
    list: 'listSearches',
    create: 'createSearch',
    read: 'getSearch',
    update: 'updateSearch',
    remove: 'deleteSearch',
  },
  {
    ...tableRoutes<SearchBody>(SEARCHES, 'search_id', toSearch),
    create: (body, mapId) => async (tx, errors) => {
      const name = requiredText(body.name, 'name', errors);
      const layer = await searchableLayer(tx, mapId, body.layer_id, errors);
      if (layer) unknownPropertyErrors(layer, 'fields', body.fields, errors);
      return async () => {
        const order = body.order ?? (await nextOrder(tx, SEARCHES, mapId));
        return insertSearch(tx, mapId, {
          layer_id: body.layer_id,
          name,
          fields: body.fields,
          operator: body.operator ?? 'contains',
          order,
        });
      };
    },
    update: (body, mapId, current) => async (tx, errors) => {
      const next = { ...current, ...body };
      if (body.name !== undefined) next.name = requiredText(body.name, 'name', errors);
      // Fields are checked against the layer whenever either changes (a new layer may lack them).
      if (body.layer_id !== undefined || body.fields !== undefined) {
        const layer = await searchableLayer(tx, mapId, next.layer_id, errors);
        if (layer) unknownPropertyErrors(layer, 'fields', next.fields, errors);
      }
      return async () => {
        return updateSearch(tx, current.id, next);
      };
    },
  },
);
