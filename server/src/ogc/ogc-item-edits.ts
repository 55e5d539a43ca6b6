import type { components } from '@generated/openapi-types.ts';
import type { Database } from '../db/database.ts';
import { invalid, notFound, problemsOf } from '../domain-errors.ts';
import { createFeature } from '../features/feature-create.ts';
import { saveFeatureEdits, type BeforeWrite } from '../features/feature-edits.ts';
import type { Geometry } from '../features/feature-geometry.ts';
import { featureOfMap } from '../features/feature-rows.ts';
import type { FeatureProperties } from '@shared/features/property-rules.ts';
import { msg } from '../i18n/messages.ts';
import type { FeatureRow, LayerRow } from '../maps/records.ts';

type FeatureInput = components['schemas']['OgcFeatureInput'];
type FeatureEdit = components['schemas']['FeatureEdit'];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The body as a GeoJSON Feature. Bodies of `application/geo+json` are not checked by the
 * document's JSON validator, so the shape is checked here; the geometry and values are then
 * checked by the app's own rules (feature-geometry.ts, shared/features/property-rules.ts).
 */
function featureInput(body: unknown, needGeometry: boolean): FeatureInput {
  const problems: Record<string, ReturnType<typeof msg>[]> = {};
  if (!isObject(body)) throw invalid({ body: [msg('validation.json')] });
  if (body.type !== 'Feature') problems.type = [msg('ogc.feature_type')];
  const geometry = body.geometry;
  const geometryOk =
    isObject(geometry) && typeof geometry.type === 'string' && Array.isArray(geometry.coordinates);
  if (geometry !== undefined && !geometryOk) problems.geometry = [msg('ogc.geometry')];
  if (needGeometry && geometry === undefined)
    problems.geometry = [msg('validation.required', { field: 'geometry' })];
  const properties = body.properties ?? {};
  const valuesOk =
    isObject(properties) &&
    Object.values(properties).every(
      (value) => value === null || ['string', 'number', 'boolean'].includes(typeof value),
    );
  if (!valuesOk) problems.properties = [msg('ogc.properties')];
  if (Object.keys(problems).length > 0) throw invalid(problems);
  return body as FeatureInput;
}

/** The app's save names fields `features.0.properties.x`; this caller sent one feature: `properties.x`. */
async function asOneFeature<T>(save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    // The save's problems come as the domain's (or, from the HTTP layer, as an HttpError's).
    const problems = problemsOf(error);
    if (!problems) throw error;
    const renamed = Object.fromEntries(
      Object.entries(problems).map(([field, messages]) => [
        field.replace(/^(features|delete_ids)\.0\.?/, '') || 'id',
        messages,
      ]),
    );
    throw invalid(renamed);
  }
}

/** POST /items: the app's createFeature (validation, `created` history entry, tile version). */
export async function createItem(
  db: Database,
  layer: LayerRow,
  body: unknown,
  userId: number,
): Promise<number> {
  const input = featureInput(body, true);
  const feature = await createFeature(
    db,
    layer,
    { geometry: input.geometry as Geometry, properties: (input.properties ?? {}) as FeatureProperties },
    userId,
  );
  return feature.id;
}

/** RFC 7396: members of `patch` replace those of `target`, a null removes one, objects merge. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const result: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const [name, value] of Object.entries(patch)) {
    if (value === null) delete result[name];
    else result[name] = mergePatch(result[name], value);
  }
  return result;
}

/**
 * A PATCH body as the edit it makes. A JSON merge patch (RFC 7396, what QGIS 3.32+ sends as
 * `application/merge-patch+json`) of `properties` and/or `geometry`: a property set to null
 * is cleared, the geometry merges into the stored one. A GeoJSON Feature body reads the same.
 */
function patchEdit(
  body: unknown,
  storedGeometry: unknown,
): { geometry?: unknown; properties: FeatureProperties } {
  if (!isObject(body)) throw invalid({ body: [msg('ogc.merge_patch')] });
  if (body.type !== undefined && body.type !== 'Feature') throw invalid({ type: [msg('ogc.feature_type')] });
  const properties = body.properties ?? {};
  const valuesOk =
    isObject(properties) &&
    Object.values(properties).every(
      (value) => value === null || ['string', 'number', 'boolean'].includes(typeof value),
    );
  if (!valuesOk) throw invalid({ properties: [msg('ogc.properties')] });
  if (body.geometry === undefined) return { properties: properties as FeatureProperties };
  const geometry = mergePatch(storedGeometry, body.geometry);
  const geometryOk =
    isObject(geometry) && typeof geometry.type === 'string' && Array.isArray(geometry.coordinates);
  if (!geometryOk) throw invalid({ geometry: [msg('ogc.geometry')] });
  return { geometry, properties: properties as FeatureProperties };
}

/**
 * PUT (replace) and PATCH (update) /items/{fid}: one entry of the app's editing save
 * (saveFeatureEdits), so validation, history and the tile version are the app's. A
 * replace clears every property of the layer's schema it does not send. `beforeWrite` runs
 * on the locked row first (If-Match).
 */
export async function editItem(
  db: Database,
  mapId: number,
  layer: LayerRow,
  featureId: number,
  body: unknown,
  userId: number,
  mode: 'replace' | 'update',
  beforeWrite?: BeforeWrite,
): Promise<void> {
  const stored = await featureOfLayer(db, mapId, layer, featureId);
  const edit: FeatureEdit = { type: 'Feature', id: featureId, layer_id: layer.id };
  if (mode === 'replace') {
    const input = featureInput(body, true);
    const sent = (input.properties ?? {}) as FeatureProperties;
    edit.geometry = input.geometry;
    edit.properties = {
      ...Object.fromEntries(layer.properties.map((property) => [property.name, null])),
      ...sent,
    };
  } else {
    const patch = patchEdit(body, stored.geometry);
    if (patch.geometry) edit.geometry = patch.geometry as FeatureEdit['geometry'];
    if (Object.keys(patch.properties).length > 0) edit.properties = patch.properties;
  }
  await asOneFeature(() => saveFeatureEdits(db, mapId, { features: [edit] }, userId, beforeWrite));
}

/** DELETE /items/{fid}: the app's save with this id in `delete_ids` (history and attachments kept for a restore). */
export async function deleteItem(
  db: Database,
  mapId: number,
  layer: LayerRow,
  featureId: number,
  userId: number,
  beforeWrite?: BeforeWrite,
): Promise<void> {
  await featureOfLayer(db, mapId, layer, featureId);
  // Attachments stay on disk: a deleted feature can be restored with its files.
  await asOneFeature(() =>
    saveFeatureEdits(db, mapId, { features: [], delete_ids: [featureId] }, userId, beforeWrite),
  );
}

/** A feature of another layer (or none) under this collection is 404. */
async function featureOfLayer(
  db: Database,
  mapId: number,
  layer: LayerRow,
  featureId: number,
): Promise<FeatureRow> {
  const feature = await featureOfMap(db, mapId, featureId);
  if (!feature || feature.layer_id !== layer.id) throw notFound();
  return feature;
}
