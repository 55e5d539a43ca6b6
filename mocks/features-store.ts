import GeoJSONVT from 'geojson-vt';
import type {
  AuditEntry,
  Feature,
  FeatureEdit,
  FeatureFile,
  LayerChange,
  LayerFilter,
} from '../generated/model';
import { changedValues } from '../shared/features/changed-values';
import { townFeatures, townLayers } from './town';
import { conditionHolds } from './features-filter';
import { inTime } from './features-time';

/** The mock town's features and their history. Memory only; reseeded with the users. */
type FeatureState = {
  features: Map<number, Feature>;
  history: AuditEntry[];
  nextAuditId: number;
  /** Attachment bytes by file id; the file rows themselves ride on their feature's `files`. */
  fileBytes: Map<number, Blob>;
  nextFileId: number;
  /** The layer each deleted feature was on (its history rows do not name it). */
  deletedLayers: Map<number, number>;
  /** Each deleted feature as it was when deleted, to show it at a moment before that. */
  deletedFeatures: Map<number, Feature>;
};

let seeded: FeatureState | undefined;
/** Built on first use after a reseed: the demo town's generator runs only when a feature is asked for. */
function store(): FeatureState {
  seeded ??= fresh();
  return seeded;
}
const tileIndexes = new Map<number, GeoJSONVT>();

function fresh(): FeatureState {
  return {
    features: new Map(townFeatures().map((f) => [f.id, f])),
    history: [],
    nextAuditId: 1,
    fileBytes: new Map(),
    nextFileId: 1,
    deletedLayers: new Map(),
    deletedFeatures: new Map(),
  };
}

export function seedFeatureMocks(): void {
  seeded = undefined;
  tileIndexes.clear();
}

/** The layer's features now, or as they were at `asOf` (as_of), by id. */
export function featuresOfLayer(layerId: number, asOf?: string): Feature[] {
  const now = [...store().features.values()].filter((f) => f.layer_id === layerId);
  const features = asOf === undefined ? now : featuresAsOf(layerId, now, Date.parse(asOf));
  return features.sort((a, b) => a.id - b.id);
}

/**
 * The layer as it was at `moment`, as the server rebuilds it from the history: each change after
 * it is undone, newest first (a creation removes the feature, an update puts back its old values
 * and geometry, a deletion brings the feature back as it was deleted).
 */
function featuresAsOf(layerId: number, now: readonly Feature[], moment: number): Feature[] {
  const then = new Map(now.map((feature) => [feature.id, feature]));
  for (const entry of store().history) {
    if (Date.parse(entry.created_at) <= moment) break;
    const id = entry.auditable_id;
    if (entry.event === 'created') then.delete(id);
    const deleted = store().deletedFeatures.get(id);
    if (entry.event === 'deleted' && deleted?.layer_id === layerId) then.set(id, deleted);
    const current = then.get(id);
    if (entry.event !== 'updated' || !current) continue;
    const { geometry, ...properties } = entry.old_values ?? {};
    const restored = { ...current.properties };
    for (const [name, value] of Object.entries(properties)) {
      if (value === null || value === undefined) delete restored[name];
      else restored[name] = value as Feature['properties'][string];
    }
    then.set(id, {
      ...current,
      properties: restored,
      geometry: geometry === undefined ? current.geometry : (geometry as Feature['geometry']),
    });
  }
  return [...then.values()];
}

export function findFeature(id: number): Feature | undefined {
  return store().features.get(id);
}

export function isTownLayer(layerId: number): boolean {
  return townLayers().some((layer) => layer.id === layerId);
}

/** geojson-vt index per layer, rebuilt after an edit of that layer (a few hundred features). */
/** The layer's tiles now, or as it was at `asOf` (built afresh: a moment is looked at briefly). */
export function tileIndexOf(layerId: number, asOf?: string): GeoJSONVT {
  let index = asOf === undefined ? tileIndexes.get(layerId) : undefined;
  if (!index) {
    const collection = {
      type: 'FeatureCollection' as const,
      features: featuresOfLayer(layerId, asOf).flatMap((f) =>
        f.geometry
          ? [{ type: 'Feature' as const, id: f.id, geometry: f.geometry, properties: f.properties }]
          : [],
      ),
    };
    index = new GeoJSONVT(collection as GeoJSON.FeatureCollection, { maxZoom: 20, extent: 4096, buffer: 64 });
    if (asOf === undefined) tileIndexes.set(layerId, index);
  }
  return index;
}

export function matchesText(feature: Feature, text: string, fields?: readonly string[]): boolean {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return true;
  return Object.entries(feature.properties).some(
    ([name, value]) =>
      (!fields || fields.includes(name)) && value !== null && String(value).toLowerCase().includes(wanted),
  );
}

function coordinatesOf(feature: Feature): number[][] {
  const flat = (value: unknown): number[][] =>
    Array.isArray(value) && typeof value[0] === 'number'
      ? [value as number[]]
      : Array.isArray(value)
        ? value.flatMap(flat)
        : [];
  return feature.geometry && 'coordinates' in feature.geometry ? flat(feature.geometry.coordinates) : [];
}

function touchesBox(feature: Feature, bbox: readonly number[]): boolean {
  const [west = -180, south = -90, east = 180, north = 90] = bbox;
  return coordinatesOf(feature).some(
    ([lon = 0, lat = 0]) => lon >= west && lon <= east && lat >= south && lat <= north,
  );
}

export function filterTown(layersFilter: readonly LayerFilter[], asOf?: string): Feature[] {
  return layersFilter.flatMap((entry) =>
    featuresOfLayer(entry.layer_id, asOf).filter(
      (feature) =>
        entry.filters.every((condition) => conditionHolds(feature, condition)) &&
        (!entry.bbox || touchesBox(feature, entry.bbox)) &&
        inTime(feature, entry.datetime),
    ),
  );
}

function audit(
  featureId: number,
  event: AuditEntry['event'],
  user: { id: number; name: string },
  oldValues: AuditEntry['old_values'],
  newValues: AuditEntry['new_values'],
) {
  store().history.unshift({
    id: store().nextAuditId++,
    auditable_id: featureId,
    event,
    old_values: oldValues,
    new_values: newValues,
    user,
    created_at: `${new Date().toISOString().slice(0, 19)}Z`,
    version: versionOf(featureId, event),
    restored_version: null,
    split_from: null,
  });
}

/**
 * The version a change makes, numbered as the server's trigger does (migration 017): value
 * changes count 1, 2, 3...; a history that does not start with `created` (the seeded town)
 * starts at 2, version 1 being the feature as loaded; file changes have none.
 */
function versionOf(featureId: number, event: AuditEntry['event']): number | null {
  if (event !== 'created' && event !== 'updated' && event !== 'deleted') return null;
  const versions = historyOf(featureId).flatMap((entry) =>
    typeof entry.version === 'number' ? [entry.version] : [],
  );
  return (versions.length > 0 ? Math.max(...versions) : event === 'created' ? 0 : 1) + 1;
}

export function historyOf(featureId: number): AuditEntry[] {
  return store().history.filter((entry) => entry.auditable_id === featureId);
}

/** A feature's values as its history records them: its properties plus its geometry (as the server). */
const auditValues = (feature: Feature): Record<string, unknown> => ({
  ...feature.properties,
  geometry: feature.geometry,
});

/** Applies one save; the caller checked every entry exists first (all or nothing). */
export function applyEdits(
  edits: readonly FeatureEdit[],
  deleteIds: readonly number[],
  user: { id: number; name: string },
) {
  const now = `${new Date().toISOString().slice(0, 19)}Z`;
  const updated: Feature[] = [];
  for (const edit of edits) {
    const current = store().features.get(edit.id);
    if (!current) continue;
    // As the server: non-null values merge, null removes the property.
    const properties = { ...current.properties };
    for (const [name, value] of Object.entries(edit.properties ?? {})) {
      if (value === null) delete properties[name];
      else properties[name] = value;
    }
    const next: Feature = {
      ...current,
      geometry: edit.geometry ?? current.geometry,
      properties,
      updated_by: user.id,
      updated_at: now,
    };
    store().features.set(next.id, next);
    tileIndexes.delete(next.layer_id);
    // Only what changed; an edit that changes nothing leaves no history row.
    const change = changedValues(auditValues(current), auditValues(next));
    if (change) audit(next.id, 'updated', user, change.old, change.new);
    updated.push(next);
  }
  for (const id of deleteIds) {
    const current = store().features.get(id);
    if (!current) continue;
    store().features.delete(id);
    store().deletedLayers.set(id, current.layer_id);
    store().deletedFeatures.set(id, current);
    tileIndexes.delete(current.layer_id);
    audit(id, 'deleted', user, auditValues(current), null);
  }
  return { updated, deleted_ids: [...deleteIds] };
}

const describeFile = (file: FeatureFile) => ({ name: file.name, mime_type: file.mime_type, size: file.size });

/** Stores the uploads on the feature, one `file_added` history entry each. */
export function attachFiles(
  featureId: number,
  uploads: readonly File[],
  user: { id: number; name: string },
): FeatureFile[] {
  const feature = store().features.get(featureId);
  if (!feature) return [];
  const created_at = `${new Date().toISOString().slice(0, 19)}Z`;
  const stored = uploads.map((upload): FeatureFile => {
    const id = store().nextFileId++;
    store().fileBytes.set(id, upload);
    return {
      id,
      feature_id: featureId,
      name: upload.name || `file-${id}`,
      mime_type: upload.type || 'application/octet-stream',
      size: upload.size,
      storage_type: 'local',
      url: `/api/feature-layer/files/${id}`,
      created_at,
    };
  });
  store().features.set(featureId, { ...feature, files: [...(feature.files ?? []), ...stored] });
  for (const file of stored) audit(featureId, 'file_added', user, null, describeFile(file));
  return stored;
}

export function findFile(fileId: number): { file: FeatureFile; bytes: Blob | undefined } | undefined {
  for (const feature of store().features.values()) {
    const file = feature.files?.find((row) => row.id === fileId);
    if (file) return { file, bytes: store().fileBytes.get(fileId) };
  }
  return undefined;
}

export function detachFile(fileId: number, user: { id: number; name: string }): void {
  const found = findFile(fileId);
  const feature = found && store().features.get(found.file.feature_id);
  if (!found || !feature) return;
  store().features.set(feature.id, { ...feature, files: feature.files?.filter((row) => row.id !== fileId) });
  store().fileBytes.delete(fileId);
  audit(feature.id, 'file_deleted', user, describeFile(found.file), null);
}

/** Adds a drawn feature to a town layer with its `created` history entry. */
export function createFeature(
  layerId: number,
  input: Pick<Feature, 'geometry' | 'properties'>,
  user: { id: number; name: string },
): Feature {
  const now = `${new Date().toISOString().slice(0, 19)}Z`;
  const feature: Feature = {
    type: 'Feature',
    id: Math.max(0, ...store().features.keys()) + 1,
    geometry: input.geometry,
    properties: input.properties,
    layer_id: layerId,
    created_by: user.id,
    updated_by: user.id,
    created_at: now,
    updated_at: now,
    files: [],
  };
  store().features.set(feature.id, feature);
  tileIndexes.delete(layerId);
  audit(feature.id, 'created', user, null, { ...feature.properties, geometry: feature.geometry });
  return feature;
}

/**
 * What changed on a layer in (`from`, `to`], as listLayerChanges answers: each feature's last
 * change, newest first, with its overall effect and a geometry to draw it by (a removed one's
 * last, the others' of now: the mock keeps no past geometries).
 */
export function layerChangesOf(layerId: number, from: string, to: string): LayerChange[] {
  const start = Date.parse(from);
  const end = Date.parse(to);
  const layerOf = (id: number) => findFeature(id)?.layer_id ?? store().deletedLayers.get(id);
  const inside = store().history.filter(
    (entry) =>
      (entry.event === 'created' || entry.event === 'updated' || entry.event === 'deleted') &&
      Date.parse(entry.created_at) > start &&
      Date.parse(entry.created_at) <= end &&
      layerOf(entry.auditable_id) === layerId,
  );
  const changes = new Map<number, LayerChange>();
  // The history is newest first: a feature's first row here is its last change.
  for (const entry of inside) {
    if (changes.has(entry.auditable_id)) continue;
    const event = entry.event as LayerChange['change'];
    const created = inside.some(
      (other) => other.auditable_id === entry.auditable_id && other.event === 'created',
    );
    const geometry =
      event === 'deleted'
        ? ((entry.old_values?.geometry as LayerChange['geometry'] | undefined) ?? null)
        : (findFeature(entry.auditable_id)?.geometry ?? null);
    changes.set(entry.auditable_id, {
      feature_id: entry.auditable_id,
      change: event,
      at: entry.created_at,
      user: entry.user ? { id: entry.user.id, name: entry.user.name } : null,
      effect: event === 'deleted' ? 'removed' : created ? 'added' : 'changed',
      geometry,
    });
  }
  return [...changes.values()];
}
