import type { components } from '@generated/openapi-types.ts';
import type { Database, Queryable } from '../db/database.ts';
import { invalid, notFound } from '../domain-errors.ts';
import { msg, type Problems } from '../i18n/messages.ts';
import {
  FEATURE_COLUMNS,
  LAYER_COLUMNS,
  type FeatureBody,
  type FeatureRow,
  type LayerRow,
} from '../maps/records.ts';
import { writeAudits } from './feature-audits.ts';
import { auditValues, updateAudit } from './feature-edits.ts';
import { geometryProblems } from './feature-geometry.ts';
import { featuresOfMap, withFiles } from './feature-rows.ts';
import { insertFeaturesSql } from './features-store.ts';
import { assertSeen, currentVersion, versionRows } from './feature-versions.ts';

type SplitRequest = components['schemas']['SplitFeatureRequest'];

/** A piece shorter than this (metres) means the point is at an end of the line. */
const END_M = 0.01;
const DEFAULT_TOLERANCE_M = 1;

interface Cut {
  distance_m: number;
  fraction: number;
  first_m: number;
  second_m: number;
}

/** Where the point falls on the line: its distance from it, and the lengths of both pieces. */
async function cutAt(tx: Queryable, featureId: number, point: SplitRequest['point']): Promise<Cut> {
  const [cut] = await tx.query<Cut>(
    `WITH g AS (
       SELECT geom AS line, ST_SetSRID(ST_GeomFromGeoJSON($2::text), 4326) AS pt FROM features WHERE id = $1),
     f AS (SELECT line, pt, ST_LineLocatePoint(line, pt) AS fraction FROM g)
     SELECT ST_Distance(line::geography, pt::geography) AS distance_m, fraction,
       ST_Length(ST_LineSubstring(line, 0, fraction)::geography) AS first_m,
       ST_Length(ST_LineSubstring(line, fraction, 1)::geography) AS second_m
     FROM f`,
    [featureId, JSON.stringify(point)],
  );
  if (!cut) throw notFound();
  return cut;
}

function shapeProblems(layer: LayerRow, feature: FeatureRow, request: SplitRequest): Problems {
  if (layer.type !== 'vector' || (layer.geometry_type !== null && layer.geometry_type !== 'LineString'))
    return { feature_id: [msg('feature_versions.not_line_layer')] };
  if (feature.geometry?.type !== 'LineString') return { feature_id: [msg('feature_versions.not_line')] };
  return geometryProblems(request.point, 'Point', 'point');
}

/**
 * Cuts a line where the point falls on it (the point moved onto the line): the feature keeps
 * its id and the first piece, a new feature of its layer gets the rest and a copy of its
 * properties. Both pieces share the cut's exact coordinates, so a network stays connected.
 * Both history rows name the feature and version they came from. Locked FOR UPDATE like an edit.
 */
export async function splitFeature(
  db: Database,
  mapId: number,
  featureId: number,
  request: SplitRequest,
  userId: number,
): Promise<FeatureBody[]> {
  const rows = await db.transaction(async (tx) => {
    const [before] = await featuresOfMap(tx, mapId, [featureId], true);
    if (!before) throw notFound();
    const version = currentVersion(await versionRows(tx, featureId));
    assertSeen(request.seen_version, version);
    const [layer] = await tx.query<LayerRow>(`SELECT ${LAYER_COLUMNS} FROM layers l WHERE l.id = $1`, [
      before.layer_id,
    ]);
    if (!layer) throw notFound();
    const problems = shapeProblems(layer, before, request);
    if (Object.keys(problems).length > 0) throw invalid(problems);
    const tolerance = request.tolerance_m ?? DEFAULT_TOLERANCE_M;
    const cut = await cutAt(tx, featureId, request.point);
    if (cut.distance_m > tolerance)
      throw invalid({
        point: [
          msg('feature_versions.off_line', {
            distance: Math.round(cut.distance_m * 10) / 10,
            tolerance,
          }),
        ],
      });
    if (cut.first_m < END_M || cut.second_m < END_M)
      throw invalid({ point: [msg('feature_versions.at_end')] });

    const [rest] = await tx.query<FeatureRow>(
      `WITH ft AS (${insertFeaturesSql(
        {
          layer: 'layer_id',
          geom: 'ST_LineSubstring(geom, $2::float8, 1)',
          properties: 'properties',
          user: '$3',
        },
        'features WHERE id = $1',
        '*',
      )})
       SELECT ${FEATURE_COLUMNS} FROM ft`,
      [featureId, cut.fraction, userId],
    );
    const [first] = await tx.query<FeatureRow>(
      `WITH ft AS (
         UPDATE features SET geom = ST_LineSubstring(geom, 0, $2::float8), updated_by = $3, updated_at = now()
         WHERE id = $1 RETURNING *)
       SELECT ${FEATURE_COLUMNS} FROM ft`,
      [featureId, cut.fraction, userId],
    );
    if (!rest || !first) throw new Error('split wrote nothing');
    const source = { featureId, version };
    await writeAudits(tx, [
      { ...updateAudit(before, first, userId), source },
      {
        layerId: rest.layer_id,
        featureId: rest.id,
        event: 'created',
        oldValues: null,
        newValues: auditValues(rest),
        userId,
        source,
      },
    ]);
    return [first, rest];
  });
  return withFiles(db, rows);
}
