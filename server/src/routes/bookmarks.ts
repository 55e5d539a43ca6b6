import { canOn } from '@shared/access/abilities.ts';
import type { Queryable } from '../db/database.ts';
import { forbidden, invalid, notFound, unauthenticated } from '../http/http-error.ts';
import { msg, type Problems } from '../i18n/messages.ts';
import { layerIdsOfMapAmong } from '../layers/layer-store.ts';
import { deleteBookmark, insertBookmark, lockOwnBookmark, toBookmark } from '../map-parts/bookmarks-store.ts';
import { hasProblems, isStorableId, requiredText } from '../map-parts/part-rows.ts';
import { mapFor } from '../maps/access.ts';
import type { TypedContext, TypedHandlers } from '../openapi/typed-handlers.ts';

/** Every id must name a layer of the map: a bookmark that shows layers of another map restores nothing. */
async function visibleLayerErrors(db: Queryable, mapId: number, ids: readonly number[], errors: Problems) {
  const storable = ids.filter(isStorableId);
  const known = storable.length === 0 ? new Set<number>() : await layerIdsOfMapAmong(db, mapId, storable);
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
export const routeHandlers: TypedHandlers = {
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
    const row = await insertBookmark(db, params.id, user.id, {
      name,
      center: body.center,
      zoom: body.zoom,
      rotation: body.rotation ?? 0,
      visibleLayerIds: visible,
    });
    return { status: 201, body: { data: toBookmark(row) } };
  },

  async deleteBookmark(context) {
    const { params, services, auth } = context;
    const user = me(context);
    await mapFor(services.db, auth, params.id, 'read');
    await services.db.transaction(async (tx) => {
      const bookmark = await lockOwnBookmark(tx, params.id, user.id, params.bookmark_id);
      if (!bookmark) throw notFound();
      if (!canOn(auth.ability, 'delete', 'Bookmark', { user_id: bookmark.user_id, map_id: bookmark.map_id }))
        throw forbidden();
      await deleteBookmark(tx, bookmark.id);
    });
    return { status: 204 };
  },
};
