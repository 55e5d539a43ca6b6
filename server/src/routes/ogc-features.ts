import { hiddenPropertiesOf, layerAsSeen, withoutHidden } from '../access/layer-view.ts';
import { parseMoment } from '../features/as-of.ts';
import { userIdOf } from '../features/feature-access.ts';
import { notFound } from '../http/http-error.ts';
import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.ts';
import type { Queryable } from '../db/database.ts';
import type { LayerRow } from '../maps/records.ts';
import { landingUrl, mayEdit, ogcCollectionIds, ogcLayer, ogcLayers, ogcMap } from '../ogc/ogc-access.ts';
import { currentEtag, ifMatchGuard } from '../ogc/ogc-etag.ts';
import { temporalExtent } from '../ogc/ogc-temporal-extent.ts';
import { ogcApiDocument } from '../ogc/ogc-api-document.ts';
import {
  collection,
  CONFORMANCE,
  GEOJSON,
  JSON_SCHEMA,
  JSON_TYPE,
  landingPage,
  OPENAPI_30,
  queryables,
} from '../ogc/ogc-documents.ts';
import { createItem, deleteItem, editItem } from '../ogc/ogc-item-edits.ts';
import { badParameter } from '../ogc/ogc-errors.ts';
import { itemJson, itemsPage } from '../ogc/ogc-items.ts';
import { typedHandlers } from '../openapi/typed-handlers.ts';
import type { TypedContext } from '../openapi/typed-handlers.ts';
import type { AuthState } from '../http/request-auth.ts';
import type { Action } from '@shared/access/abilities.ts';

const text = (body: string, type: string) => ({
  status: 200 as const,
  body: Buffer.from(body),
  headers: { 'Content-Type': type },
});

const itemsUrlOf = (request: FastifyRequest, config: ServerConfig, mapId: number, collectionId: string) =>
  `${landingUrl(request, config, mapId)}/collections/${collectionId}/items`;

/** The feature's new ETag after a write, as the caller reads it (none when it is gone). */
async function etagHeader(
  db: Queryable,
  layer: LayerRow,
  featureId: number,
  hidden: ReadonlySet<string>,
): Promise<Record<string, string>> {
  const etag = await currentEtag(db, layer, featureId, hidden);
  return etag ? { ETag: etag } : {};
}

/** The query string as sent, for `self` and paging links. */
const searchOf = (url: string) => url.split('?')[1] ?? '';

type GeoJsonFeature = { properties?: Record<string, unknown> | null };

/** The answer's text without the caller's hidden properties (re-written only when there are some). */
function hideInGeoJson(json: string, hidden: ReadonlySet<string>): string {
  if (hidden.size === 0) return json;
  const value = JSON.parse(json) as GeoJsonFeature & { features?: GeoJsonFeature[] };
  const strip = (feature: GeoJsonFeature) => ({
    ...feature,
    properties: withoutHidden(feature.properties, hidden),
  });
  return JSON.stringify(value.features ? { ...value, features: value.features.map(strip) } : strip(value));
}

/** OGC API – Features per map: the app's data and abilities, in the OGC standards' shapes. */
/** `as_of` for the OGC API: a value that names no moment is a 400, as other parameters are. */
function ogcMoment(text: string | undefined): Date | undefined {
  try {
    return parseMoment(text, 'as_of');
  } catch {
    throw badParameter('as_of', 'time.as_of_invalid');
  }
}

/** The collection named in the path, for `action` on its features (see `ogcLayer`). */
const collectionIn = (
  db: Queryable,
  auth: AuthState,
  params: { map_id: number; collection_id: string },
  action: Action,
) => ogcLayer(db, auth.ability, params.map_id, params.collection_id, action);

/**
 * PUT (`replace`) and PATCH (`update`) of one item: the same checks (update on the layer's
 * features, the caller's If-Match) and the same answer (204 with the new ETag).
 */
async function editOgcItem(
  {
    services: { db },
    auth,
    params,
    body,
    request,
  }: TypedContext<'replaceOgcItem'> | TypedContext<'updateOgcItem'>,
  mode: 'replace' | 'update',
) {
  const { layer } = await collectionIn(db, auth, params, 'update');
  const hidden = hiddenPropertiesOf(auth.access, layer.id);
  const guard = ifMatchGuard(request.headers['if-match'], layer, params.feature_id, hidden);
  await editItem(db, params.map_id, layer, params.feature_id, body, userIdOf(auth.user), mode, guard);
  return { status: 204 as const, headers: await etagHeader(db, layer, params.feature_id, hidden) };
}

export const routeHandlers = typedHandlers({
  async getOgcLandingPage({ services: { db, config }, auth, params, request }) {
    const map = await ogcMap(db, auth.ability, params.map_id);
    return { status: 200, body: landingPage(landingUrl(request, config, map.id), map) };
  },

  async getOgcConformance({ services: { db }, auth, params }) {
    await ogcMap(db, auth.ability, params.map_id);
    return { status: 200, body: { conformsTo: CONFORMANCE } };
  },

  async getOgcApiDocument({ services: { db, config, document }, auth, params, request }) {
    const map = await ogcMap(db, auth.ability, params.map_id);
    const layers = (await ogcLayers(db, auth.ability, map.id)).map((layer) =>
      layerAsSeen(auth.access, layer),
    );
    const ids = await ogcCollectionIds(db, map.id);
    const body = ogcApiDocument(document, landingUrl(request, config, map.id), map.title, layers, ids);
    // GDAL asks for the OpenAPI media type and checks that it gets it.
    const wantsOpenApi = String(request.headers.accept ?? '').includes('application/vnd.oai.openapi+json');
    return text(JSON.stringify(body), wantsOpenApi ? OPENAPI_30 : JSON_TYPE);
  },

  async listOgcCollections({ services: { db, config }, auth, params, request }) {
    const map = await ogcMap(db, auth.ability, params.map_id);
    const base = landingUrl(request, config, map.id);
    const layers = await ogcLayers(db, auth.ability, map.id);
    const ids = await ogcCollectionIds(db, map.id);
    const collections = [];
    for (const layer of layers)
      collections.push(
        collection(
          base,
          layerAsSeen(auth.access, layer),
          ids.get(layer.id) ?? String(layer.id),
          await temporalExtent(db, layer),
        ),
      );
    return {
      status: 200,
      body: { collections, links: [{ href: `${base}/collections`, rel: 'self', type: JSON_TYPE }] },
    };
  },

  async getOgcCollection({ services: { db, config }, auth, params, request }) {
    const { layer, collectionId } = await collectionIn(db, auth, params, 'read');
    const base = landingUrl(request, config, params.map_id);
    const seen = layerAsSeen(auth.access, layer);
    return { status: 200, body: collection(base, seen, collectionId, await temporalExtent(db, layer)) };
  },

  async getOgcQueryables({ services: { db, config }, auth, params, request }) {
    const { layer, collectionId } = await collectionIn(db, auth, params, 'read');
    const base = landingUrl(request, config, params.map_id);
    const seen = layerAsSeen(auth.access, layer);
    return text(JSON.stringify(queryables(base, seen, collectionId)), JSON_SCHEMA);
  },

  async listOgcItems({ services: { db, config }, auth, params, query, request }) {
    const { layer, collectionId } = await collectionIn(db, auth, params, 'read');
    const itemsUrl = itemsUrlOf(request, config, params.map_id, collectionId);
    const raw = request.query as Record<string, unknown>;
    const page = await itemsPage(
      db,
      layerAsSeen(auth.access, layer),
      { ...query, asOf: ogcMoment(query.as_of) },
      raw,
      itemsUrl,
      searchOf(request.url),
      layer,
    );
    return text(hideInGeoJson(page, hiddenPropertiesOf(auth.access, layer.id)), GEOJSON);
  },

  async getOgcItem({ services: { db, config }, auth, params, query, request }) {
    const { layer, collectionId } = await collectionIn(db, auth, params, 'read');
    const itemsUrl = itemsUrlOf(request, config, params.map_id, collectionId);
    const hidden = hiddenPropertiesOf(auth.access, layer.id);
    const feature = await itemJson(db, layer, params.feature_id, itemsUrl, ogcMoment(query.as_of), hidden);
    if (!feature) throw notFound();
    const json = hideInGeoJson(feature.json, hidden);
    return { ...text(json, GEOJSON), headers: { 'Content-Type': GEOJSON, ETag: feature.etag } };
  },

  async createOgcItem({ services: { db, config }, auth, params, body, request }) {
    const { layer, collectionId } = await collectionIn(db, auth, params, 'create');
    const id = await createItem(db, layer, body, userIdOf(auth.user));
    const location = `${itemsUrlOf(request, config, params.map_id, collectionId)}/${id}`;
    const etag = await currentEtag(db, layer, id, hiddenPropertiesOf(auth.access, layer.id));
    return { status: 201, headers: { Location: location, ...(etag ? { ETag: etag } : {}) } };
  },

  async replaceOgcItem(context) {
    return editOgcItem(context, 'replace');
  },

  async updateOgcItem(context) {
    return editOgcItem(context, 'update');
  },

  async deleteOgcItem({ services: { db }, auth, params, request }) {
    // The app's save gives deletions to whoever may update features (editors), as updateFeatures does.
    const { layer } = await collectionIn(db, auth, params, 'update');
    const hidden = hiddenPropertiesOf(auth.access, layer.id);
    const guard = ifMatchGuard(request.headers['if-match'], layer, params.feature_id, hidden);
    await deleteItem(db, params.map_id, layer, params.feature_id, userIdOf(auth.user), guard);
    return { status: 204 };
  },

  async optionsOgcItems({ services: { db }, auth, params }) {
    await collectionIn(db, auth, params, 'read');
    const allow = mayEdit(auth.ability, params.map_id) ? 'GET, POST, OPTIONS' : 'GET, OPTIONS';
    return { status: 204, headers: { Allow: allow } };
  },

  async optionsOgcItem({ services: { db }, auth, params }) {
    const { layer } = await collectionIn(db, auth, params, 'read');
    if (!(await itemJson(db, layer, params.feature_id, ''))) throw notFound();
    const allow = mayEdit(auth.ability, params.map_id) ? 'GET, PUT, PATCH, DELETE, OPTIONS' : 'GET, OPTIONS';
    return { status: 204, headers: { Allow: allow } };
  },
});
