import type { FastifyRequest } from 'fastify';
import { canOn, type Action, type AppAbility } from '@shared/access/abilities.ts';
import type { ServerConfig } from '../config.ts';
import { linkOrigin } from '../mail/link-origin.ts';
import type { Queryable } from '../db/database.ts';
import { mapForFeatures, mapLayerForFeatures } from '../features/feature-access.ts';
import { notFound } from '../domain-errors.ts';
import { LAYER_COLUMNS, type LayerRow, type MapRow } from '../maps/records.ts';
import { MAX_ID } from '../openapi/text-rules.ts';
import { collectionIds, layerIdOf, namedVectorLayers } from './ogc-collection-ids.ts';

/**
 * Where this map's OGC API lives, absolute: GDAL follows `next` links as given and prefixes
 * a path-only link with the landing page, so links must carry scheme and host. The origin is
 * the one mail and TileJSON links use (APP_URL, else this server's listen address), never the
 * request's Host: a cached or proxied answer would otherwise send clients to the caller's host.
 * A server reached from other machines sets APP_URL.
 */
export function landingUrl(request: FastifyRequest, config: ServerConfig, mapId: number): string {
  const origin = linkOrigin(config, request.server);
  return `${origin}/ogc/maps/${mapId}`;
}

/** The map, if the caller may read its features (404 no map, 403 not allowed) — as the app's feature routes. */
export async function ogcMap(db: Queryable, ability: AppAbility, mapId: number): Promise<MapRow> {
  return mapForFeatures(db, ability, mapId, 'read');
}

/** The map's vector layers the caller may read, in the map's order: its collections. */
export async function ogcLayers(db: Queryable, ability: AppAbility, mapId: number): Promise<LayerRow[]> {
  const rows = await db.query<LayerRow>(
    `SELECT ${LAYER_COLUMNS} FROM layers l
     WHERE l.map_id = $1 AND l.type = 'vector' AND l.import_job_id IS NULL ORDER BY l."order", l.id`,
    [mapId],
  );
  return rows.filter((layer) => canOn(ability, 'read', 'Layer', { ...layer }));
}

/**
 * The collection named in the path (its slug, or the layer id): a vector layer of this map the
 * caller may read, with `action` on its features, and its collection id. Any other layer (another
 * map's, a raster layer) or name is 404.
 */
export async function ogcLayer(
  db: Queryable,
  ability: AppAbility,
  mapId: number,
  collectionId: string,
  action: Action,
): Promise<{ map: MapRow; layer: LayerRow; collectionId: string }> {
  const layerId = await layerIdOf(db, mapId, collectionId);
  const found = await mapLayerForFeatures(db, ability, mapId, Math.min(layerId, MAX_ID), action);
  if (found.layer.type !== 'vector' || !canOn(ability, 'read', 'Layer', { ...found.layer })) throw notFound();
  const ids = collectionIds(await namedVectorLayers(db, mapId));
  return { ...found, collectionId: ids.get(found.layer.id) ?? String(found.layer.id) };
}

/** Each readable collection's id, for the collections list. */
export async function ogcCollectionIds(db: Queryable, mapId: number): Promise<Map<number, string>> {
  return collectionIds(await namedVectorLayers(db, mapId));
}

/** Whether the caller may change features of this map (Part 4, and what OPTIONS answers). */
export function mayEdit(ability: AppAbility, mapId: number): boolean {
  return (
    canOn(ability, 'create', 'Feature', { map_id: mapId }) &&
    canOn(ability, 'update', 'Feature', { map_id: mapId })
  );
}
