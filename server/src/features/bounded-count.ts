import type { Queryable } from '../db/database.ts';

/** Searches and filters are counted exactly up to this many matches; past it `meta.total` is an estimate. */
export const COUNT_CAP = 10_000;

/**
 * How many rows match: exact up to COUNT_CAP, else the planner's estimate (never less
 * than the cap). A search for two letters can match a whole layer, and counting a million
 * matches exactly would cost more than the page itself.
 */
export async function boundedCount(
  db: Queryable,
  where: string,
  params: unknown[],
  /** The rows counted: `features`, or a layer as it was (featuresSource). */
  source = 'features',
): Promise<{ total: number; exact: boolean }> {
  const [counted] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${source} ft WHERE ${where} LIMIT ${COUNT_CAP + 1}) capped`,
    params,
  );
  const n = Number(counted?.n ?? 0);
  if (n <= COUNT_CAP) return { total: n, exact: true };
  return { total: await estimatedCount(db, where, params, source), exact: false };
}

/** The planner's estimate of how many rows match, never less than one more than the cap. */
export async function estimatedCount(
  db: Queryable,
  where: string,
  params: unknown[],
  source = 'features',
): Promise<number> {
  const [plan] = await db.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    `EXPLAIN (FORMAT JSON) SELECT 1 FROM ${source} ft WHERE ${where}`,
    params,
  );
  return Math.max(COUNT_CAP + 1, Math.round(Number(plan?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0)));
}
