import { partWrites } from './part-writes.ts';
import type { PartTable } from './part-rows.ts';
import type { SearchBody } from '../maps/records.ts';

/** A saved form search as answered, from `searches s`; its row is its wire shape. */
export const SEARCH_COLUMNS = `s.id, s.map_id, s.layer_id, s.name, s.fields, s.operator, s."order"`;
export const toSearch = (row: SearchBody): SearchBody => ({ ...row });

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
