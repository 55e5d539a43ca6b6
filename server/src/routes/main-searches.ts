import { invalid } from '../http/http-error.ts';
import { msg, type Problems } from '../i18n/messages.ts';
import type { Queryable } from '../db/database.ts';
import { searchableLayer, unknownPropertyErrors } from '../map-parts/layer-checks.ts';
import { partHandlers, tableRoutes } from '../map-parts/part-crud.ts';
import { nextOrder, requiredText, type PartTable } from '../map-parts/part-rows.ts';
import { MAIN_SEARCH_COLUMNS, toMainSearch, type MainSearchBody } from '../maps/records.ts';
import type { TypedHandlers } from '../openapi/typed-handlers.ts';
import { isUniqueViolation } from '../users/user-rules.ts';

const MAIN_SEARCHES: PartTable = {
  table: 'main_searches',
  alias: 's',
  columns: MAIN_SEARCH_COLUMNS,
  subject: 'MainSearch',
};
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
  const taken = await tx.query('SELECT 1 FROM main_searches WHERE layer_id = $1 AND id <> $2', [
    layer.id,
    ownId ?? 0,
  ]);
  if (taken.length > 0) Object.assign(errors, LAYER_TAKEN);
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
        const rows = await tx.query<MainSearchBody>(
          `INSERT INTO main_searches AS s (map_id, layer_id, label, fields, display_field, "order")
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${MAIN_SEARCH_COLUMNS}`,
          [mapId, body.layer_id, label, JSON.stringify(body.fields), body.display_field, order],
        );
        return rows[0] as MainSearchBody;
      };
    },
    update: (body, mapId, current) => async (tx, errors) => {
      const next = { ...current, ...body };
      if (body.label !== undefined) next.label = requiredText(body.label, 'label', errors);
      const touchesLayer =
        body.layer_id !== undefined || body.fields !== undefined || body.display_field !== undefined;
      if (touchesLayer) await checkInput(tx, mapId, next, errors, current.id);
      return async () => {
        const rows = await tx.query<MainSearchBody>(
          `UPDATE main_searches AS s SET layer_id = $2, label = $3, fields = $4, display_field = $5, "order" = $6
           WHERE s.id = $1 RETURNING ${MAIN_SEARCH_COLUMNS}`,
          [
            current.id,
            next.layer_id,
            next.label,
            JSON.stringify(next.fields),
            next.display_field,
            next.order,
          ],
        );
        return rows[0] as MainSearchBody;
      };
    },
  },
);

/** Creates and updates: two admins adding an entry for the same layer at once get a 422, not a 500. */
export const mainSearchHandlers: TypedHandlers = {
  ...mainSearchParts,
  createMainSearch: (context) => layerOnce(() => mainSearchParts.createMainSearch!(context)),
  updateMainSearch: (context) => layerOnce(() => mainSearchParts.updateMainSearch!(context)),
};
