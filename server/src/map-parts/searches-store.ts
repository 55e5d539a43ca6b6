import { partWrites } from './part-writes.ts';
import type { PartTable } from './part-rows.ts';
import { SEARCH_COLUMNS, type SearchBody } from '../maps/records.ts';

/** The table as the map parts' shared reads and deletes see it (part-rows.ts). */
export const SEARCHES: PartTable = {
  table: 'searches',
  alias: 's',
  columns: SEARCH_COLUMNS,
  subject: 'Search',
};

/** What a write of a saved form search stores. */
export type SearchValues = Pick<SearchBody, 'layer_id' | 'name' | 'fields' | 'operator' | 'order'>;

export const { insert: insertSearch, update: updateSearch } = partWrites<SearchValues, SearchBody>(
  SEARCHES,
  ['layer_id', 'name', 'fields', 'operator', 'order'],
  (values) => [values.layer_id, values.name, JSON.stringify(values.fields), values.operator, values.order],
);
