import { withoutHidden } from '../access/layer-view.ts';
import type { Queryable } from '../db/database.ts';
import { featuresSource } from '../features/as-of.ts';
import { cutByBudget, withinAnswerBudget } from '../features/feature-rows.ts';
import { featureLimits } from '../features/feature-limits.ts';
import { indexedFeatureRow, pointsInBox } from '../features/point-index.ts';
import { invalid } from '../http/http-error.ts';
import { msg } from '../i18n/messages.ts';
import {
  FEATURE_ANSWER_COLUMNS,
  toFeature,
  type FeatureBody,
  type FeatureRow,
  type LayerRow,
} from '../maps/records.ts';

/** `include_data` answers at most this many features; the viewer loads the rest by extent. */
export const INCLUDED_FEATURES_LIMIT = 5000;

type BBox = [number, number, number, number];

/** `min_lon,min_lat,max_lon,max_lat` in degrees, or 422 on `bbox`. */
export function parseBBox(text: string): BBox {
  const parts = text.split(',').map(Number);
  const [minLon, minLat, maxLon, maxLat] = parts;
  const valid =
    parts.length === 4 &&
    parts.every(Number.isFinite) &&
    minLon !== undefined &&
    minLat !== undefined &&
    maxLon !== undefined &&
    maxLat !== undefined &&
    minLon >= -180 &&
    maxLon <= 180 &&
    minLat >= -90 &&
    maxLat <= 90 &&
    minLon <= maxLon &&
    minLat <= maxLat;
  if (!valid) throw invalid({ bbox: [msg('maps.bbox')] });
  return [minLon, minLat, maxLon, maxLat];
}

/** The layer's features (in id order), inside `bbox` when given, capped at the limit and the answer budget. */
export async function includedFeatures(
  db: Queryable,
  layer: LayerRow,
  bbox: BBox | undefined,
  /** Properties hidden from the caller: left out of every feature. */
  hidden: ReadonlySet<string>,
  /** The layer as it was at this moment (featuresSource). */
  asOf?: Date,
): Promise<{
  features: { type: 'FeatureCollection'; features: FeatureBody[] };
  features_truncated: boolean;
}> {
  // A box over a big point layer of now: its point index names the points inside, their stored
  // bytes (so the budget's cut is worked out here, as withinAnswerBudget cuts) and what the
  // answer shows of each, as the database wrote it for the index's version: no statement.
  const inBox = bbox && !asOf ? pointsInBox(db, layer, bbox) : undefined;
  if (inBox) {
    const { grid, indexes } = inBox;
    const { features } = grid;
    const picked = indexes.subarray(0, INCLUDED_FEATURES_LIMIT + 1);
    const budget = Math.trunc(featureLimits().answerBytes);
    let before = 0;
    let kept = 0;
    while (kept < picked.length && before < budget)
      before += features.sizes[picked[kept++] as number] as number;
    const rows = Array.from(picked.subarray(0, kept), (index) => indexedFeatureRow(grid, index, layer.id));
    return answerOf(rows, picked.length > INCLUDED_FEATURES_LIMIT || kept < picked.length, hidden);
  }
  const values: unknown[] = [layer.id, INCLUDED_FEATURES_LIMIT + 1];
  const bind = (value: unknown) => `$${values.push(value)}`;
  const source = asOf ? featuresSource(asOf, '$1', bind(asOf.toISOString())) : 'features';
  let inside = '';
  if (bbox) {
    const envelope = `ST_MakeEnvelope(${bbox.map(bind).join(', ')}, 4326)`;
    inside = `AND ft.geom && ${envelope} AND ST_Intersects(ft.geom, ${envelope})`;
  }
  // Cut at the answer budget too: a few huge features are as much to send as thousands of small ones.
  const picked = `SELECT ft.id FROM ${source} ft WHERE ft.layer_id = $1 ${inside} ORDER BY ft.id LIMIT $2`;
  const rows = await db.query<FeatureRow & { chosen: number }>(
    `SELECT ${FEATURE_ANSWER_COLUMNS}, page.chosen::int AS chosen FROM ${source} ft
     JOIN (${withinAnswerBudget(picked, 'ft.id', source)}) page ON page.id = ft.id ORDER BY ft.id`,
    values,
  );
  return answerOf(rows, rows.length > INCLUDED_FEATURES_LIMIT || cutByBudget(rows), hidden);
}

function answerOf(
  rows: readonly (FeatureRow & { chosen?: number })[],
  truncated: boolean,
  hidden: ReadonlySet<string>,
) {
  return {
    features: {
      type: 'FeatureCollection' as const,
      features: rows
        .slice(0, INCLUDED_FEATURES_LIMIT)
        .map(({ chosen: _chosen, ...row }) =>
          toFeature({ ...row, properties: withoutHidden(row.properties, hidden) }),
        ),
    },
    features_truncated: truncated,
  };
}
