import { notFound } from '../http/http-error.ts';
import {
  categoryOr404,
  checkParent,
  deleteCategoryKeepingChildren,
  lockMapCategories,
  nextCategoryOrder,
} from '../map-parts/category-tree.ts';
import { partHandlers, type PartKind } from '../map-parts/part-crud.ts';
import { isStorableId, requiredText } from '../map-parts/part-rows.ts';
import { CATEGORY_COLUMNS, toCategory, type CategoryBody } from '../maps/records.ts';

/** Tree changes of one map take turns (category-tree.ts), so updates and deletes lock its categories first. */
const CATEGORY: PartKind<CategoryBody> = {
  subject: 'Category',
  find: (db, mapId, id) => categoryOr404(db, mapId, id),
  lockForChange: lockMapCategories,
};

/**
 * The map of `?map_id`. Unlike path ids, query ids are not bounded before the handler, and one
 * beyond PostgreSQL's integer range names no map (rather than failing the query).
 */
function mapIdOf(query: { map_id: number }): number {
  if (!isStorableId(query.map_id)) throw notFound();
  return query.map_id;
}

/** Categories: the folders of a map's layer tree, named by `?map_id`. */
export const categoryHandlers = partHandlers(
  {
    list: 'listCategories',
    create: 'createCategory',
    read: 'getCategory',
    update: 'updateCategory',
    remove: 'deleteCategory',
  },
  {
    kind: CATEGORY,
    mapOf: ({ query }) => mapIdOf(query as { map_id: number }),
    idParam: 'id',
    list: (db, mapId) =>
      db.query<CategoryBody>(
        `SELECT ${CATEGORY_COLUMNS} FROM categories c WHERE c.map_id = $1
         ORDER BY c.parent_id NULLS FIRST, c."order", c.id`,
        [mapId],
      ),
    toWire: toCategory,
    create: (body, mapId) => async (tx, errors) => {
      const name = requiredText(body.name, 'name', errors);
      const parentId = body.parent_id ?? null;
      await checkParent(tx, mapId, undefined, parentId, errors);
      return async () => {
        const order = body.order ?? (await nextCategoryOrder(tx, mapId, parentId));
        const rows = await tx.query<CategoryBody>(
          `INSERT INTO categories AS c (map_id, name, parent_id, "order") VALUES ($1, $2, $3, $4)
           RETURNING ${CATEGORY_COLUMNS}`,
          [mapId, name, parentId, order],
        );
        return rows[0] as CategoryBody;
      };
    },
    update: (body, mapId, current) => async (tx, errors) => {
      const name = body.name === undefined ? current.name : requiredText(body.name, 'name', errors);
      const parentId = body.parent_id === undefined ? current.parent_id : body.parent_id;
      if (body.parent_id !== undefined) await checkParent(tx, mapId, current.id, parentId, errors);
      return async () => {
        const rows = await tx.query<CategoryBody>(
          `UPDATE categories AS c SET name = $2, parent_id = $3, "order" = $4 WHERE c.id = $1
           RETURNING ${CATEGORY_COLUMNS}`,
          [current.id, name, parentId, body.order ?? current.order],
        );
        return rows[0] as CategoryBody;
      };
    },
    remove: deleteCategoryKeepingChildren,
  },
);
