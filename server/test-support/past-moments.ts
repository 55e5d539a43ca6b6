import type { Queryable } from '../src/db/database.ts';

/**
 * Moments of a layer's story for tests of the past, all before "now", so every write a test makes
 * is newer than each of them until `datedAt` moves it back.
 */
export const MOMENTS = {
  created: '2026-01-10T08:00:00.000Z',
  edited: '2026-02-10T08:00:00.000Z',
  deleted: '2026-03-10T08:00:00.000Z',
  added: '2026-04-10T08:00:00.000Z',
  restored: '2026-05-10T08:00:00.000Z',
};

const HOUR = 3_600_000;
/** An hour after a moment, and an hour before it. */
export const after = (iso: string) => new Date(Date.parse(iso) + HOUR).toISOString();
export const before = (iso: string) => new Date(Date.parse(iso) - HOUR).toISOString();

/** Dates what the last step wrote (rows newer than every moment) as having happened at `at`. */
export async function datedAt(db: Queryable, at: string): Promise<void> {
  await db.query(`UPDATE feature_audits SET created_at = $1 WHERE created_at > '2026-06-01'`, [at]);
  await db.query(`UPDATE features SET created_at = $1 WHERE created_at > '2026-06-01'`, [at]);
  await db.query(`UPDATE features SET updated_at = $1 WHERE updated_at > '2026-06-01'`, [at]);
}
