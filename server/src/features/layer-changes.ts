import type { components } from '@generated/openapi-types.ts';
import type { Queryable } from '../db/database.ts';

type LayerChange = components['schemas']['LayerChange'];

interface ChangeRow {
  feature_id: number;
  event: LayerChange['change'];
  at: Date;
  user_id: number | null;
  user_name: string | null;
  created: boolean;
  geometry: string | null;
  total: number;
}

/** What the interval did to a feature overall, from its last change and whether it began in it. */
function effectOf(event: LayerChange['change'], created: boolean): LayerChange['effect'] {
  if (event === 'deleted') return 'removed';
  return created ? 'added' : 'changed';
}

/**
 * The last change of each feature of the layer in (`from`, `to`], newest first, one page of
 * them with the count of all, each with its overall effect and the geometry to draw it by: its
 * geometry at `to` (the layer as it was then), or for a deletion the one the deletion kept.
 * Read from the history's (layer, time) index: an interval costs the changes in it, not the
 * layer's size.
 */
export async function layerChanges(
  db: Queryable,
  layerId: number,
  from: Date,
  to: Date,
  page: number,
  perPage: number,
): Promise<{ data: LayerChange[]; total: number }> {
  const rows = await db.query<ChangeRow>(
    `WITH last AS (
       SELECT DISTINCT ON (a.auditable_id) a.auditable_id, a.event, a.created_at, a.id, a.user_id,
         a.old_values
       FROM feature_audits a
       WHERE a.layer_id = $1 AND a.version IS NOT NULL AND a.created_at > $2 AND a.created_at <= $3
       ORDER BY a.auditable_id, a.created_at DESC, a.id DESC
     ), paged AS (
       SELECT l.*, count(*) OVER ()::int AS total FROM last l
       ORDER BY l.created_at DESC, l.id DESC
       LIMIT $4 OFFSET $5
     )
     SELECT p.auditable_id AS feature_id, p.event, p.created_at AS at, u.id AS user_id,
       u.name AS user_name, p.total,
       EXISTS (SELECT 1 FROM feature_audits c
         WHERE c.auditable_id = p.auditable_id AND c.version IS NOT NULL AND c.event = 'created'
           AND c.created_at > $2 AND c.created_at <= $3) AS created,
       CASE WHEN p.event = 'deleted'
         THEN CASE WHEN jsonb_typeof(p.old_values -> 'geometry') = 'object'
           THEN (p.old_values -> 'geometry')::text END
         ELSE (SELECT ST_AsGeoJSON(fa.geom, 9) FROM features_at($1::int, $3::timestamptz) fa
               WHERE fa.id = p.auditable_id)
       END AS geometry
     FROM paged p LEFT JOIN users u ON u.id = p.user_id
     ORDER BY p.created_at DESC, p.id DESC`,
    [layerId, from.toISOString(), to.toISOString(), perPage, (page - 1) * perPage],
  );
  const total = rows[0] ? Number(rows[0].total) : page === 1 ? 0 : await countChanges(db, layerId, from, to);
  return {
    data: rows.map((row) => ({
      feature_id: row.feature_id,
      change: row.event,
      at: new Date(row.at).toISOString(),
      user: row.user_id === null ? null : { id: row.user_id, name: row.user_name ?? '' },
      effect: effectOf(row.event, row.created),
      geometry: row.geometry === null ? null : (JSON.parse(row.geometry) as LayerChange['geometry']),
    })),
    total,
  };
}

/** How many features changed in the interval (for a page past the last one). */
async function countChanges(db: Queryable, layerId: number, from: Date, to: Date): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(DISTINCT a.auditable_id)::int AS n FROM feature_audits a
     WHERE a.layer_id = $1 AND a.version IS NOT NULL AND a.created_at > $2 AND a.created_at <= $3`,
    [layerId, from.toISOString(), to.toISOString()],
  );
  return Number(row?.n ?? 0);
}
