import { invalid } from '../http/http-error.ts';
import { msg, type Problems } from '../i18n/messages.ts';
import type { Queryable } from '../db/database.ts';
import { searchableLayer, unknownPropertyErrors } from '../map-parts/layer-checks.ts';
import {
  MAIN_SEARCHES,
  insertMainSearch,
  layerHasMainSearch,
  toMainSearch,
  updateMainSearch,
} from '../map-parts/main-searches-store.ts';
import { partHandlers, tableRoutes } from '../map-parts/part-crud.ts';
import { nextOrder, requiredText } from '../map-parts/part-rows.ts';
import type { MainSearchBody } from '../maps/records.ts';
import type { TypedHandlers } from '../openapi/typed-handlers.ts';
import { isUniqueViolation } from '../users/user-rules.ts';

const LAYER_TAKEN = { layer_id: [msg('map_parts.main_search_layer_taken')] };

interface MainSearchInput {
  layer_id: number;
  label: string;
  fields: string[];
  display_field: string;
}

/**
 * The checks shared by create and update: a vector layer of the map that has no other entry
 * (searchMainFeatures finds the entry by layer), and `fields` and `display_field` among its properties.
 */
async function checkInput(
  tx: Queryable,
  mapId: number,
  input: MainSearchInput,
  errors: Problems,
  ownId?: number,
): Promise<void> {
  const layer = await searchableLayer(tx, mapId, input.layer_id, errors);
  if (!layer) return;
  if (await layerHasMainSearch(tx, layer.id, ownId ?? 0)) Object.assign(errors, LAYER_TAKEN);
  unknownPropertyErrors(layer, 'fields', input.fields, errors);
  unknownPropertyErrors(layer, 'display_field', input.display_field, errors);
}

/** Two admins adding an entry for the same layer at once: the unique index settles it. */
async function layerOnce<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid(LAYER_TAKEN);
    throw error;
  }
}

/** The viewer's global search box: which layers it searches, on which fields, showing what. */
const mainSearchParts = partHandlers(
  {
    list: 'listMainSearches',
    create: 'createMainSearch',
    read: 'getMainSearch',
    update: 'updateMainSearch',
    remove: 'deleteMainSearch',
  },
  {
    ...tableRoutes<MainSearchBody>(MAIN_SEARCHES, 'search_id', toMainSearch),
    create: (body, mapId) => async (tx, errors) => {
      const label = requiredText(body.label, 'label', errors);
      await checkInput(tx, mapId, body, errors);
      return async () => {
        const order = body.order ?? (await nextOrder(tx, MAIN_SEARCHES, mapId));
        return insertMainSearch(tx, mapId, {
          layer_id: body.layer_id,
          label,
          fields: body.fields,
          display_field: body.display_field,
          order,
        });
      };
    },
    update: (body, mapId, current) => async (tx, errors) => {
      const next = { ...current, ...body };
      if (body.label !== undefined) next.label = requiredText(body.label, 'label', errors);
      const touchesLayer =
        body.layer_id !== undefined || body.fields !== undefined || body.display_field !== undefined;
      if (touchesLayer) await checkInput(tx, mapId, next, errors, current.id);
      return async () => {
        return updateMainSearch(tx, current.id, next);
      };
    },
  },
);

/** Creates and updates: two admins adding an entry for the same layer at once get a 422, not a 500. */
export const routeHandlers: TypedHandlers = {
  ...mainSearchParts,
  createMainSearch: (context) => layerOnce(() => mainSearchParts.createMainSearch!(context)),
  updateMainSearch: (context) => layerOnce(() => mainSearchParts.updateMainSearch!(context)),
};
