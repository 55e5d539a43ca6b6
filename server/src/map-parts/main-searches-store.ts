import type { Queryable } from '../db/database.ts';
import { partWrites } from './part-writes.ts';
import type { PartTable } from './part-rows.ts';
import type { MainSearchBody } from '../maps/records.ts';

/** A main search as answered, from `main_searches s`; its row is its wire shape. */
export const MAIN_SEARCH_COLUMNS = `s.id, s.map_id, s.layer_id, s.label, s.fields, s.display_field, s."order"`;
export const toMainSearch = (row: MainSearchBody): MainSearchBody => ({ ...row });

/** The table as the map parts' shared reads and deletes see it (part-rows.ts). */
export const MAIN_SEARCHES: PartTable = {
  table: 'main_searches',
  alias: 's',
  columns: MAIN_SEARCH_COLUMNS,
  subject: 'MainSearch',
};

/** What a write of an entry of the global search box stores. */
export type MainSearchValues = Pick<
  MainSearchBody,
  'layer_id' | 'label' | 'fields' | 'display_field' | 'order'
>;

export const { insert: insertMainSearch, update: updateMainSearch } = partWrites<
  MainSearchValues,
  MainSearchBody
>(MAIN_SEARCHES, ['layer_id', 'label', 'fields', 'display_field', 'order'], (values) => [
  values.layer_id,
  values.label,
  JSON.stringify(values.fields),
  values.display_field,
  values.order,
]);

/** Whether an entry other than `exceptId` searches the layer already (one entry a layer). */
export async function layerHasMainSearch(db: Queryable, layerId: number, exceptId: number): Promise<boolean> {
  const taken = await db.query('SELECT 1 FROM main_searches WHERE layer_id = $1 AND id <> $2', [
    layerId,
    exceptId,
  ]);
  return taken.length > 0;
}

/** The search settings of the layer's entry, in their order. */
export function mainSearchesOfLayer(db: Queryable, mapId: number, layerId: number) {
  return db.query<{ fields: string[]; display_field: string }>(
    'SELECT fields, display_field FROM main_searches WHERE map_id = $1 AND layer_id = $2 ORDER BY "order", id',
    [mapId, layerId],
  );
}
