import type { Queryable } from '../db/database.ts';
import { partWrites } from './part-writes.ts';
import type { CategoryBody } from '../maps/records.ts';

/** A category as answered, from `categories c`. */
export const CATEGORY_COLUMNS = `c.id, c.map_id, c.name, c.parent_id, c."order"`;
export const toCategory = (row: CategoryBody): CategoryBody => ({ ...row });

/** Roots first, then each level in its order. */
export function categoriesOfMap(db: Queryable, mapId: number): Promise<CategoryBody[]> {
  return db.query<CategoryBody>(
    `SELECT ${CATEGORY_COLUMNS} FROM categories c WHERE c.map_id = $1
     ORDER BY c.parent_id NULLS FIRST, c."order", c.id`,
    [mapId],
  );
}

/** Whether the map has that category. */
export async function categoryOfMapExists(db: Queryable, mapId: number, id: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM categories WHERE id = $1 AND map_id = $2', [id, mapId])).length > 0;
}

/** What a write of a category stores. */
type CategoryValues = Pick<CategoryBody, 'name' | 'parent_id' | 'order'>;

export const { insert: insertCategory, update: updateCategory } = partWrites<CategoryValues, CategoryBody>(
  { table: 'categories', alias: 'c', columns: CATEGORY_COLUMNS },
  ['name', 'parent_id', 'order'],
  (values) => [values.name, values.parent_id, values.order],
);
