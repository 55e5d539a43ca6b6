import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  createSearch,
  deleteSearch,
  getSearch,
  listSearches,
  updateSearch,
} from '@generated/api/searches/searches';
import { STATES } from '../states';
import { HARBOUR, QUAYS, SEARCH, TOWN, VALVES } from './map-examples';
import { searchLike, stateOf } from './map-matchers';
import {
  createPact,
  JSON_RESPONSE,
  messageLike,
  rejectionOf,
  signedInHeaders,
  validationLike,
  XHR,
} from './pact';

const { equal, integer } = MatchersV3;
const pact = createPact();
const readHeaders = { ...XHR, Cookie: signedInHeaders.Cookie };
const options = (url: string) => ({ baseURL: url, headers: signedInHeaders });
const HARBOUR_SEARCH = { ...SEARCH, map_id: HARBOUR.id, id: 15, layer_id: QUAYS.id, fields: ['name'] };

describe('saved searches', () => {
  it('listSearches gives the saved searches of a map', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(VALVES))
      .given(STATES.searchExists, stateOf(SEARCH))
      .uponReceiving('a request for the saved searches of a map')
      .withRequest('GET', `/api/maps/${TOWN.id}/search`, (b) => b.headers(readHeaders))
      .willRespondWith(200, (b) => b.headers(JSON_RESPONSE).jsonBody({ data: [searchLike(SEARCH)] }))
      .executeTest(async (server) => {
        const searches = await listSearches(TOWN.id, options(server.url));
        expect(searches.data.map((search) => search.id)).toEqual([SEARCH.id]);
      }));

  it('createSearch 201 returns the new search', () => {
    const body = {
      layer_id: VALVES.id,
      name: 'Valves by code',
      fields: ['code'],
      operator: 'starts_with' as const,
    };
    return pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(VALVES))
      .uponReceiving('a saved search creation by an admin')
      .withRequest('POST', `/api/maps/${TOWN.id}/search`, (b) => b.headers(signedInHeaders).jsonBody(body))
      .willRespondWith(201, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: {
            ...searchLike({ ...body, id: 1, map_id: TOWN.id }),
            id: integer(1),
            name: equal(body.name),
          },
        }),
      )
      .executeTest(async (server) => {
        const created = await createSearch(TOWN.id, body, options(server.url));
        expect(created.data).toMatchObject({ map_id: TOWN.id, fields: ['code'], operator: 'starts_with' });
      });
  });

  it('createSearch 422 with per-field errors', () => {
    const body = { layer_id: VALVES.id, name: 'No fields', fields: [], operator: 'like' };
    return pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(VALVES))
      .uponReceiving('an invalid saved search creation')
      .withRequest('POST', `/api/maps/${TOWN.id}/search`, (b) => b.headers(signedInHeaders).jsonBody(body))
      .willRespondWith(422, (b) =>
        b.headers(JSON_RESPONSE).jsonBody(
          validationLike({
            fields: 'The fields field must have at least 1 items.',
            operator: 'The selected operator is invalid.',
          }),
        ),
      )
      .executeTest(async (server) => {
        // The generated type forbids the unknown operator; the server must still answer 422.
        const invalid = body as unknown as Parameters<typeof createSearch>[1];
        const failure = await rejectionOf(createSearch(TOWN.id, invalid, options(server.url)));
        expect(failure.data).toMatchObject({ errors: { fields: [expect.any(String)] } });
      });
  });

  it('createSearch 403 for a user who is not an admin', () => {
    const body = { layer_id: VALVES.id, name: 'Mine', fields: ['code'] };
    return pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(VALVES))
      .uponReceiving('a saved search creation by a non-admin')
      .withRequest('POST', `/api/maps/${TOWN.id}/search`, (b) => b.headers(signedInHeaders).jsonBody(body))
      .willRespondWith(403, (b) =>
        b.headers(JSON_RESPONSE).jsonBody(messageLike('This action is unauthorized.')),
      )
      .executeTest(async (server) => {
        expect((await rejectionOf(createSearch(TOWN.id, body, options(server.url)))).status).toBe(403);
      });
  });

  it('getSearch returns one search', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(VALVES))
      .given(STATES.searchExists, stateOf(SEARCH))
      .uponReceiving('a request for one saved search')
      .withRequest('GET', `/api/maps/${TOWN.id}/search/${SEARCH.id}`, (b) => b.headers(readHeaders))
      .willRespondWith(200, (b) => b.headers(JSON_RESPONSE).jsonBody({ data: searchLike(SEARCH) }))
      .executeTest(async (server) => {
        expect((await getSearch(TOWN.id, SEARCH.id, options(server.url))).data.name).toBe(SEARCH.name);
      }));

  it('getSearch 404 for a search of another map', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.mapExists, stateOf(HARBOUR))
      .given(STATES.layerExists, stateOf({ ...QUAYS, properties: [{ name: 'name' }] }))
      .given(STATES.searchExists, stateOf(HARBOUR_SEARCH))
      .uponReceiving('a request for a saved search under a map it does not belong to')
      .withRequest('GET', `/api/maps/${TOWN.id}/search/${HARBOUR_SEARCH.id}`, (b) => b.headers(readHeaders))
      .willRespondWith(404, (b) => b.headers(JSON_RESPONSE).jsonBody(messageLike('Not found.')))
      .executeTest(async (server) => {
        const call = getSearch(TOWN.id, HARBOUR_SEARCH.id, options(server.url));
        expect((await rejectionOf(call)).status).toBe(404);
      }));

  it('updateSearch returns the edited search', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(VALVES))
      .given(STATES.searchExists, stateOf(SEARCH))
      .uponReceiving('an edit of a saved search')
      .withRequest('PUT', `/api/maps/${TOWN.id}/search/${SEARCH.id}`, (b) =>
        b.headers(signedInHeaders).jsonBody({ operator: 'equals', fields: ['code', 'street'] }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: { ...searchLike(SEARCH), operator: equal('equals'), fields: ['code', 'street'] },
        }),
      )
      .executeTest(async (server) => {
        const updated = await updateSearch(
          TOWN.id,
          SEARCH.id,
          { operator: 'equals', fields: ['code', 'street'] },
          options(server.url),
        );
        expect(updated.data).toMatchObject({ operator: 'equals', fields: ['code', 'street'] });
      }));

  it('deleteSearch 204', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(VALVES))
      .given(STATES.searchExists, stateOf(SEARCH))
      .uponReceiving('a deletion of a saved search')
      .withRequest('DELETE', `/api/maps/${TOWN.id}/search/${SEARCH.id}`, (b) => b.headers(signedInHeaders))
      .willRespondWith(204)
      .executeTest(async (server) => {
        await expect(deleteSearch(TOWN.id, SEARCH.id, options(server.url))).resolves.toBe('');
      }));
});
