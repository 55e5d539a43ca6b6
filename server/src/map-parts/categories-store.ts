import { returnedRow, type Queryable } from '../db/database.ts';
import { CATEGORY_COLUMNS, type CategoryBody } from '../maps/records.ts';

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

export function insertCategory(
  tx: Queryable,
  mapId: number,
  values: { name: string; parent_id: number | null; order: number },
): Promise<CategoryBody> {
  return returnedRow<CategoryBody>(
    tx,
    `INSERT INTO categories AS c (map_id, name, parent_id, "order") VALUES ($1, $2, $3, $4)
     RETURNING ${CATEGORY_COLUMNS}`,
    [mapId, values.name, values.parent_id, values.order],
  );
}

export function updateCategory(
  tx: Queryable,
  id: number,
  values: { name: string; parent_id: number | null; order: number },
): Promise<CategoryBody> {
  return returnedRow<CategoryBody>(
    tx,
    `UPDATE categories AS c SET name = $2, parent_id = $3, "order" = $4 WHERE c.id = $1
     RETURNING ${CATEGORY_COLUMNS}`,
    [id, values.name, values.parent_id, values.order],
  );
}
