import type { Problems } from '../i18n/messages.ts';
import type { Queryable } from '../db/database.ts';
import { optionErrors, storedOptions } from '../map-parts/filter-options.ts';
import { propertyOf, searchableLayer, unknownPropertyErrors } from '../map-parts/layer-checks.ts';
import { partHandlers, tableRoutes } from '../map-parts/part-crud.ts';
import { nextOrder, requiredText, type PartTable } from '../map-parts/part-rows.ts';
import { FILTER_COLUMNS, toFilter, type FilterBody } from '../maps/records.ts';

const FILTERS: PartTable = { table: 'filters', alias: 'f', columns: FILTER_COLUMNS, subject: 'Filter' };

type FilterInput = Pick<FilterBody, 'layer_id' | 'property' | 'type' | 'options'>;

/** `property` must be in the layer's schema, and a choice filter's options values it can hold. */
async function checkInput(tx: Queryable, mapId: number, input: FilterInput, errors: Problems) {
  const layer = await searchableLayer(tx, mapId, input.layer_id, errors);
  if (!layer) return;
  const property = propertyOf(layer, input.property);
  if (!property) unknownPropertyErrors(layer, 'property', input.property, errors);
  else optionErrors(property, input.options, errors);
}

/** Saved filters of a map: one property of a vector layer, shown as a control of `type`. */
export const filterHandlers = partHandlers(
  {
    list: 'listFilters',
    create: 'createFilter',
    read: 'getFilter',
    update: 'updateFilter',
    remove: 'deleteFilter',
  },
  {
    ...tableRoutes<FilterBody>(FILTERS, 'filter_id', toFilter),
    create: (body, mapId) => async (tx, errors) => {
      const name = requiredText(body.name, 'name', errors);
      const options = storedOptions(body.type, body.options);
      await checkInput(tx, mapId, { ...body, options }, errors);
      return async () => {
        const order = body.order ?? (await nextOrder(tx, FILTERS, mapId));
        const rows = await tx.query<FilterBody>(
          `INSERT INTO filters AS f (map_id, layer_id, name, property, type, options, "order")
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${FILTER_COLUMNS}`,
          [mapId, body.layer_id, name, body.property, body.type, JSON.stringify(options), order],
        );
        return rows[0] as FilterBody;
      };
    },
    update: (body, mapId, current) => async (tx, errors) => {
      const next = { ...current, ...body };
      if (body.name !== undefined) next.name = requiredText(body.name, 'name', errors);
      next.options = storedOptions(next.type, next.options);
      const touchesLayer =
        body.layer_id !== undefined ||
        body.property !== undefined ||
        body.type !== undefined ||
        body.options !== undefined;
      if (touchesLayer) await checkInput(tx, mapId, next, errors);
      return async () => {
        const rows = await tx.query<FilterBody>(
          `UPDATE filters AS f SET layer_id = $2, name = $3, property = $4, type = $5, options = $6, "order" = $7
           WHERE f.id = $1 RETURNING ${FILTER_COLUMNS}`,
          [
            current.id,
            next.layer_id,
            next.name,
            next.property,
            next.type,
            JSON.stringify(next.options),
            next.order,
          ],
        );
        return rows[0] as FilterBody;
      };
    },
  },
);
