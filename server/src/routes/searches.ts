import { searchableLayer, unknownPropertyErrors } from '../map-parts/layer-checks.ts';
import { partHandlers, tableRoutes } from '../map-parts/part-crud.ts';
import { nextOrder, requiredText, type PartTable } from '../map-parts/part-rows.ts';
import { SEARCH_COLUMNS, toSearch, type SearchBody } from '../maps/records.ts';

const SEARCHES: PartTable = { table: 'searches', alias: 's', columns: SEARCH_COLUMNS, subject: 'Search' };

/** Saved form searches of a map: a vector layer of the map and some of its property names. */
export const searchHandlers = partHandlers(
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
        const rows = await tx.query<SearchBody>(
          `INSERT INTO searches AS s (map_id, layer_id, name, fields, operator, "order")
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${SEARCH_COLUMNS}`,
          [mapId, body.layer_id, name, JSON.stringify(body.fields), body.operator ?? 'contains', order],
        );
        return rows[0] as SearchBody;
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
        const rows = await tx.query<SearchBody>(
          `UPDATE searches AS s SET layer_id = $2, name = $3, fields = $4, operator = $5, "order" = $6
           WHERE s.id = $1 RETURNING ${SEARCH_COLUMNS}`,
          [current.id, next.layer_id, next.name, JSON.stringify(next.fields), next.operator, next.order],
        );
        return rows[0] as SearchBody;
      };
    },
  },
);
