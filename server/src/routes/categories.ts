import { invalid, notFound } from '../http/http-error.ts';
import type { Problems } from '../i18n/messages.ts';
import {
  categoryOr404,
  checkParent,
  deleteCategoryKeepingChildren,
  lockMapCategories,
  nextCategoryOrder,
} from '../map-parts/category-tree.ts';
import { authorize, hasProblems, isStorableId, requiredText } from '../map-parts/part-rows.ts';
import { mapOr404 } from '../maps/map-scope.ts';
import { CATEGORY_COLUMNS, toCategory, type CategoryBody } from '../maps/records.ts';
import type { TypedHandlers } from '../openapi/typed-handlers.ts';

const CATEGORY = { subject: 'Category' } as const;

/**
 * The map of `?map_id`. Unlike path ids, query ids are not bounded before the handler, and one
 * beyond PostgreSQL's integer range names no map (rather than failing the query).
 */
function mapIdOf(query: { map_id: number }): number {
  if (!isStorableId(query.map_id)) throw notFound();
  return query.map_id;
}

/** Categories: the folders of a map's layer tree, named by `?map_id`. */
export const categoryHandlers: TypedHandlers = {
  async listCategories({ query, services }) {
    const { db } = services;
    const mapId = mapIdOf(query);
    await mapOr404(db, mapId);
    const rows = await db.query<CategoryBody>(
      `SELECT ${CATEGORY_COLUMNS} FROM categories c WHERE c.map_id = $1
       ORDER BY c.parent_id NULLS FIRST, c."order", c.id`,
      [mapId],
    );
    return { status: 200, body: { data: rows.map(toCategory) } };
  },

  async createCategory({ query, body, services, auth }) {
    const { db } = services;
    const mapId = mapIdOf(query);
    await mapOr404(db, mapId);
    authorize(auth.ability, 'create', CATEGORY, { map_id: mapId });
    const created = await db.transaction(async (tx) => {
      const errors: Problems = {};
      const name = requiredText(body.name, 'name', errors);
      const parentId = body.parent_id ?? null;
      await checkParent(tx, mapId, undefined, parentId, errors);
      if (hasProblems(errors)) throw invalid(errors);
      const order = body.order ?? (await nextCategoryOrder(tx, mapId, parentId));
      const rows = await tx.query<CategoryBody>(
        `INSERT INTO categories AS c (map_id, name, parent_id, "order") VALUES ($1, $2, $3, $4)
         RETURNING ${CATEGORY_COLUMNS}`,
        [mapId, name, parentId, order],
      );
      return rows[0] as CategoryBody;
    });
    return { status: 201, body: { data: toCategory(created) } };
  },

  async getCategory({ params, query, services, auth }) {
    const category = await categoryOr404(services.db, mapIdOf(query), params.id);
    authorize(auth.ability, 'read', CATEGORY, category);
    return { status: 200, body: { data: toCategory(category) } };
  },

  async updateCategory({ params, query, body, services, auth }) {
    const mapId = mapIdOf(query);
    const updated = await services.db.transaction(async (tx) => {
      await lockMapCategories(tx, mapId);
      const current = await categoryOr404(tx, mapId, params.id);
      authorize(auth.ability, 'update', CATEGORY, current);
      const errors: Problems = {};
      const name = body.name === undefined ? current.name : requiredText(body.name, 'name', errors);
      const parentId = body.parent_id === undefined ? current.parent_id : body.parent_id;
      if (body.parent_id !== undefined) await checkParent(tx, mapId, current.id, parentId, errors);
      if (hasProblems(errors)) throw invalid(errors);
      const rows = await tx.query<CategoryBody>(
        `UPDATE categories AS c SET name = $2, parent_id = $3, "order" = $4 WHERE c.id = $1
         RETURNING ${CATEGORY_COLUMNS}`,
        [current.id, name, parentId, body.order ?? current.order],
      );
      return rows[0] as CategoryBody;
    });
    return { status: 200, body: { data: toCategory(updated) } };
  },

  async deleteCategory({ params, query, services, auth }) {
    const mapId = mapIdOf(query);
    await services.db.transaction(async (tx) => {
      await lockMapCategories(tx, mapId);
      const category = await categoryOr404(tx, mapId, params.id);
      authorize(auth.ability, 'delete', CATEGORY, category);
      await deleteCategoryKeepingChildren(tx, category);
    });
    return { status: 204 };
  },
};
