import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { createMap, deleteMap, getMap, listMaps, showMap, updateMap } from '@generated/api/maps/maps';
import { listLayerTypes } from '@generated/api/reference/reference';
import { STATES } from '../states';
import {
  FILTER,
  MAIN_SEARCH,
  NETWORK,
  OTHERS_BOOKMARK,
  OWN_BOOKMARK,
  PIPES,
  SEARCH,
  TOWN,
  VALVES,
} from './map-examples';
import {
  bookmarkLike,
  categoryLike,
  filterLike,
  layerLike,
  mainSearchLike,
  mapLike,
  pageLike,
  searchLike,
  stateOf,
} from './map-matchers';
import {
  createPact,
  JSON_RESPONSE,
  messageLike,
  rejectionOf,
  signedInHeaders,
  validationLike,
  XHR,
} from './pact';

const { boolean, eachLike, equal, like, regex } = MatchersV3;
const pact = createPact();
const readHeaders = { ...XHR, Cookie: signedInHeaders.Cookie };
const options = (url: string) => ({ baseURL: url, headers: signedInHeaders });

const LEDGER = { ...TOWN, title: 'Lagoon ledger of moorings' };

describe('maps', () => {
  it('listMaps with a search', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      // A title no other state or the demo town uses, so the search finds this map alone.
      .given(STATES.mapExists, stateOf(LEDGER))
      .uponReceiving('a search of the map list')
      .withRequest('GET', '/api/maps', (b) =>
        b.headers(readHeaders).query({ page: '1', per_page: '15', search: 'lagoon ledger' }),
      )
      .willRespondWith(200, (b) =>
        b
          .headers(JSON_RESPONSE)
          .jsonBody(pageLike('/api/maps', [{ ...mapLike(LEDGER), id: equal(LEDGER.id) }], 1)),
      )
      .executeTest(async (server) => {
        const page = await listMaps({ page: 1, per_page: 15, search: 'lagoon ledger' }, options(server.url));
        expect(page.data.map((map) => map.title)).toEqual([LEDGER.title]);
      }));

  it('createMap 201 returns the new map', () => {
    const body = { title: 'Harbour', description: 'Quays and moorings.', center: [-9.14, 38.72], zoom: 13 };
    return pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .uponReceiving('a map creation by an admin')
      .withRequest('POST', '/api/maps', (b) => b.headers(signedInHeaders).jsonBody(body))
      .willRespondWith(201, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: { ...mapLike({ id: 1, ...body }), title: equal(body.title), basemap: equal('offline') },
        }),
      )
      .executeTest(async (server) => {
        const created = await createMap(body, options(server.url));
        expect(created.data).toMatchObject({ title: body.title, layers_count: 0 });
      });
  });

  it('createMap 422 with per-field errors', () => {
    const body = { title: '', basemap: 'ftp://tiles.example.com' };
    return pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .uponReceiving('an invalid map creation')
      .withRequest('POST', '/api/maps', (b) => b.headers(signedInHeaders).jsonBody(body))
      .willRespondWith(422, (b) =>
        b.headers(JSON_RESPONSE).jsonBody(
          validationLike({
            title: 'The title field must be at least 1 characters.',
            basemap: 'The basemap field format is invalid.',
          }),
        ),
      )
      .executeTest(async (server) => {
        const failure = await rejectionOf(createMap(body, options(server.url)));
        expect(failure.status).toBe(422);
        expect(failure.data).toMatchObject({ errors: { title: [expect.any(String)] } });
      });
  });

  it('createMap 403 for a user who is not an admin', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .uponReceiving('a map creation by a non-admin')
      .withRequest('POST', '/api/maps', (b) => b.headers(signedInHeaders).jsonBody({ title: 'Mine' }))
      .willRespondWith(403, (b) =>
        b.headers(JSON_RESPONSE).jsonBody(messageLike('This action is unauthorized.')),
      )
      .executeTest(async (server) => {
        expect((await rejectionOf(createMap({ title: 'Mine' }, options(server.url)))).status).toBe(403);
      }));

  it('getMap returns one map', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .uponReceiving('a request for one map')
      .withRequest('GET', `/api/maps/${TOWN.id}`, (b) => b.headers(readHeaders))
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({ data: { ...mapLike(TOWN), id: equal(TOWN.id) } }),
      )
      .executeTest(async (server) => {
        expect((await getMap(TOWN.id, options(server.url))).data.title).toBe(TOWN.title);
      }));

  it('getMap 404 for an unknown map', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .uponReceiving('a request for a map that does not exist')
      .withRequest('GET', '/api/maps/999', (b) => b.headers(readHeaders))
      .willRespondWith(404, (b) => b.headers(JSON_RESPONSE).jsonBody(messageLike('Not found.')))
      .executeTest(async (server) => {
        expect((await rejectionOf(getMap(999, options(server.url)))).status).toBe(404);
      }));

  it('updateMap returns the edited map', () => {
    const body = { title: 'Town water network (2026)', basemap: 'osm' };
    return pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .uponReceiving('an edit of a map')
      .withRequest('POST', `/api/maps/${TOWN.id}`, (b) => b.headers(signedInHeaders).jsonBody(body))
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: { ...mapLike(TOWN), id: equal(TOWN.id), title: equal(body.title), basemap: equal('osm') },
        }),
      )
      .executeTest(async (server) => {
        const updated = await updateMap(TOWN.id, body, options(server.url));
        expect(updated.data).toMatchObject(body);
      });
  });

  it('deleteMap 204', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .uponReceiving('a deletion of a map')
      .withRequest('DELETE', `/api/maps/${TOWN.id}`, (b) => b.headers(signedInHeaders))
      .willRespondWith(204)
      .executeTest(async (server) => {
        await expect(deleteMap(TOWN.id, options(server.url))).resolves.toBe('');
      }));

  it('showMap with layers gives everything the viewer needs, and only the own bookmarks', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.categoryExists, stateOf(NETWORK))
      .given(STATES.layerExists, stateOf(PIPES))
      .given(STATES.layerExists, stateOf(VALVES))
      .given(STATES.searchExists, stateOf(SEARCH))
      .given(STATES.mainSearchExists, stateOf(MAIN_SEARCH))
      .given(STATES.filterExists, stateOf(FILTER))
      .given(STATES.ownBookmarkExists, stateOf(OWN_BOOKMARK))
      .given(STATES.othersBookmarkExists, stateOf(OTHERS_BOOKMARK))
      .uponReceiving('a request for a map with everything its viewer needs')
      .withRequest('GET', `/api/maps/${TOWN.id}/show`, (b) =>
        b.headers(readHeaders).query({ with_layers: 'true' }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: {
            ...mapLike(TOWN, 2),
            id: equal(TOWN.id),
            layers: [layerLike(PIPES), layerLike(VALVES)],
            categories: [categoryLike(NETWORK)],
            searches: [searchLike(SEARCH)],
            main_searches: [mainSearchLike(MAIN_SEARCH)],
            filters: [filterLike(FILTER)],
            bookmarks: [{ ...bookmarkLike(OWN_BOOKMARK), id: equal(OWN_BOOKMARK.id) }],
          },
        }),
      )
      .executeTest(async (server) => {
        const shown = await showMap(TOWN.id, { with_layers: true }, options(server.url));
        expect(shown.data.layers?.map((layer) => layer.name)).toEqual([PIPES.name, VALVES.name]);
        expect(shown.data.bookmarks.map((bookmark) => bookmark.id)).toEqual([OWN_BOOKMARK.id]);
      }));
});

describe('reference data', () => {
  it('listLayerTypes gives every layer type', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .uponReceiving('a request for the layer types')
      .withRequest('GET', '/api/layer-types', (b) => b.headers(readHeaders))
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: eachLike(
            {
              type: regex('^(vector|xyz|wms|geojson_url|3d_tiles)$', 'vector'),
              name: like('Vector'),
              description: like('Features stored and edited in Atlasboard.'),
              remote: boolean(false),
              has_features: boolean(true),
            },
            5,
          ),
        }),
      )
      .executeTest(async (server) => {
        const types = await listLayerTypes(options(server.url));
        expect(types.data.map((type) => type.type)).toContain('vector');
      }));
});
