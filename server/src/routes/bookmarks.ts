import { canOn } from '@shared/access/abilities.ts';
import type { Queryable } from '../db/database.ts';
import { forbidden, invalid, notFound, unauthenticated } from '../http/http-error.ts';
import { msg, type Problems } from '../i18n/messages.ts';
import { hasProblems, isStorableId, requiredText } from '../map-parts/part-rows.ts';
import { mapFor } from '../maps/access.ts';
import { BOOKMARK_COLUMNS, toBookmark, type BookmarkRow } from '../maps/records.ts';
import type { TypedContext, TypedHandlers } from '../openapi/typed-handlers.ts';

/** Every id must name a layer of the map: a bookmark that shows layers of another map restores nothing. */
async function visibleLayerErrors(db: Queryable, mapId: number, ids: readonly number[], errors: Problems) {
  const storable = ids.filter(isStorableId);
  const rows =
    storable.length === 0
      ? []
      : await db.query<{ id: number }>('SELECT id FROM layers WHERE map_id = $1 AND id = ANY($2::int[])', [
          mapId,
          storable,
        ]);
  const known = new Set(rows.map((row) => row.id));
  ids.forEach((id, index) => {
    if (!known.has(id))
      errors[`visible_layer_ids.${index}`] = [msg('map_parts.visible_layer_not_in_map', { id })];
  });
}

function me(context: Pick<TypedContext<'createBookmark'>, 'auth'>) {
  const user = context.auth.user;
  if (!user) throw unauthenticated();
  return user;
}

/**
 * Bookmarks are private to their owner (admins included): another user's bookmark answers 404,
 * exactly as a missing one, so ids reveal nothing.
 */
export const bookmarkHandlers: TypedHandlers = {
  async createBookmark(context) {
    const { params, body, services, auth } = context;
    const { db } = services;
    const user = me(context);
    await mapFor(db, auth, params.id, 'read');
    if (!canOn(auth.ability, 'create', 'Bookmark', { user_id: user.id, map_id: params.id }))
      throw forbidden();
    const errors: Problems = {};
    const name = requiredText(body.name, 'name', errors);
    // The document bounds both coordinates by ±180; a latitude beyond ±90 is no place on earth.
    if (Math.abs(body.center[1] ?? 0) > 90) errors['center.1'] = [msg('map_parts.latitude')];
    const visible = body.visible_layer_ids ?? [];
    await visibleLayerErrors(db, params.id, visible, errors);
    if (hasProblems(errors)) throw invalid(errors);
    const rows = await db.query<BookmarkRow>(
      `INSERT INTO bookmarks AS b (map_id, user_id, name, center, zoom, rotation, visible_layer_ids)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${BOOKMARK_COLUMNS}`,
      [
        params.id,
        user.id,
        name,
        JSON.stringify(body.center),
        body.zoom,
        body.rotation ?? 0,
        JSON.stringify(visible),
      ],
    );
    return { status: 201, body: { data: toBookmark(rows[0] as BookmarkRow) } };
  },

  async deleteBookmark(context) {
    const { params, services, auth } = context;
    const user = me(context);
    await mapFor(services.db, auth, params.id, 'read');
    await services.db.transaction(async (tx) => {
      const rows = await tx.query<BookmarkRow>(
        `SELECT ${BOOKMARK_COLUMNS} FROM bookmarks b WHERE b.id = $1 AND b.map_id = $2 AND b.user_id = $3 FOR UPDATE`,
        [params.bookmark_id, params.id, user.id],
      );
      const bookmark = rows[0];
      if (!bookmark) throw notFound();
      if (!canOn(auth.ability, 'delete', 'Bookmark', { user_id: bookmark.user_id, map_id: bookmark.map_id }))
        throw forbidden();
      await tx.query('DELETE FROM bookmarks WHERE id = $1', [bookmark.id]);
    });
    return { status: 204 };
  },
};
