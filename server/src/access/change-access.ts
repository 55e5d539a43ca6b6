import type { Database, Queryable } from '../db/database.ts';
import { ACCESS_CHANNEL } from './access-cache.ts';

/**
 * Every change to who may do what goes through here: the change and its audit entry in one
 * transaction, then a wait until every instance on the same PostgreSQL has read the database's
 * notice (migration 021's triggers) and dropped what its access cache held, so the caller's next
 * request, wherever it lands, is judged by the new rules. Nothing to wait for when embedded: the
 * notice is delivered in-process when the transaction commits.
 */
export async function changeAccess<T>(db: Database, work: (tx: Queryable) => Promise<T>): Promise<T> {
  const result = await db.transaction(work);
  await db.barrier?.(ACCESS_CHANNEL);
  return result;
}

export type AccessAction = 'access.update' | 'share_link.create' | 'share_link.delete';

/** One entry of a map's access log: who, when (now), what it was and what it is. */
export async function writeAccessLog(
  tx: Queryable,
  entry: { mapId: number; userId: number | undefined; action: AccessAction; before: unknown; after: unknown },
): Promise<void> {
  await tx.query(
    `INSERT INTO access_log (map_id, user_id, action, before, after) VALUES ($1, $2, $3, $4::jsonb, $5::jsonb)`,
    [
      entry.mapId,
      entry.userId ?? null,
      entry.action,
      entry.before === null ? null : JSON.stringify(entry.before),
      entry.after === null ? null : JSON.stringify(entry.after),
    ],
  );
}
