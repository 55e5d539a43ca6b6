import type { components } from '@generated/openapi-types.ts';
import type { LayerRow, MapRow } from '../maps/records.ts';
import type { QueryableKind } from './cql2-parser.ts';

type Schemas = components['schemas'];
type LayerProperty = Schemas['LayerProperty'];

export const CRS84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';
export const GEOJSON = 'application/geo+json';
export const JSON_TYPE = 'application/json';
export const OPENAPI_30 = 'application/vnd.oai.openapi+json;version=3.0';
export const JSON_SCHEMA = 'application/schema+json';

/** Declared only for what is implemented (Parts 1, 3 and 4 as this server answers them). */
export const CONFORMANCE = [
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30',
  'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/filter',
  'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/features-filter',
  'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/queryables',
  'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/queryables-query-parameters',
  'http://www.opengis.net/spec/cql2/1.0/conf/cql2-text',
  'http://www.opengis.net/spec/cql2/1.0/conf/basic-cql2',
  'http://www.opengis.net/spec/cql2/1.0/conf/basic-spatial-functions',
  'http://www.opengis.net/spec/ogcapi-features-4/1.0/conf/create-replace-delete',
  'http://www.opengis.net/spec/ogcapi-features-4/1.0/conf/update',
  'http://www.opengis.net/spec/ogcapi-features-4/1.0/conf/features',
];

/** The name S_INTERSECTS uses for a feature's geometry (also `geom`). */
export const GEOMETRY_NAMES = ['geometry', 'geom'];

const link = (href: string, rel: string, type: string, title?: string): Schemas['OgcLink'] =>
  title ? { href, rel, type, title } : { href, rel, type };

export function landingPage(base: string, map: MapRow): Schemas['OgcLandingPage'] {
  return {
    title: map.title,
    description: map.description ?? `OGC API – Features: ${map.title}`,
    links: [
      link(base, 'self', JSON_TYPE, 'This document'),
      link(`${base}/api`, 'service-desc', OPENAPI_30, 'The API definition'),
      link(`${base}/conformance`, 'conformance', JSON_TYPE, 'Conformance classes'),
      link(`${base}/collections`, 'data', JSON_TYPE, 'The collections'),
    ],
  };
}

/** The range of a layer's time property: [start, end] as ISO instants, null ends when unknown. */
export type TemporalExtent = [string | null, string | null];
export const GREGORIAN = 'http://www.opengis.net/def/uom/ISO-8601/0/Gregorian';

export function collection(
  base: string,
  layer: LayerRow,
  collectionId: string,
  temporal?: TemporalExtent,
): Schemas['OgcCollection'] {
  const href = `${base}/collections/${collectionId}`;
  const spatial = layer.extent ? { spatial: { bbox: [layer.extent], crs: CRS84 } } : {};
  const time = temporal ? { temporal: { interval: [temporal], trs: GREGORIAN } } : {};
  return {
    id: collectionId,
    title: layer.name,
    description: `${layer.name}: ${layer.features_count} features${layer.geometry_type ? ` (${layer.geometry_type})` : ''}`,
    itemType: 'feature',
    crs: [CRS84],
    ...(layer.extent || temporal ? { extent: { ...spatial, ...time } } : {}),
    links: [
      link(href, 'self', JSON_TYPE, layer.name),
      link(`${href}/items`, 'items', GEOJSON, 'Features'),
      link(
        `${href}/queryables`,
        'http://www.opengis.net/def/rel/ogc/1.0/queryables',
        JSON_SCHEMA,
        'Queryables',
      ),
    ],
  };
}

/** How each queryable compares: text for strings, dates, choices and links. */
export function queryableKinds(layer: Pick<LayerRow, 'properties'>): Map<string, QueryableKind> {
  const kinds = new Map<string, QueryableKind>(GEOMETRY_NAMES.map((name) => [name, 'geometry']));
  for (const property of layer.properties) kinds.set(property.name, kindOf(property));
  return kinds;
}

function kindOf(property: LayerProperty): QueryableKind {
  if (property.type === 'number' || property.type === 'integer') return 'number';
  if (property.type === 'boolean') return 'boolean';
  return 'text';
}

function propertySchema(property: LayerProperty): Record<string, unknown> {
  const title = property.label;
  switch (property.type) {
    case 'number':
      return { title, type: 'number' };
    case 'integer':
      return { title, type: 'integer' };
    case 'boolean':
      return { title, type: 'boolean' };
    case 'date':
      return { title, type: 'string', format: 'date' };
    case 'url':
      return { title, type: 'string', format: 'uri' };
    case 'enum':
      return { title, type: 'string', enum: property.options ?? [] };
    default:
      return { title, type: 'string' };
  }
}

/** The layer's attribute schema as JSON Schema 2020-12, plus its geometry. */
export function queryables(base: string, layer: LayerRow, collectionId: string): Record<string, unknown> {
  const geometryFormat = layer.geometry_type
    ? `geometry-${layer.geometry_type.toLowerCase()}`
    : 'geometry-any';
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `${base}/collections/${collectionId}/queryables`,
    type: 'object',
    title: layer.name,
    properties: {
      geometry: { title: 'Geometry', format: geometryFormat, 'x-ogc-role': 'primary-geometry' },
      ...Object.fromEntries(layer.properties.map((property) => [property.name, propertySchema(property)])),
    },
    additionalProperties: false,
  };
}
