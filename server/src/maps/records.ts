import type { components } from '@generated/openapi-types.ts';

/**
 * The maps domain's wire shapes (the document's schemas), and the rows of maps, layers and
 * features. Columns carry the wire names (migration 002), so turning a row into an answer is
 * mostly timestamp formatting. Select with the `*_COLUMNS` lists so every query returns the same
 * row shape; each map part (category, search, main search, filter, bookmark) keeps its columns
 * in its store under map-parts/.
 */
type Schemas = components['schemas'];
export type MapBody = Schemas['Map'];
export type LayerBody = Schemas['Layer'];
export type CategoryBody = Schemas['Category'];
export type SearchBody = Schemas['Search'];
export type MainSearchBody = Schemas['MainSearch'];
export type FilterBody = Schemas['Filter'];
export type BookmarkBody = Schemas['Bookmark'];

const iso = (value: Date | string) => new Date(value).toISOString();

export const MAP_COLUMNS = `m.id, m.title, m.description, m.center, m.zoom, m.rotation, m.basemap, m.created_by,
  (SELECT count(*)::int FROM layers l WHERE l.map_id = m.id AND l.import_job_id IS NULL) AS layers_count, m.created_at, m.updated_at`;

export interface MapRow extends Omit<MapBody, 'created_at' | 'updated_at'> {
  created_at: Date;
  updated_at: Date;
}

export function toMap(row: MapRow): MapBody {
  return { ...row, created_at: iso(row.created_at), updated_at: iso(row.updated_at) };
}

export const LAYER_COLUMNS = `l.id, l.map_id, l.category_id, l.name, l.type, l.geometry_type, l.source, l.style,
  l.visible, l.opacity, l.min_zoom, l.max_zoom, l."order", l.properties, l.features_count,
  CASE WHEN l.extent_box IS NULL THEN NULL
    ELSE jsonb_build_array(ST_XMin(l.extent_box), ST_YMin(l.extent_box), ST_XMax(l.extent_box), ST_YMax(l.extent_box))
  END AS extent, l.time_property, l.version, l.created_at, l.updated_at`;

export interface LayerRow extends Omit<LayerBody, 'created_at' | 'updated_at'> {
  /** Bumped by every feature change (the tiles' ETag); not on the wire. */
  version: number | string;
  /** Bumped by every change to the files of its features, where read (map-cache.ts); not on the wire. */
  files_version?: number | string;
  created_at: Date;
  updated_at: Date;
}

export function toLayer(row: LayerRow): LayerBody {
  const { version: _version, files_version: _filesVersion, ...layer } = row;
  return { ...layer, created_at: iso(row.created_at), updated_at: iso(row.updated_at) };
}

export type FeatureBody = Schemas['Feature'];

/** Features as GeoJSON Feature objects with `layer_id` and audit fields (docs/decisions.md#wire-formats). */
export const FEATURE_COLUMNS = `ft.id, ft.layer_id, ST_AsGeoJSON(ft.geom, 9)::jsonb AS geometry, ft.properties,
  ft.created_by, ft.updated_by, ft.created_at, ft.updated_at`;

/**
 * The same columns with the geometry as `json` (its text, checked) instead of `jsonb`, for
 * answers only: `jsonb` turns every coordinate into a numeric and back, which made a page of
 * one 100,000-vertex line about five times slower on the embedded database. `json` has no
 * equality, so these rows cannot go through DISTINCT or UNION.
 */
export const FEATURE_ANSWER_COLUMNS = FEATURE_COLUMNS.replace('::jsonb AS geometry', '::json AS geometry');

export interface FeatureRow extends Omit<FeatureBody, 'type' | 'created_at' | 'updated_at' | 'files'> {
  created_at: Date;
  updated_at: Date;
}

export function toFeature(row: FeatureRow): FeatureBody {
  return {
    type: 'Feature',
    ...row,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}
