import type { components } from '@generated/openapi-types.ts';
import type { Database, Queryable } from '../db/database.ts';
import { cachedMap } from '../maps/map-cache.ts';
import { invalid } from '../domain-errors.ts';
import { msg, type Problems } from '../i18n/messages.ts';
import { FEATURE_COLUMNS, LAYER_COLUMNS, type FeatureRow, type LayerRow } from '../maps/records.ts';
import { keepForRestore } from './deleted-features.ts';
import { assertUnchangedSince } from './feature-edit-conflict.ts';
import { writeAudits, type AuditChange } from './feature-audits.ts';
import { featureSizeProblems, geometryProblems } from './feature-geometry.ts';
import { featuresOfMap } from './feature-rows.ts';
import { changedValues } from '@shared/features/changed-values.ts';
import { propertyProblems } from '@shared/features/property-rules.ts';

type UpdateFeaturesRequest = components['schemas']['UpdateFeaturesRequest'];

/** A feature's values as its history records them: its properties plus its geometry. */
export const auditValues = (row: Pick<FeatureRow, 'properties' | 'geometry'>) => ({
  ...row.properties,
  geometry: row.geometry,
});

/** The `updated` history entry of a feature whose row is now `after`. */
const updatedEntry = (
  after: FeatureRow,
  change: { old: Record<string, unknown>; new: Record<string, unknown> },
  userId: number,
): AuditChange => ({
  layerId: after.layer_id,
  featureId: after.id,
  event: 'updated',
  oldValues: change.old,
  newValues: change.new,
  userId,
});

/**
 * The history entry of a change that keeps the feature (a restore, the first part of a split):
 * what changed, both sides empty when nothing did, so the entry still records the change.
 */
export function updateAudit(before: FeatureRow, after: FeatureRow, userId: number): AuditChange {
  return updatedEntry(
    after,
    changedValues(auditValues(before), auditValues(after)) ?? { old: {}, new: {} },
    userId,
  );
}

export async function layersOfMap(db: Queryable, mapId: number): Promise<Map<number, LayerRow>> {
  const kept = await cachedMap(db, mapId);
  if (kept !== undefined)
    return new Map((kept?.layers ?? []).map(({ importing: _importing, ...layer }) => [layer.id, layer]));
  const rows = await db.query<LayerRow>(`SELECT ${LAYER_COLUMNS} FROM layers l WHERE l.map_id = $1`, [mapId]);
  return new Map(rows.map((layer) => [layer.id, layer]));
}

/** Every problem of the request at once, named by its place in the body (`features.3.properties.material`). */
function editProblems(
  request: UpdateFeaturesRequest,
  stored: Map<number, FeatureRow>,
  layers: Map<number, LayerRow>,
): Problems {
  const problems: Problems = {};
  const deleting = new Set(request.delete_ids ?? []);
  request.features.forEach((edit, index) => {
    const at = `features.${index}`;
    const feature = stored.get(edit.id);
    const layer = layers.get(edit.layer_id);
    if (!feature) problems[`${at}.id`] = [msg('features.not_on_map', { id: edit.id })];
    else if (feature.layer_id !== edit.layer_id)
      problems[`${at}.layer_id`] = [msg('features.wrong_layer', { id: edit.id })];
    else if (deleting.has(edit.id))
      problems[`${at}.id`] = [msg('features.edited_and_deleted', { id: edit.id })];
    if (!feature || !layer || feature.layer_id !== layer.id) return;
    if (layer.type !== 'vector') problems[`${at}.layer_id`] = [msg('features.not_vector')];
    const before = Object.keys(problems).length;
    if (edit.geometry)
      Object.assign(problems, geometryProblems(edit.geometry, layer.geometry_type, `${at}.geometry`));
    if (edit.properties)
      Object.assign(problems, propertyProblems(layer.properties, edit.properties, `${at}.properties`, true));
    // The feature as it will be stored: the sent geometry or the stored one, the values merged.
    if (Object.keys(problems).length === before && (edit.geometry || edit.properties))
      Object.assign(
        problems,
        featureSizeProblems(
          {
            geometry: edit.geometry ?? feature.geometry,
            properties: { ...feature.properties, ...(edit.properties ?? {}) },
          },
          { geometry: `${at}.geometry`, properties: `${at}.properties` },
        ),
      );
  });
  (request.delete_ids ?? []).forEach((id, index) => {
    if (!stored.has(id)) problems[`delete_ids.${index}`] = [msg('features.not_on_map', { id })];
  });
  if (request.features.length === 0 && deleting.size === 0)
    problems.features = [msg('features.nothing_to_save')];
  return problems;
}

/** A check run on the locked rows before anything is written (the OGC API's If-Match). */
export type BeforeWrite = (tx: Queryable, stored: ReadonlyMap<number, FeatureRow>) => Promise<void>;

export interface EditOutcome {
  updated: FeatureRow[];
  deletedIds: number[];
}

/**
 * One editing session's save: checks every entry first, then applies all edits and
 * deletions with their history rows in one transaction, so one bad entry changes nothing.
 * The stored rows are read in that transaction FOR UPDATE and the changes merged by
 * PostgreSQL, so two editors saving different properties of one feature at once both keep
 * theirs, and the history's old values are what the row held just before this save.
 */
export async function saveFeatureEdits(
  db: Database,
  mapId: number,
  request: UpdateFeaturesRequest,
  userId: number,
  beforeWrite?: BeforeWrite,
): Promise<EditOutcome> {
  const ids = [...request.features.map((edit) => edit.id), ...(request.delete_ids ?? [])];
  return db.transaction(async (tx) => {
    const stored = new Map((await featuresOfMap(tx, mapId, ids, true)).map((row) => [row.id, row]));
    const problems = editProblems(request, stored, await layersOfMap(tx, mapId));
    if (Object.keys(problems).length > 0) throw invalid(problems);
    for (const edit of request.features)
      if (edit.seen_version !== undefined) await assertUnchangedSince(tx, edit.id, edit.seen_version);
    if (beforeWrite) await beforeWrite(tx, stored);
    const audits: AuditChange[] = [];
    const updated: FeatureRow[] = [];
    for (const edit of request.features) {
      const before = stored.get(edit.id);
      if (!before) continue;
      const entries = Object.entries(edit.properties ?? {});
      const setting = Object.fromEntries(entries.filter(([, value]) => value !== null));
      const clearing = entries.filter(([, value]) => value === null).map(([name]) => name);
      const [after] = await tx.query<FeatureRow>(
        `WITH ft AS (
           UPDATE features SET properties = (properties || $2::jsonb) - $3::text[],
             geom = coalesce(ST_SetSRID(ST_GeomFromGeoJSON($4::text), 4326), geom),
             updated_by = $5::int, updated_at = now()
           WHERE id = $1::int RETURNING *)
         SELECT ${FEATURE_COLUMNS} FROM ft`,
        [
          edit.id,
          JSON.stringify(setting),
          clearing,
          edit.geometry ? JSON.stringify(edit.geometry) : null,
          userId,
        ],
      );
      if (!after) continue;
      updated.push(after);
      // The row as this save leaves it, for the next entry of the same feature in this request.
      stored.set(after.id, after);
      const change = changedValues(auditValues(before), auditValues(after));
      if (change) audits.push(updatedEntry(after, change, userId));
    }
    const deleteIds = request.delete_ids ?? [];
    // A deleted feature can be restored with its attachments and links (restoreFeatureVersion).
    await keepForRestore(tx, deleteIds);
    const deleted = await tx.query<{ id: number }>(
      'DELETE FROM features WHERE id = ANY($1::int[]) RETURNING id',
      [deleteIds],
    );
    for (const { id } of deleted) {
      const before = stored.get(id);
      if (before)
        audits.push({
          layerId: before.layer_id,
          featureId: id,
          event: 'deleted',
          oldValues: auditValues(before),
          newValues: null,
          userId,
        });
    }
    await writeAudits(tx, audits);
    return {
      updated,
      deletedIds: deleted.map((row) => row.id).sort((a, b) => a - b),
    };
  });
}
