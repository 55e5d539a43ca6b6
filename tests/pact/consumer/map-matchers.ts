import { MatchersV3 } from '@pact-foundation/pact';
import type { JsonMap } from '@pact-foundation/pact/src/common/jsonTypes';
import { isoTimestamp } from './pact';

const { boolean, equal, integer, like, nullValue, number, regex } = MatchersV3;

/** State params are plain data; the examples are `as const` for the tests' sake. */
export const stateOf = (row: object): JsonMap => structuredClone(row) as JsonMap;

/** [lon, lat]: two numbers, whatever their values. */
export const lonLat = (example: readonly number[]) => example.map((coordinate) => number(coordinate));

export const bboxLike = () => [number(-9.14), number(38.72), number(-9.13), number(38.73)];

const hexColor = (example: string) => regex('^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$', example);

interface MapExample {
  id: number;
  title: string;
  description: string;
}

/** A Map (docs/decisions.md#maps); ids by type unless the test pins them. */
export function mapLike(map: MapExample, layersCount = 0) {
  return {
    id: integer(map.id),
    title: like(map.title),
    description: like(map.description),
    center: lonLat([-9.14, 38.72]),
    zoom: number(13),
    rotation: number(0),
    basemap: like('offline'),
    created_by: integer(1),
    layers_count: integer(layersCount),
    created_at: isoTimestamp(),
    updated_at: isoTimestamp(),
  };
}

interface LayerExample {
  id: number;
  map_id: number;
  name: string;
  geometry_type: string;
  order?: number;
  properties?: readonly object[];
}

/** A vector Layer as a state makes it: default style, no zoom limits, no category. */
export function layerLike(layer: LayerExample, featuresCount = 0) {
  return {
    id: equal(layer.id),
    map_id: equal(layer.map_id),
    category_id: nullValue(),
    name: like(layer.name),
    type: equal('vector'),
    geometry_type: equal(layer.geometry_type),
    source: nullValue(),
    style: {
      stroke_color: hexColor('#1f78b4'),
      stroke_width: number(2),
      fill_color: hexColor('#1f78b466'),
      point_radius: number(5),
      label_property: nullValue(),
    },
    visible: boolean(true),
    opacity: number(1),
    min_zoom: nullValue(),
    max_zoom: nullValue(),
    order: integer(layer.order ?? 0),
    properties: structuredClone(layer.properties ?? []) as JsonMap[],
    features_count: equal(featuresCount),
    extent: featuresCount === 0 ? nullValue() : bboxLike(),
    created_at: isoTimestamp(),
    updated_at: isoTimestamp(),
  };
}

export const categoryLike = (category: { id: number; map_id: number; name: string }) => ({
  id: equal(category.id),
  map_id: equal(category.map_id),
  name: like(category.name),
  parent_id: nullValue(),
  order: integer(0),
});

interface SearchExample {
  id: number;
  map_id: number;
  layer_id: number;
  name: string;
  fields: readonly string[];
  operator: string;
}

export const searchLike = (search: SearchExample) => ({
  id: equal(search.id),
  map_id: equal(search.map_id),
  layer_id: equal(search.layer_id),
  name: like(search.name),
  fields: [...search.fields],
  operator: equal(search.operator),
  order: integer(0),
});

interface MainSearchExample {
  id: number;
  map_id: number;
  layer_id: number;
  label: string;
  fields: readonly string[];
  display_field: string;
}

export const mainSearchLike = (search: MainSearchExample) => ({
  id: equal(search.id),
  map_id: equal(search.map_id),
  layer_id: equal(search.layer_id),
  label: like(search.label),
  fields: [...search.fields],
  display_field: equal(search.display_field),
  order: integer(0),
});

interface FilterExample {
  id: number;
  map_id: number;
  layer_id: number;
  name: string;
  property: string;
  type: string;
  options: readonly object[] | null;
}

export const filterLike = (filter: FilterExample) => ({
  id: equal(filter.id),
  map_id: equal(filter.map_id),
  layer_id: equal(filter.layer_id),
  name: like(filter.name),
  property: equal(filter.property),
  type: equal(filter.type),
  options: filter.options === null ? nullValue() : (structuredClone(filter.options) as JsonMap[]),
  order: integer(0),
});

interface BookmarkExample {
  map_id: number;
  name: string;
  center: readonly number[];
  zoom: number;
}

export const bookmarkLike = (bookmark: BookmarkExample) => ({
  id: integer(7),
  map_id: equal(bookmark.map_id),
  user_id: integer(1001),
  name: like(bookmark.name),
  center: lonLat(bookmark.center),
  zoom: number(bookmark.zoom),
  rotation: number(0),
  visible_layer_ids: like([] as number[]),
  created_at: isoTimestamp(),
});

interface FeatureExample {
  id: number;
  layer_id: number;
  geometry: object;
  properties: object;
}

/** A Feature (GeoJSON with `layer_id` and audit fields); geometry by type, properties exact. */
export const featureLike = (feature: FeatureExample) => ({
  type: equal('Feature'),
  id: equal(feature.id),
  geometry: like(structuredClone(feature.geometry) as JsonMap),
  properties: structuredClone(feature.properties) as JsonMap,
  layer_id: equal(feature.layer_id),
  created_by: integer(1001),
  updated_by: integer(1001),
  created_at: isoTimestamp(),
  updated_at: isoTimestamp(),
});

/** A one-page Laravel paginator over `path` whose `data` holds `total` rows. */
export const pageLike = (path: string, data: unknown, total: number, perPage = 15) => ({
  data,
  links: {
    first: like(`${path}?page=1`),
    last: like(`${path}?page=1`),
    prev: nullValue(),
    next: nullValue(),
  },
  meta: {
    current_page: equal(1),
    from: equal(1),
    last_page: equal(1),
    path: like(path),
    per_page: equal(perPage),
    to: equal(total),
    total: equal(total),
  },
});
