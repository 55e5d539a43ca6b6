import { notFound } from '../http/http-error.ts';
import {
  categoriesOfMap,
  insertCategory,
  toCategory,
  updateCategory,
} from '../map-parts/categories-store.ts';
import {
  categoryOr404,
  checkParent,
  deleteCategoryKeepingChildren,
  lockMapCategories,
  nextCategoryOrder,
} from '../map-parts/category-tree.ts';
import { partHandlers, type PartKind } from '../map-parts/part-crud.ts';
import { isStorableId, requiredText } from '../map-parts/part-rows.ts';
import type { CategoryBody } from '../maps/records.ts';

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
export const routeHandlers = partHandlers(
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
    list: categoriesOfMap,
    toWire: toCategory,
    create: (body, mapId) => async (tx, errors) => {
      const name = requiredText(body.name, 'name', errors);
      const parentId = body.parent_id ?? null;
      await checkParent(tx, mapId, undefined, parentId, errors);
      return async () => {
        const order = body.order ?? (await nextCategoryOrder(tx, mapId, parentId));
        return insertCategory(tx, mapId, { name, parent_id: parentId, order });
      };
    },
    update: (body, mapId, current) => async (tx, errors) => {
      const name = body.name === undefined ? current.name : requiredText(body.name, 'name', errors);
      const parentId = body.parent_id === undefined ? current.parent_id : body.parent_id;
      if (body.parent_id !== undefined) await checkParent(tx, mapId, current.id, parentId, errors);
      return async () => {
        return updateCategory(tx, current.id, {
          name,
          parent_id: parentId,
          order: body.order ?? current.order,
        });
      };
    },
    remove: deleteCategoryKeepingChildren,
  },
);
