import type { Queryable } from '../db/database.ts';
import type { AccessAction } from './change-access.ts';

/** One entry of a map's access log, with the name of who made the change. */
export interface AccessLogRow {
  id: number;
  user_id: number | null;
  user_name: string | null;
  action: AccessAction;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: Date;
}

export async function countAccessLog(db: Queryable, mapId: number): Promise<number> {
  const rows = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM access_log WHERE map_id = $1`,
    [mapId],
  );
  return rows[0]?.total ?? 0;
}

/** Newest first. */
export function accessLogPage(
  db: Queryable,
  mapId: number,
  limit: number,
  offset: number,
): Promise<AccessLogRow[]> {
  return db.query<AccessLogRow>(
    `SELECT l.id, l.user_id, u.name AS user_name, l.action, l.before, l.after, l.created_at
     FROM access_log l LEFT JOIN users u ON u.id = l.user_id
     WHERE l.map_id = $1 ORDER BY l.id DESC LIMIT $2 OFFSET $3`,
    [mapId, limit, offset],
  );
}
