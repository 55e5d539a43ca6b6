import { withoutHidden } from '../access/layer-view.ts';
import type { components } from '@generated/openapi-types.ts';
import type { Queryable } from '../db/database.ts';
import { featureLimits } from './feature-limits.ts';

type AuditEntry = components['schemas']['AuditEntry'];
export type AuditEvent = AuditEntry['event'];

export interface AuditChange {
  layerId: number;
  featureId: number;
  event: AuditEvent;
  oldValues: Record<string, unknown> | null;
  newValues: Record<string, unknown> | null;
  userId: number;
  /** A restore: the version it put back. */
  restoredVersion?: number;
  /** A split: the feature and version the change came from. */
  source?: { featureId: number; version: number };
}

/** One history row; callers pass their transaction so the change and its record stand or fall together. */
export async function writeAudits(tx: Queryable, changes: readonly AuditChange[]): Promise<void> {
  if (changes.length === 0) return;
  await tx.query(
    `INSERT INTO feature_audits (layer_id, auditable_id, event, old_values, new_values, user_id,
       restored_version, source_feature_id, source_version)
     SELECT * FROM jsonb_to_recordset($1::jsonb)
       AS a(layer_id int, auditable_id int, event text, old_values jsonb, new_values jsonb, user_id int,
         restored_version int, source_feature_id int, source_version int)`,
    [
      JSON.stringify(
        changes.map((change) => ({
          layer_id: change.layerId,
          auditable_id: change.featureId,
          event: change.event,
          old_values: change.oldValues,
          new_values: change.newValues,
          user_id: change.userId,
          restored_version: change.restoredVersion ?? null,
          source_feature_id: change.source?.featureId ?? null,
          source_version: change.source?.version ?? null,
        })),
      ),
    ],
  );
}

/** A history row as stored, with the name of the user who made it. */
export interface AuditRow {
  id: number;
  layer_id: number;
  auditable_id: number;
  event: AuditEvent;
  old_values: Record<string, unknown> | null;
  new_values: Record<string, unknown> | null;
  user_id: number | null;
  user_name: string | null;
  created_at: Date;
  version: number | null;
  restored_version: number | null;
  source_feature_id: number | null;
  source_version: number | null;
}

/** Which page of a history: at most `perPage` entries older than `before`, geometries whole or not. */
export interface HistoryPage {
  perPage: number;
  before?: number | undefined;
  /** Each changed geometry with its coordinates; otherwise its type alone. */
  geometry: boolean;
}

/**
 * A history value as answered: without `geometry`, a changed geometry is its type alone. A line
 * at the vertex limit is megabytes in each of its history rows, and the history panel shows the
 * type only; the coordinates are asked for when wanted.
 */
const valuesSql = (
  column: string,
) => `CASE WHEN NOT $5::boolean AND jsonb_typeof(a.${column} -> 'geometry') = 'object'
    THEN jsonb_set(a.${column}, '{geometry}', jsonb_build_object('type', a.${column} -> 'geometry' -> 'type'))
    ELSE a.${column} END`;

/** A history row's stored size, read from its header without unpacking it. */
const STORED_BYTES = 'coalesce(pg_column_size(a.old_values), 0) + coalesce(pg_column_size(a.new_values), 0)';

/**
 * A feature's history newest first, only if it was (or is) on one of the map's layers, one page
 * at a time: at most `perPage` entries, cut where the stored bytes of the entries before reach
 * the answer budget (ANSWER_MAX_BYTES; the first entry is always there), so one answer never
 * reads a long history of huge geometries in one statement. `nextBefore` is the next page's
 * cursor, null on the last page.
 */
export async function featureHistory(
  db: Queryable,
  mapId: number,
  featureId: number,
  page: HistoryPage,
  /** What the caller sees of a layer: entries of hidden layers are left out, hidden values too. */
  view: { readable(layerId: number): boolean; hidden(layerId: number): ReadonlySet<string> } = {
    readable: () => true,
    hidden: () => new Set(),
  },
): Promise<{ data: AuditEntry[]; nextBefore: number | null }> {
  const budget = Math.trunc(featureLimits().answerBytes);
  const rows = await db.query<AuditRow & { fetched: number | string }>(
    `WITH picked AS (
       SELECT a.id, ${STORED_BYTES} AS bytes
       FROM feature_audits a JOIN layers l ON l.id = a.layer_id
       WHERE a.auditable_id = $1 AND l.map_id = $2 AND ($3::int IS NULL OR a.id < $3::int)
       ORDER BY a.id DESC LIMIT $4::int + 1
     ), sized AS (
       SELECT id, count(*) OVER () AS fetched,
         sum(bytes) OVER (ORDER BY id DESC ROWS UNBOUNDED PRECEDING) - bytes AS earlier
       FROM picked
     )
     SELECT a.id, a.layer_id, a.auditable_id, a.event, ${valuesSql('old_values')} AS old_values,
       ${valuesSql('new_values')} AS new_values, a.created_at, a.version, a.restored_version,
       a.source_feature_id, a.source_version, u.id AS user_id, u.name AS user_name, s.fetched
     FROM sized s JOIN feature_audits a ON a.id = s.id
     LEFT JOIN users u ON u.id = a.user_id
     WHERE s.earlier < ${budget}
     ORDER BY a.id DESC`,
    [featureId, mapId, page.before ?? null, page.perPage, page.geometry],
  );
  const kept = rows.slice(0, page.perPage);
  // One row more than the page is picked: when it exists, or the budget cut rows, there are more.
  const more = Number(rows[0]?.fetched ?? 0) > kept.length;
  const data = kept
    .filter((row) => view.readable(row.layer_id))
    .map((row) => ({
      id: row.id,
      auditable_id: row.auditable_id,
      event: row.event,
      old_values: withoutHidden(row.old_values, view.hidden(row.layer_id)),
      new_values: withoutHidden(row.new_values, view.hidden(row.layer_id)),
      user: row.user_id === null ? null : { id: row.user_id, name: row.user_name ?? '' },
      created_at: new Date(row.created_at).toISOString(),
      version: row.version,
      restored_version: row.restored_version,
      split_from:
        row.source_feature_id === null || row.source_version === null
          ? null
          : { feature_id: row.source_feature_id, version: row.source_version },
    }));
  return { data, nextBefore: more ? (kept.at(-1)?.id ?? null) : null };
}
