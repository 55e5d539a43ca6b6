import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { invalid } from '../domain-errors.ts';
import { msg } from '../i18n/messages.ts';

/** An ISO 8601 date-time with a zone (Z or an offset): what `as_of`, `from` and `to` take. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A moment named in the query, or a 422 on `field`; undefined when not given. */
export function parseMoment(text: string | undefined, field: string): Date | undefined {
  if (text === undefined) return undefined;
  const at = DATE_TIME.test(text) ? new Date(text) : undefined;
  if (!at || Number.isNaN(at.getTime())) throw invalid({ [field]: [msg('time.as_of_invalid')] });
  return at;
}

/**
 * The rows of a layer to read from: `features` (now), or the layer as it was at `asOf`
 * rebuilt from its history (`features_at`, migration 070), which has the same columns. `layer`
 * and `at` are the statement's placeholders for the layer id and the moment.
 */
export function featuresSource(asOf: Date | undefined, layer: string, at: string): string {
  return asOf ? `features_at(${layer}::int, ${at}::timestamptz)` : 'features';
}

/** The POSTs that only read the layers, so take `as_of`. */
const READING_POSTS =
  /^\/api\/maps\/\d+\/(filter-features|main-search\/features|export-filter-features|export-multi-selected-features|export-features|layers\/\d+\/aggregate)$/;

/** Methods that only read: the only ones that take `as_of`. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The past is read, never written: a change asked "as it was" (`as_of` on a POST, PUT, PATCH
 * or DELETE of the API) is refused with a 422 on `as_of` before anything else is done. The
 * POSTs that only read take it: `filter-features`, the main search, a layer's aggregation, and
 * the exports (which write a file of the past, not the past).
 */
export function refuseWritesInThePast(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (READS.has(request.method)) return;
    const query = request.query as Record<string, unknown> | undefined;
    if (query?.as_of === undefined) return;
    const path = request.url.split('?')[0] ?? '';
    if (READING_POSTS.test(path)) return;
    throw invalid({ as_of: [msg('time.as_of_write')] });
  });
}

/** Counts of the past already read, by layer, layer version and moment (the oldest dropped first). */
const countsAt = new Map<string, number>();
const COUNTS_KEPT = 512;

/**
 * How many features the layer held at `asOf` (features_count_at, migration 070): its count now
 * corrected by the creations and deletions since, read from the history's (layer, time) index.
 * That reads every change since the moment (20 ms after 50,000 on the embedded database), so
 * with the layer's version (`version`: its contents now) the answer is kept: each page of one
 * moment after the first reads none.
 */
export async function countAt(db: Queryable, layerId: number, asOf: Date, version?: string): Promise<number> {
  const key = version === undefined ? undefined : `${layerId}:${version}:${asOf.getTime()}`;
  const kept = key === undefined ? undefined : countsAt.get(key);
  if (kept !== undefined) return kept;
  const [row] = await db.query<{ n: number }>('SELECT features_count_at($1, $2) AS n', [
    layerId,
    asOf.toISOString(),
  ]);
  const count = Math.max(0, Number(row?.n ?? 0));
  if (key !== undefined) {
    if (countsAt.size >= COUNTS_KEPT) countsAt.delete(countsAt.keys().next().value as string);
    countsAt.set(key, count);
  }
  return count;
}

/** Which side of a keyset cursor a page reads, in the order it reads it. */
export type IdBound = { after: number } | { before: number } | undefined;

/**
 * The next `count` ids, beyond `bound` in id order, that the layer may have held at `asOf`: its
 * features of today and those deleted since, by their indexes alone. Each id among the first
 * `count` of both is among the first `count` of its own kind, so each kind stops at `count`.
 * Whether one was there then (and with what) is for `features_at` to say, on these ids only:
 * planned over the whole layer, a page of the past sorted every feature past its cursor.
 */
export async function pastCandidateIds(
  db: Queryable,
  layerId: number,
  asOf: Date,
  bound: IdBound,
  count: number,
): Promise<number[]> {
  const rows = await db.query<{ id: number }>(pastCandidatesSql('$1', '$2', bound, count), [
    layerId,
    asOf.toISOString(),
  ]);
  return rows.map((row) => Number(row.id));
}

/** ` AND <column> > after` or ` AND <column> < before`: the ids beyond a cursor ('' for none). */
export function idsBeyond(column: string, bound: IdBound): string {
  if (bound === undefined) return '';
  return 'after' in bound
    ? ` AND ${column} > ${Number(bound.after)}`
    : ` AND ${column} < ${Number(bound.before)}`;
}

/** The statement of pastCandidateIds, on the layer and moment named by `layer` and `at`. */
export function pastCandidatesSql(layer: string, at: string, bound: IdBound, count: number): string {
  const descending = bound !== undefined && 'before' in bound;
  const order = descending ? 'DESC' : 'ASC';
  const beyond = (column: string) => idsBeyond(column, bound);
  return `SELECT id FROM (
       (SELECT f.id FROM features f WHERE f.layer_id = ${layer} ${beyond('f.id')} ORDER BY f.id ${order} LIMIT ${count})
       UNION
       (SELECT d.auditable_id FROM feature_audits d
        WHERE d.layer_id = ${layer} AND d.event = 'deleted' AND d.created_at > ${at}::timestamptz ${beyond('d.auditable_id')}
        ORDER BY d.auditable_id ${order} LIMIT ${count})
     ) c ORDER BY id ${order} LIMIT ${count}`;
}
