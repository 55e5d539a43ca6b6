import { returnedRow, type Queryable } from '../db/database.ts';
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

const params = (values: SearchValues) => [
  values.layer_id,
  values.name,
  JSON.stringify(values.fields),
  values.operator,
  values.order,
];

export function insertSearch(tx: Queryable, mapId: number, values: SearchValues) {
  return returnedRow<SearchBody>(
    tx,
    `INSERT INTO searches AS s (map_id, layer_id, name, fields, operator, "order")
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${SEARCH_COLUMNS}`,
    [mapId, ...params(values)],
  );
}

export function updateSearch(tx: Queryable, id: number, values: SearchValues) {
  return returnedRow<SearchBody>(
    tx,
    `UPDATE searches AS s SET layer_id = $2, name = $3, fields = $4, operator = $5, "order" = $6
     WHERE s.id = $1 RETURNING ${SEARCH_COLUMNS}`,
    [id, ...params(values)],
  );
}
