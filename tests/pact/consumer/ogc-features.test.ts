import axios from 'axios';
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  createOgcItem,
  deleteOgcItem,
  getOgcApiDocument,
  getOgcCollection,
  getOgcConformance,
  getOgcItem,
  getOgcLandingPage,
  getOgcQueryables,
  listOgcCollections,
  listOgcItems,
  replaceOgcItem,
  updateOgcItem,
} from '@generated/api/ogc/ogc';
import { STATES } from '../states';
import { PIPE_101, PIPE_102, PIPES, QUAYS, HARBOUR, TOWN } from './map-examples';
import { stateOf } from './map-matchers';
import { createPact, JSON_RESPONSE, rejectionOf, signedInHeaders, validationLike, XHR } from './pact';

const { eachLike, equal, like, regex } = MatchersV3;
const pact = createPact();
const readHeaders = { ...XHR, Cookie: signedInHeaders.Cookie };
const options = (url: string) => ({ baseURL: url, headers: signedInHeaders });
const base = `/ogc/maps/${TOWN.id}`;
/** A collection's id is the slug of its layer's name. */
const PIPES_COLLECTION = 'pipes';
const items = `${base}/collections/${PIPES_COLLECTION}/items`;
const CRS84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';
const GEOJSON = { 'Content-Type': 'application/geo+json' };

/** Links are absolute (GDAL follows them as given); the host is the provider's. */
const linkLike = (path: string, rel: string, type = 'application/json') => ({
  href: regex(`^https?://[^/]+${path.replace(/[?.]/g, '\\$&')}.*$`, `http://localhost:8080${path}`),
  rel: like(rel),
  type: like(type),
});

const townStates = (
  builder: ReturnType<typeof pact.addInteraction>,
  signedIn: string = STATES.userSignedIn,
) =>
  builder
    .given(signedIn)
    .given(STATES.mapExists, stateOf(TOWN))
    .given(STATES.layerExists, stateOf(PIPES))
    .given(STATES.featureExists, stateOf(PIPE_101))
    .given(STATES.featureExists, stateOf(PIPE_102));

const collectionLike = () => ({
  id: equal(PIPES_COLLECTION),
  title: equal(PIPES.name),
  itemType: equal('feature'),
  crs: eachLike(CRS84),
  links: eachLike(linkLike(`${base}/collections/${PIPES_COLLECTION}`, 'self')),
});

const ogcFeatureLike = (feature: typeof PIPE_101 | typeof PIPE_102) => ({
  type: equal('Feature'),
  id: equal(feature.id),
  geometry: like(structuredClone(feature.geometry)),
  properties: structuredClone(feature.properties),
});

describe('OGC API – Features: discovery', () => {
  it('getOgcLandingPage links to the API, conformance and collections', () =>
    townStates(pact.addInteraction())
      .uponReceiving('the OGC API landing page of a map')
      .withRequest('GET', base, (b) => b.headers(readHeaders))
      .willRespondWith(200, (b) =>
        b
          .headers(JSON_RESPONSE)
          .jsonBody({ title: equal(TOWN.title), links: eachLike(linkLike(base, 'self')) }),
      )
      .executeTest(async (server) => {
        const page = await getOgcLandingPage(TOWN.id, options(server.url));
        expect(page.title).toBe(TOWN.title);
      }));

  it('getOgcConformance lists the implemented classes', () =>
    townStates(pact.addInteraction())
      .uponReceiving('the conformance classes of a map')
      .withRequest('GET', `${base}/conformance`, (b) => b.headers(readHeaders))
      .willRespondWith(200, (b) =>
        b
          .headers(JSON_RESPONSE)
          .jsonBody({ conformsTo: eachLike('http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core') }),
      )
      .executeTest(async (server) => {
        const conformance = await getOgcConformance(TOWN.id, options(server.url));
        expect(conformance.conformsTo.length).toBeGreaterThan(0);
      }));

  it('getOgcApiDocument describes the API in OpenAPI 3.0', () =>
    townStates(pact.addInteraction())
      .uponReceiving('the OpenAPI 3.0 document of a map')
      .withRequest('GET', `${base}/api`, (b) => b.headers({ ...readHeaders, Accept: 'application/json' }))
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({ openapi: equal('3.0.3'), paths: like({}) }),
      )
      .executeTest(async (server) => {
        const document = await getOgcApiDocument(TOWN.id, {
          ...options(server.url),
          headers: { ...signedInHeaders, Accept: 'application/json' },
        });
        expect(document.openapi).toBe('3.0.3');
      }));

  it('listOgcCollections has one collection per vector layer', () =>
    townStates(pact.addInteraction())
      .uponReceiving('the collections of a map')
      .withRequest('GET', `${base}/collections`, (b) => b.headers(readHeaders))
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          collections: eachLike(collectionLike()),
          links: eachLike(linkLike(`${base}/collections`, 'self')),
        }),
      )
      .executeTest(async (server) => {
        const page = await listOgcCollections(TOWN.id, options(server.url));
        expect(page.collections.map((collection) => collection.id)).toEqual([PIPES_COLLECTION]);
      }));

  it('getOgcCollection describes one layer', () =>
    townStates(pact.addInteraction())
      .uponReceiving('one collection of a map')
      .withRequest('GET', `${base}/collections/${PIPES_COLLECTION}`, (b) => b.headers(readHeaders))
      .willRespondWith(200, (b) => b.headers(JSON_RESPONSE).jsonBody(collectionLike()))
      .executeTest(async (server) => {
        const collection = await getOgcCollection(TOWN.id, PIPES_COLLECTION, options(server.url));
        expect(collection.title).toBe(PIPES.name);
      }));

  it('getOgcCollection 404 for a layer of another map', () =>
    townStates(pact.addInteraction())
      .given(STATES.mapExists, stateOf(HARBOUR))
      .given(STATES.layerExists, stateOf(QUAYS))
      .uponReceiving("another map's layer as a collection of this map")
      .withRequest('GET', `${base}/collections/${QUAYS.id}`, (b) => b.headers(readHeaders))
      .willRespondWith(404, (b) => b.headers(JSON_RESPONSE).jsonBody({ message: like('Not found.') }))
      .executeTest(async (server) => {
        const { status } = await rejectionOf(
          getOgcCollection(TOWN.id, String(QUAYS.id), options(server.url)),
        );
        expect(status).toBe(404);
      }));

  it('getOgcQueryables gives the attribute schema as JSON Schema', () =>
    townStates(pact.addInteraction())
      .uponReceiving('the queryables of a collection')
      .withRequest('GET', `${base}/collections/${PIPES_COLLECTION}/queryables`, (b) => b.headers(readHeaders))
      .willRespondWith(200, (b) =>
        b.headers({ 'Content-Type': 'application/schema+json' }).jsonBody({
          type: equal('object'),
          properties: like({
            material: { type: equal('string'), enum: eachLike('pvc') },
            diameter_mm: { type: equal('integer') },
          }),
        }),
      )
      .executeTest(async (server) => {
        const schema = await getOgcQueryables(TOWN.id, PIPES_COLLECTION, options(server.url));
        expect(Object.keys(schema.properties)).toContain('material');
      }));
});

describe('OGC API – Features: items', () => {
  it('listOgcItems answers a CQL2 filter with GeoJSON and counts', () =>
    townStates(pact.addInteraction())
      .uponReceiving('the items of a collection matching a CQL2 filter')
      .withRequest('GET', items, (b) =>
        b.headers(readHeaders).query({ limit: '10', filter: "material = 'pvc'", 'filter-lang': 'cql2-text' }),
      )
      .willRespondWith(200, (b) =>
        b.headers(GEOJSON).jsonBody({
          type: equal('FeatureCollection'),
          numberMatched: equal(1),
          numberReturned: equal(1),
          links: eachLike(
            linkLike(`${base}/collections/${PIPES_COLLECTION}`, 'self', 'application/geo+json'),
          ),
          features: [ogcFeatureLike(PIPE_102)],
        }),
      )
      .executeTest(async (server) => {
        const page = await listOgcItems(
          TOWN.id,
          PIPES_COLLECTION,
          { limit: 10, filter: "material = 'pvc'", 'filter-lang': 'cql2-text' },
          options(server.url),
        );
        expect(page.features.map((feature) => feature.id)).toEqual([PIPE_102.id]);
      }));

  it('listOgcItems 400 names the filter and where it went wrong', () =>
    townStates(pact.addInteraction())
      .uponReceiving('the items of a collection with a filter naming an unknown property')
      .withRequest('GET', items, (b) => b.headers(readHeaders).query({ filter: "colour = 'red'" }))
      .willRespondWith(400, (b) =>
        b
          .headers(JSON_RESPONSE)
          .jsonBody(validationLike({ filter: 'filter: unknown property "colour" at position 1.' })),
      )
      .executeTest(async (server) => {
        const { status } = await rejectionOf(
          listOgcItems(TOWN.id, PIPES_COLLECTION, { filter: "colour = 'red'" }, options(server.url)),
        );
        expect(status).toBe(400);
      }));

  it('getOgcItem reads one feature', () =>
    townStates(pact.addInteraction())
      .uponReceiving('one item of a collection')
      .withRequest('GET', `${items}/${PIPE_101.id}`, (b) => b.headers(readHeaders))
      .willRespondWith(200, (b) => b.headers(GEOJSON).jsonBody(ogcFeatureLike(PIPE_101)))
      .executeTest(async (server) => {
        const feature = await getOgcItem(
          TOWN.id,
          PIPES_COLLECTION,
          PIPE_101.id,
          undefined,
          options(server.url),
        );
        expect(feature.id).toBe(PIPE_101.id);
      }));
});

describe('OGC API – Features Part 4', () => {
  const writeHeaders = { ...signedInHeaders, 'Content-Type': 'application/geo+json' };
  const newPipe = {
    type: 'Feature' as const,
    geometry: {
      type: 'LineString' as const,
      coordinates: [
        [-9.12, 38.74],
        [-9.11, 38.75],
      ],
    },
    properties: { material: 'steel', diameter_mm: 200 },
  };

  it('createOgcItem adds a feature and names it in Location', () =>
    townStates(pact.addInteraction(), STATES.editorSignedIn)
      .uponReceiving('a new item of a collection')
      .withRequest('POST', items, (b) => b.headers(writeHeaders).jsonBody(newPipe))
      .willRespondWith(201, (b) =>
        b.headers({ Location: regex(`^https?://[^/]+${items}/\\d+$`, `http://localhost:8080${items}/103`) }),
      )
      .executeTest(async (server) => {
        await createOgcItem(TOWN.id, PIPES_COLLECTION, newPipe, options(server.url));
      }));

  it('replaceOgcItem replaces a feature', () =>
    townStates(pact.addInteraction(), STATES.editorSignedIn)
      .uponReceiving('a replaced item of a collection')
      .withRequest('PUT', `${items}/${PIPE_101.id}`, (b) => b.headers(writeHeaders).jsonBody(newPipe))
      .willRespondWith(204)
      .executeTest(async (server) => {
        await replaceOgcItem(TOWN.id, PIPES_COLLECTION, PIPE_101.id, newPipe, options(server.url));
      }));

  it('updateOgcItem changes some properties of a feature with a JSON merge patch', () => {
    // As QGIS 3.32+ sends an attribute change: a merge patch (RFC 7396) of just the properties.
    const change = { properties: { diameter_mm: 250 } };
    const mergePatch = { ...signedInHeaders, 'Content-Type': 'application/merge-patch+json' };
    return townStates(pact.addInteraction(), STATES.editorSignedIn)
      .uponReceiving('an updated item of a collection (merge patch)')
      .withRequest('PATCH', `${items}/${PIPE_101.id}`, (b) => b.headers(mergePatch).jsonBody(change))
      .willRespondWith(204)
      .executeTest(async (server) => {
        await updateOgcItem(TOWN.id, PIPES_COLLECTION, PIPE_101.id, change, {
          baseURL: server.url,
          headers: mergePatch,
        });
      });
  });

  it('deleteOgcItem deletes a feature', () =>
    townStates(pact.addInteraction(), STATES.editorSignedIn)
      .uponReceiving('a deleted item of a collection')
      .withRequest('DELETE', `${items}/${PIPE_101.id}`, (b) => b.headers(signedInHeaders))
      .willRespondWith(204)
      .executeTest(async (server) => {
        await deleteOgcItem(TOWN.id, PIPES_COLLECTION, PIPE_101.id, options(server.url));
      }));

  it('optionsOgcItems tells an editor it may add features', () =>
    townStates(pact.addInteraction(), STATES.editorSignedIn)
      .uponReceiving('the methods an editor may use on the items')
      .withRequest('OPTIONS', items, (b) => b.headers(readHeaders))
      .willRespondWith(204, (b) => b.headers({ Allow: 'GET, POST, OPTIONS' }))
      .executeTest(async (server) => {
        // orval makes no function for OPTIONS; QGIS sends it as a plain request.
        const response = await axios.request({
          method: 'OPTIONS',
          url: `${server.url}${items}`,
          headers: readHeaders,
        });
        expect(response.headers.allow).toBe('GET, POST, OPTIONS');
      }));

  it('optionsOgcItem tells a reader it may only read a feature', () =>
    townStates(pact.addInteraction())
      .uponReceiving('the methods a reader may use on an item')
      .withRequest('OPTIONS', `${items}/${PIPE_101.id}`, (b) => b.headers(readHeaders))
      .willRespondWith(204, (b) => b.headers({ Allow: 'GET, OPTIONS' }))
      .executeTest(async (server) => {
        const response = await axios.request({
          method: 'OPTIONS',
          url: `${server.url}${items}/${PIPE_101.id}`,
          headers: readHeaders,
        });
        expect(response.headers.allow).toBe('GET, OPTIONS');
      }));

  it('createOgcItem 422 for a feature the layer refuses', () => {
    const bad = { ...newPipe, properties: { material: 'gold' } };
    return townStates(pact.addInteraction(), STATES.editorSignedIn)
      .uponReceiving('a new item with a value outside the layer schema')
      .withRequest('POST', items, (b) => b.headers(writeHeaders).jsonBody(bad))
      .willRespondWith(422, (b) =>
        b
          .headers(JSON_RESPONSE)
          .jsonBody(validationLike({ 'properties.material': 'The selected material is invalid.' })),
      )
      .executeTest(async (server) => {
        const { status } = await rejectionOf(
          createOgcItem(TOWN.id, PIPES_COLLECTION, bad, options(server.url)),
        );
        expect(status).toBe(422);
      });
  });
});
