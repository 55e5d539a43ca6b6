import type { Queryable } from '../db/database.ts';
import { msg, type Problems } from '../i18n/messages.ts';
import type { LayerBody } from '../maps/records.ts';
import { isStorableId } from './part-rows.ts';

export type LayerProperty = LayerBody['properties'][number];

/** The part of a layer that searches and filters are checked against. */
export interface SearchableLayer {
  id: number;
  properties: LayerProperty[];
}

/**
 * The layer a search or filter reads, if it is a vector layer of the map (only those store
 * features with properties). Otherwise the problem goes on `layer_id` and the answer is undefined.
 * Inside a transaction the layer row is share-locked, so it cannot vanish before the insert.
 */
export async function searchableLayer(
  db: Queryable,
  mapId: number,
  layerId: number,
  errors: Problems,
): Promise<SearchableLayer | undefined> {
  const rows = isStorableId(layerId)
    ? await db.query<{ id: number; type: string; properties: LayerProperty[] }>(
        'SELECT id, type, properties FROM layers WHERE id = $1 AND map_id = $2 FOR SHARE',
        [layerId, mapId],
      )
    : [];
  const layer = rows[0];
  if (!layer) {
    errors.layer_id = [msg('map_parts.layer_not_in_map')];
    return undefined;
  }
  if (layer.type !== 'vector') {
    errors.layer_id = [msg('map_parts.layer_not_vector')];
    return undefined;
  }
  return { id: layer.id, properties: layer.properties };
}

export function propertyOf(layer: SearchableLayer, name: string): LayerProperty | undefined {
  return layer.properties.find((property) => property.name === name);
}

/** One problem per name the layer's attribute schema lacks, under `field.index` (or `field` alone). */
export function unknownPropertyErrors(
  layer: SearchableLayer,
  field: string,
  names: string | readonly string[],
  errors: Problems,
): void {
  const list = typeof names === 'string' ? [names] : names;
  list.forEach((name, index) => {
    if (propertyOf(layer, name)) return;
    const key = typeof names === 'string' ? field : `${field}.${index}`;
    errors[key] = [msg('map_parts.unknown_property', { name })];
  });
}
