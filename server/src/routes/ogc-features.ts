import { hiddenPropertiesOf, layerAsSeen, withoutHidden } from '../access/layer-view.ts';
import { userIdOf } from '../features/feature-access.ts';
import { notFound } from '../http/http-error.ts';
import { landingUrl, mayEdit, ogcLayer, ogcLayers, ogcMap } from '../ogc/ogc-access.ts';
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
import { itemJson, itemsPage } from '../ogc/ogc-items.ts';
import { typedHandlers } from '../openapi/typed-handlers.ts';

const text = (body: string, type: string) => ({
  status: 200 as const,
  body: Buffer.from(body),
  headers: { 'Content-Type': type },
});

/** The query string as sent, for `self` and paging links. */
const searchOf = (url: string) => url.split('?')[1] ?? '';

/** OGC API – Features per map (issue 21): the app's data and abilities, in the OGC standards' shapes. */
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

export const ogcFeatureHandlers = typedHandlers({
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
    const layers = await ogcLayers(db, auth.ability, map.id);
    const body = ogcApiDocument(document, landingUrl(request, config, map.id), map.title, layers);
    // GDAL asks for the OpenAPI media type and checks that it gets it.
    const wantsOpenApi = String(request.headers.accept ?? '').includes('application/vnd.oai.openapi+json');
    return text(JSON.stringify(body), wantsOpenApi ? OPENAPI_30 : JSON_TYPE);
  },

  async listOgcCollections({ services: { db, config }, auth, params, request }) {
    const map = await ogcMap(db, auth.ability, params.map_id);
    const base = landingUrl(request, config, map.id);
    const layers = await ogcLayers(db, auth.ability, map.id);
    return {
      status: 200,
      body: {
        collections: layers.map((layer) => collection(base, layer)),
        links: [{ href: `${base}/collections`, rel: 'self', type: JSON_TYPE }],
      },
    };
  },

  async getOgcCollection({ services: { db, config }, auth, params, request }) {
    const { layer } = await ogcLayer(db, auth.ability, params.map_id, params.collection_id, 'read');
    return {
      status: 200,
      body: collection(landingUrl(request, config, params.map_id), layerAsSeen(auth.access, layer)),
    };
  },

  async getOgcQueryables({ services: { db, config }, auth, params, request }) {
    const { layer } = await ogcLayer(db, auth.ability, params.map_id, params.collection_id, 'read');
    const seen = layerAsSeen(auth.access, layer);
    return text(JSON.stringify(queryables(landingUrl(request, config, params.map_id), seen)), JSON_SCHEMA);
  },

  async listOgcItems({ services: { db, config }, auth, params, query, request }) {
    const { layer } = await ogcLayer(db, auth.ability, params.map_id, params.collection_id, 'read');
    const itemsUrl = `${landingUrl(request, config, params.map_id)}/collections/${layer.id}/items`;
    const raw = request.query as Record<string, unknown>;
    const page = await itemsPage(
      db,
      layerAsSeen(auth.access, layer),
      query,
      raw,
      itemsUrl,
      searchOf(request.url),
    );
    return text(hideInGeoJson(page, hiddenPropertiesOf(auth.access, layer.id)), GEOJSON);
  },

  async getOgcItem({ services: { db, config }, auth, params, request }) {
    const { layer } = await ogcLayer(db, auth.ability, params.map_id, params.collection_id, 'read');
    const itemsUrl = `${landingUrl(request, config, params.map_id)}/collections/${layer.id}/items`;
    const feature = await itemJson(db, layer, params.feature_id, itemsUrl);
    if (!feature) throw notFound();
    return text(hideInGeoJson(feature, hiddenPropertiesOf(auth.access, layer.id)), GEOJSON);
  },

  async createOgcItem({ services: { db, config }, auth, params, body, request }) {
    const { layer } = await ogcLayer(db, auth.ability, params.map_id, params.collection_id, 'create');
    const id = await createItem(db, layer, body, userIdOf(auth.user));
    const location = `${landingUrl(request, config, params.map_id)}/collections/${layer.id}/items/${id}`;
    return { status: 201, headers: { Location: location } };
  },

  async replaceOgcItem({ services: { db }, auth, params, body }) {
    const { layer } = await ogcLayer(db, auth.ability, params.map_id, params.collection_id, 'update');
    await editItem(db, params.map_id, layer, params.feature_id, body, userIdOf(auth.user), 'replace');
    return { status: 204 };
  },

  async updateOgcItem({ services: { db }, auth, params, body }) {
    const { layer } = await ogcLayer(db, auth.ability, params.map_id, params.collection_id, 'update');
    await editItem(db, params.map_id, layer, params.feature_id, body, userIdOf(auth.user), 'update');
    return { status: 204 };
  },

  async deleteOgcItem({ services: { db }, auth, params }) {
    // The app's save gives deletions to whoever may update features (editors), as updateFeatures does.
    const { layer } = await ogcLayer(db, auth.ability, params.map_id, params.collection_id, 'update');
    await deleteItem(db, params.map_id, layer, params.feature_id, userIdOf(auth.user));
    return { status: 204 };
  },

  async optionsOgcItems({ services: { db }, auth, params }) {
    await ogcLayer(db, auth.ability, params.map_id, params.collection_id, 'read');
    const allow = mayEdit(auth.ability, params.map_id) ? 'GET, POST, OPTIONS' : 'GET, OPTIONS';
    return { status: 204, headers: { Allow: allow } };
  },

  async optionsOgcItem({ services: { db }, auth, params }) {
    const { layer } = await ogcLayer(db, auth.ability, params.map_id, params.collection_id, 'read');
    if (!(await itemJson(db, layer, params.feature_id, ''))) throw notFound();
    const allow = mayEdit(auth.ability, params.map_id) ? 'GET, PUT, PATCH, DELETE, OPTIONS' : 'GET, OPTIONS';
    return { status: 204, headers: { Allow: allow } };
  },
});
