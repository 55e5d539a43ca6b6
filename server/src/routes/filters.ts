import type { Problems } from '../i18n/messages.ts';
import type { Queryable } from '../db/database.ts';
import { optionErrors, storedOptions } from '../map-parts/filter-options.ts';
import { FILTERS, insertFilter, toFilter, updateFilter } from '../map-parts/filters-store.ts';
import { propertyOf, searchableLayer, unknownPropertyErrors } from '../map-parts/layer-checks.ts';
import { partHandlers, tableRoutes } from '../map-parts/part-crud.ts';
import { nextOrder, requiredText } from '../map-parts/part-rows.ts';
import type { FilterBody } from '../maps/records.ts';

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
export const routeHandlers = partHandlers(
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
        return insertFilter(tx, mapId, {
          layer_id: body.layer_id,
          name,
          property: body.property,
          type: body.type,
          options,
          order,
        });
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
        return updateFilter(tx, current.id, next);
      };
    },
  },
);
