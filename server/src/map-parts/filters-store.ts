import { returnedRow, type Queryable } from '../db/database.ts';
import type { PartTable } from './part-rows.ts';
import { FILTER_COLUMNS, type FilterBody } from '../maps/records.ts';

/** The table as the map parts' shared reads and deletes see it (part-rows.ts). */
export const FILTERS: PartTable = {
  table: 'filters',
  alias: 'f',
  columns: FILTER_COLUMNS,
  subject: 'Filter',
};

/** What a write of a saved filter stores. */
export type FilterValues = Pick<FilterBody, 'layer_id' | 'name' | 'property' | 'type' | 'options' | 'order'>;

const params = (values: FilterValues) => [
  values.layer_id,
  values.name,
  values.property,
  values.type,
  JSON.stringify(values.options),
  values.order,
];

export function insertFilter(tx: Queryable, mapId: number, values: FilterValues) {
  return returnedRow<FilterBody>(
    tx,
    `INSERT INTO filters AS f (map_id, layer_id, name, property, type, options, "order")
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${FILTER_COLUMNS}`,
    [mapId, ...params(values)],
  );
}

export function updateFilter(tx: Queryable, id: number, values: FilterValues) {
  return returnedRow<FilterBody>(
    tx,
    `UPDATE filters AS f SET layer_id = $2, name = $3, property = $4, type = $5, options = $6, "order" = $7
     WHERE f.id = $1 RETURNING ${FILTER_COLUMNS}`,
    [id, ...params(values)],
  );
}
