import { partWrites } from './part-writes.ts';
import type { PartTable } from './part-rows.ts';
import type { FilterBody } from '../maps/records.ts';

/** A saved filter as answered, from `filters f`; its row is its wire shape. */
export const FILTER_COLUMNS = `f.id, f.map_id, f.layer_id, f.name, f.property, f.type, f.options, f."order"`;
export const toFilter = (row: FilterBody): FilterBody => ({ ...row });

/** The table as the map parts' shared reads and deletes see it (part-rows.ts). */
export const FILTERS: PartTable = {
  table: 'filters',
  alias: 'f',
  columns: FILTER_COLUMNS,
  subject: 'Filter',
};

/** What a write of a saved filter stores. */
export type FilterValues = Pick<FilterBody, 'layer_id' | 'name' | 'property' | 'type' | 'options' | 'order'>;

export const { insert: insertFilter, update: updateFilter } = partWrites<FilterValues, FilterBody>(
  FILTERS,
  ['layer_id', 'name', 'property', 'type', 'options', 'order'],
  (values) => [
    values.layer_id,
    values.name,
    values.property,
    values.type,
    JSON.stringify(values.options),
    values.order,
  ],
);
