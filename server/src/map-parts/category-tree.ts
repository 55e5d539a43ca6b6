import type { Queryable } from '../db/database.ts';
import { notFound } from '../domain-errors.ts';
import { msg, type Problems } from '../i18n/messages.ts';
import type { CategoryBody } from '../maps/records.ts';
import { CATEGORY_COLUMNS } from './categories-store.ts';
import { isStorableId, ORDER_MAX } from './part-rows.ts';

/** The category, if it belongs to the map named in the query; otherwise 404. */
export async function categoryOr404(db: Queryable, mapId: number, id: number): Promise<CategoryBody> {
  const rows = await db.query<CategoryBody>(
    `SELECT ${CATEGORY_COLUMNS} FROM categories c WHERE c.id = $1 AND c.map_id = $2`,
    [id, mapId],
  );
  const category = rows[0];
  if (!category) throw notFound();
  return category;
}

/**
 * Tree changes of one map take turns (row locks on its categories), so two concurrent moves
 * cannot together make a cycle that neither makes alone.
 */
export async function lockMapCategories(tx: Queryable, mapId: number): Promise<void> {
  await tx.query('SELECT id FROM categories WHERE map_id = $1 ORDER BY id FOR UPDATE', [mapId]);
}

/**
 * Puts on `parent_id` why `parentId` cannot enclose `categoryId` (undefined for a new one):
 * it must be a category of the same map, and not the category itself or one of its descendants.
 */
export async function checkParent(
  db: Queryable,
  mapId: number,
  categoryId: number | undefined,
  parentId: number | null,
  errors: Problems,
): Promise<void> {
  if (parentId === null) return;
  if (!isStorableId(parentId) || !(await categoryOfMap(db, mapId, parentId))) {
    errors.parent_id = [msg('map_parts.parent_not_in_map')];
    return;
  }
  if (categoryId === undefined) return;
  // Walk up from the new parent; meeting the category itself means it would enclose itself.
  const rows = await db.query<{ id: number }>(
    `WITH RECURSIVE ancestors (id, parent_id) AS (
       SELECT id, parent_id FROM categories WHERE id = $1
       UNION
       SELECT c.id, c.parent_id FROM categories c JOIN ancestors a ON c.id = a.parent_id
     )
     SELECT id FROM ancestors WHERE id = $2`,
    [parentId, categoryId],
  );
  if (rows.length > 0) errors.parent_id = [msg('map_parts.parent_cycle')];
}

async function categoryOfMap(db: Queryable, mapId: number, id: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM categories WHERE id = $1 AND map_id = $2', [id, mapId]);
  return rows.length > 0;
}

/** A category without an `order` goes after its siblings. */
export async function nextCategoryOrder(db: Queryable, mapId: number, parentId: number | null) {
  const rows = await db.query<{ next: number }>(
    `SELECT COALESCE(max("order") + 1, 0)::int AS next FROM categories
     WHERE map_id = $1 AND parent_id IS NOT DISTINCT FROM $2`,
    [mapId, parentId],
  );
  return Math.min(rows[0]?.next ?? 0, ORDER_MAX);
}

/**
 * The document's delete: sub-categories move up to the deleted one's parent (the schema would
 * cascade them away), and its layers become uncategorised (the foreign key sets them null).
 */
export async function deleteCategoryKeepingChildren(tx: Queryable, category: CategoryBody): Promise<void> {
  await tx.query('UPDATE categories SET parent_id = $2 WHERE parent_id = $1', [
    category.id,
    category.parent_id,
  ]);
  await tx.query('DELETE FROM categories WHERE id = $1', [category.id]);
}
