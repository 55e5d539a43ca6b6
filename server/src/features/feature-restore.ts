import type { components } from '@generated/openapi-types.ts';
import type { Database, Queryable } from '../db/database.ts';
import { invalid, notFound } from '../domain-errors.ts';
import { msg } from '../i18n/messages.ts';
import { FEATURE_COLUMNS, type FeatureBody, type FeatureRow } from '../maps/records.ts';
import { insertFeature } from './features-store.ts';
import { bringBackKept } from './deleted-features.ts';
import { writeAudits } from './feature-audits.ts';
import { auditValues, updateAudit } from './feature-edits.ts';
import { featuresOfMap, withFiles } from './feature-rows.ts';
import {
  assertSeen,
  currentVersion,
  propertiesAndGeometry,
  valuesAt,
  VersionConflict,
  versionRows,
  type VersionRow,
} from './feature-versions.ts';

type RestoreRequest = components['schemas']['RestoreFeatureRequest'];

/**
 * The deletion to undo, if the feature's layer is on the map (404 otherwise). Its newest row
 * being no deletion means another restore brought it back while this one waited for the
 * lock: a change since the version seen (409).
 */
async function deletedOnMap(tx: Queryable, mapId: number, rows: readonly VersionRow[]): Promise<VersionRow> {
  const newest = rows[0];
  if (!newest) throw notFound();
  const layers = await tx.query('SELECT 1 FROM layers WHERE id = $1 AND map_id = $2', [
    newest.layer_id,
    mapId,
  ]);
  if (layers.length === 0) throw notFound();
  if (newest.event !== 'deleted') throw new VersionConflict(currentVersion(rows));
  return newest;
}

function assertRestorable(rows: readonly VersionRow[], target: number, current: number): void {
  const field = 'version';
  if (target > current)
    throw invalid({ [field]: [msg('feature_versions.no_such_version', { version: target })] });
  const row = rows.find((candidate) => candidate.version === target);
  if (row?.event === 'deleted')
    throw invalid({ [field]: [msg('feature_versions.deleted_version', { version: target })] });
  if (target === current)
    throw invalid({ [field]: [msg('feature_versions.is_current', { version: target })] });
}

/**
 * Puts back the properties and geometry the feature had at `request.version`, as one change
 * whose history row names that version. The feature's row is locked FOR UPDATE (or, when
 * deleted, its newest history row) before its version is compared with the one the caller
 * saw, so a change committed in between is a 409, never overwritten. A deleted feature comes
 * back under its own id with its attachments and links.
 */
export async function restoreFeatureVersion(
  db: Database,
  mapId: number,
  featureId: number,
  request: RestoreRequest,
  userId: number,
): Promise<FeatureBody> {
  const row = await db.transaction(async (tx) => {
    const [before] = await featuresOfMap(tx, mapId, [featureId], true);
    const rows = await versionRows(tx, featureId, before === undefined);
    const deletion = before ? undefined : await deletedOnMap(tx, mapId, rows);
    const current = currentVersion(rows);
    assertSeen(request.seen_version, current);
    assertRestorable(rows, request.version, current);
    const values = valuesAt(before ? auditValues(before) : null, rows, request.version);
    if (values === null)
      throw invalid({ version: [msg('feature_versions.no_such_version', { version: request.version })] });
    const { properties, geometry } = propertiesAndGeometry(values);
    const geometryJson = geometry === null ? null : JSON.stringify(geometry);

    if (before) {
      const [after] = await tx.query<FeatureRow>(
        `WITH ft AS (
           UPDATE features SET properties = $2::jsonb,
             geom = coalesce(ST_SetSRID(ST_GeomFromGeoJSON($3::text), 4326), geom),
             updated_by = $4::int, updated_at = now()
           WHERE id = $1::int RETURNING *)
         SELECT ${FEATURE_COLUMNS} FROM ft`,
        [featureId, JSON.stringify(properties), geometryJson, userId],
      );
      if (!after) throw notFound();
      await writeAudits(tx, [{ ...updateAudit(before, after, userId), restoredVersion: request.version }]);
      return after;
    }

    const layerId = deletion?.layer_id ?? 0;
    const created = await insertFeature(tx, { id: featureId, layerId, geometryJson, properties, userId });
    if (!created) throw new Error('restored feature insert returned nothing');
    await bringBackKept(tx, featureId);
    await writeAudits(tx, [
      {
        layerId,
        featureId,
        event: 'created',
        oldValues: null,
        newValues: auditValues(created),
        userId,
        restoredVersion: request.version,
      },
    ]);
    return created;
  });
  const [feature] = await withFiles(db, [row]);
  if (!feature) throw new Error('restored feature vanished');
  return feature;
}
