import { firstRow, returnedRow, type Queryable } from '../db/database.ts';
import type { BookmarkBody } from '../maps/records.ts';

/** A bookmark as stored, from `bookmarks b`. */
export const BOOKMARK_COLUMNS = `b.id, b.map_id, b.user_id, b.name, b.center, b.zoom, b.rotation,
  b.visible_layer_ids, b.created_at`;

export interface BookmarkRow extends Omit<BookmarkBody, 'created_at'> {
  created_at: Date;
}

export function toBookmark(row: BookmarkRow): BookmarkBody {
  return { ...row, created_at: new Date(row.created_at).toISOString() };
}

export interface BookmarkValues {
  name: string;
  center: readonly number[];
  zoom: number;
  rotation: number;
  visibleLayerIds: readonly number[];
}

export function insertBookmark(db: Queryable, mapId: number, userId: number, values: BookmarkValues) {
  return returnedRow<BookmarkRow>(
    db,
    `INSERT INTO bookmarks AS b (map_id, user_id, name, center, zoom, rotation, visible_layer_ids)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${BOOKMARK_COLUMNS}`,
    [
      mapId,
      userId,
      values.name,
      JSON.stringify(values.center),
      values.zoom,
      values.rotation,
      JSON.stringify(values.visibleLayerIds),
    ],
  );
}

/** The user's bookmark on the map, held until the transaction ends; undefined when there is none. */
export function lockOwnBookmark(tx: Queryable, mapId: number, userId: number, id: number) {
  return firstRow<BookmarkRow>(
    tx,
    `SELECT ${BOOKMARK_COLUMNS} FROM bookmarks b WHERE b.id = $1 AND b.map_id = $2 AND b.user_id = $3 FOR UPDATE`,
    [id, mapId, userId],
  );
}

export async function deleteBookmark(tx: Queryable, id: number): Promise<void> {
  await tx.query('DELETE FROM bookmarks WHERE id = $1', [id]);
}
