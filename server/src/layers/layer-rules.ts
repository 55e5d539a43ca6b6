import type { Queryable } from '../db/database.ts';
import { msg, type Problems } from '../i18n/messages.ts';
import { MAX_ID } from '../openapi/text-rules.ts';
import type { BodyOf } from '../openapi/typed-handlers.ts';
import type { LayerRow } from '../maps/records.ts';
import { isRemoteType, type LayerTypeName } from './layer-types.ts';
import { styleErrors } from './style-rules.ts';

type LayerCreate = BodyOf<'createLayer'>;
type LayerUpdate = BodyOf<'updateLayer'>;

/** Whether the category exists and belongs to this map (an id past the column's range names nothing). */
export async function categoryOfMap(db: Queryable, mapId: number, categoryId: number): Promise<boolean> {
  if (categoryId > MAX_ID) return false;
  const rows = await db.query('SELECT 1 FROM categories WHERE id = $1 AND map_id = $2', [categoryId, mapId]);
  return rows.length > 0;
}

function sourceErrors(type: LayerTypeName, source: LayerCreate['source'], required: boolean): Problems {
  if (!isRemoteType(type)) return source === undefined ? {} : { source: [msg('maps.vector_without_source')] };
  if (source === undefined)
    return required ? { 'source.url': [msg('validation.required', { field: 'source.url' })] } : {};
  if (type === 'xyz' && !['{z}', '{x}', '{y}'].every((part) => source.url.includes(part)))
    return { 'source.url': [msg('maps.xyz_placeholders')] };
  return {};
}

function zoomErrors(minZoom: number | null | undefined, maxZoom: number | null | undefined): Problems {
  return minZoom != null && maxZoom != null && maxZoom < minZoom
    ? { max_zoom: [msg('maps.zoom_range')] }
    : {};
}

async function categoryErrors(
  db: Queryable,
  mapId: number,
  categoryId: number | null | undefined,
): Promise<Problems> {
  if (categoryId == null || (await categoryOfMap(db, mapId, categoryId))) return {};
  return { category_id: [msg('maps.category_other_map')] };
}

/**
 * What the document's schema cannot say about a new layer: vector layers need a geometry type
 * and take no source; remote ones need `source.url` (with the tile placeholders for XYZ) and
 * have no geometry type; the category is one of this map's.
 */
export async function layerCreateErrors(db: Queryable, mapId: number, body: LayerCreate): Promise<Problems> {
  const errors: Problems = {
    ...sourceErrors(body.type, body.source, true),
    ...zoomErrors(body.min_zoom, body.max_zoom),
    ...(await categoryErrors(db, mapId, body.category_id)),
    ...(body.style ? styleErrors(body.style, isRemoteType(body.type) ? null : (body.properties ?? [])) : {}),
  };
  if (!isRemoteType(body.type) && body.geometry_type === undefined)
    errors.geometry_type = [msg('validation.required', { field: 'geometry_type' })];
  if (isRemoteType(body.type) && body.geometry_type !== undefined)
    errors.geometry_type = [msg('maps.geometry_type_vector_only')];
  return errors;
}

/** The time property names a `date` property of the layer's schema (null: none). */
function timePropertyErrors(layer: LayerRow, name: string | null | undefined): Problems {
  if (name === undefined || name === null) return {};
  const property = layer.properties.find((entry) => entry.name === name);
  return property?.type === 'date' ? {} : { time_property: [msg('maps.time_property_date', { name })] };
}

/** The same rules for a partial update, against the layer's current values. */
export async function layerUpdateErrors(
  db: Queryable,
  layer: LayerRow,
  body: LayerUpdate,
): Promise<Problems> {
  return {
    ...sourceErrors(layer.type, body.source, false),
    ...zoomErrors(
      body.min_zoom === undefined ? layer.min_zoom : body.min_zoom,
      body.max_zoom === undefined ? layer.max_zoom : body.max_zoom,
    ),
    ...(await categoryErrors(db, layer.map_id, body.category_id)),
    ...timePropertyErrors(layer, body.time_property),
    // Style fields merge into the stored style, so the rules read the merged one.
    ...(body.style
      ? styleErrors({ ...layer.style, ...body.style }, isRemoteType(layer.type) ? null : layer.properties)
      : {}),
  };
}
