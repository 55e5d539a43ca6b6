import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  createMainSearch,
  deleteMainSearch,
  getMainSearch,
  listMainSearches,
  searchMainFeatures,
  updateMainSearch,
} from '@generated/api/main-search/main-search';
import { STATES } from '../states';
import { MAIN_SEARCH, TOWN, VALVE_201, VALVES } from './map-examples';
import { featureLike, mainSearchLike, stateOf } from './map-matchers';
import { createPact, JSON_RESPONSE, rejectionOf, signedInHeaders, validationLike, XHR } from './pact';

const { equal, integer } = MatchersV3;
const pact = createPact();
const readHeaders = { ...XHR, Cookie: signedInHeaders.Cookie };
const options = (url: string) => ({ baseURL: url, headers: signedInHeaders });

describe('main search settings', () => {
  it('listMainSearches gives the entries of the search box', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(VALVES))
      .given(STATES.mainSearchExists, stateOf(MAIN_SEARCH))
      .uponReceiving('a request for the main search entries of a map')
      .withRequest('GET', `/api/maps/${TOWN.id}/main-search`, (b) => b.headers(readHeaders))
      .willRespondWith(200, (b) => b.headers(JSON_RESPONSE).jsonBody({ data: [mainSearchLike(MAIN_SEARCH)] }))
      .executeTest(async (server) => {
        const entries = await listMainSearches(TOWN.id, options(server.url));
        expect(entries.data.map((entry) => entry.label)).toEqual([MAIN_SEARCH.label]);
      }));

  it('createMainSearch 201 returns the new entry', () => {
    const body = { layer_id: VALVES.id, label: 'Valves', fields: ['code'], display_field: 'code' };
    return pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(VALVES))
      .uponReceiving('a main search entry creation by an admin')
      .withRequest('POST', `/api/maps/${TOWN.id}/main-search`, (b) =>
        b.headers(signedInHeaders).jsonBody(body),
      )
      .willRespondWith(201, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: {
            ...mainSearchLike({ ...body, id: 1, map_id: TOWN.id }),
            id: integer(1),
            label: equal(body.label),
          },
        }),
      )
      .executeTest(async (server) => {
        const created = await createMainSearch(TOWN.id, body, options(server.url));
        expect(created.data).toMatchObject({ layer_id: VALVES.id, display_field: 'code' });
      });
  });

  it('createMainSearch 422 with per-field errors', () => {
    const body = { layer_id: VALVES.id, label: 'Valves', fields: ['Code'], display_field: '' };
    return pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(VALVES))
      .uponReceiving('an invalid main search entry creation')
      .withRequest('POST', `/api/maps/${TOWN.id}/main-search`, (b) =>
        b.headers(signedInHeaders).jsonBody(body),
      )
      .willRespondWith(422, (b) =>
        b.headers(JSON_RESPONSE).jsonBody(
          validationLike({
            'fields.0': 'The fields.0 field format is invalid.',
            display_field: 'The display_field field format is invalid.',
          }),
        ),
      )
      .executeTest(async (server) => {
        const failure = await rejectionOf(createMainSearch(TOWN.id, body, options(server.url)));
        expect(failure.data).toMatchObject({ errors: { display_field: [expect.any(String)] } });
      });
  });

  it('getMainSearch returns one entry', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(VALVES))
      .given(STATES.mainSearchExists, stateOf(MAIN_SEARCH))
      .uponReceiving('a request for one main search entry')
      .withRequest('GET', `/api/maps/${TOWN.id}/main-search/${MAIN_SEARCH.id}`, (b) => b.headers(readHeaders))
      .willRespondWith(200, (b) => b.headers(JSON_RESPONSE).jsonBody({ data: mainSearchLike(MAIN_SEARCH) }))
      .executeTest(async (server) => {
        const entry = await getMainSearch(TOWN.id, MAIN_SEARCH.id, options(server.url));
        expect(entry.data.fields).toEqual(MAIN_SEARCH.fields);
      }));

  it('updateMainSearch returns the edited entry', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(VALVES))
      .given(STATES.mainSearchExists, stateOf(MAIN_SEARCH))
      .uponReceiving('an edit of a main search entry')
      .withRequest('PUT', `/api/maps/${TOWN.id}/main-search/${MAIN_SEARCH.id}`, (b) =>
        b.headers(signedInHeaders).jsonBody({ label: 'Fire valves', display_field: 'street' }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: {
            ...mainSearchLike(MAIN_SEARCH),
            label: equal('Fire valves'),
            display_field: equal('street'),
          },
        }),
      )
      .executeTest(async (server) => {
        const updated = await updateMainSearch(
          TOWN.id,
          MAIN_SEARCH.id,
          { label: 'Fire valves', display_field: 'street' },
          options(server.url),
        );
        expect(updated.data).toMatchObject({ label: 'Fire valves', display_field: 'street' });
      }));

  it('deleteMainSearch 204', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(VALVES))
      .given(STATES.mainSearchExists, stateOf(MAIN_SEARCH))
      .uponReceiving('a deletion of a main search entry')
      .withRequest('DELETE', `/api/maps/${TOWN.id}/main-search/${MAIN_SEARCH.id}`, (b) =>
        b.headers(signedInHeaders),
      )
      .willRespondWith(204)
      .executeTest(async (server) => {
        await expect(deleteMainSearch(TOWN.id, MAIN_SEARCH.id, options(server.url))).resolves.toBe('');
      }));
});

describe('main search box', () => {
  it('searchMainFeatures finds features by the configured fields', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(VALVES))
      .given(STATES.featureExists, stateOf(VALVE_201))
      .given(STATES.mainSearchExists, stateOf(MAIN_SEARCH))
      .uponReceiving('a search in the main search box')
      .withRequest('POST', `/api/maps/${TOWN.id}/main-search/features`, (b) =>
        b.headers(signedInHeaders).jsonBody({ search_value: 'v-00', layer_id: VALVES.id }),
      )
      .willRespondWith(200, (b) => b.headers(JSON_RESPONSE).jsonBody({ data: [featureLike(VALVE_201)] }))
      .executeTest(async (server) => {
        const matches = await searchMainFeatures(
          TOWN.id,
          { search_value: 'v-00', layer_id: VALVES.id },
          undefined,
          options(server.url),
        );
        expect(matches.data.map((feature) => feature.properties.code)).toEqual(['V-001']);
      }));

  it('searchMainFeatures with as_of searches the layer as it was then', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(VALVES))
      .given(STATES.featureExists, stateOf(VALVE_201))
      .given(STATES.mainSearchExists, stateOf(MAIN_SEARCH))
      .uponReceiving('a search in the main search box of a map shown as it was')
      .withRequest('POST', `/api/maps/${TOWN.id}/main-search/features`, (b) =>
        b
          .headers(signedInHeaders)
          .query({ as_of: BEFORE_THE_VALVES })
          .jsonBody({ search_value: 'v-00', layer_id: VALVES.id }),
      )
      .willRespondWith(200, (b) => b.headers(JSON_RESPONSE).jsonBody({ data: [] }))
      .executeTest(async (server) => {
        const matches = await searchMainFeatures(
          TOWN.id,
          { search_value: 'v-00', layer_id: VALVES.id },
          { as_of: BEFORE_THE_VALVES },
          options(server.url),
        );
        expect(matches.data).toEqual([]);
      }));

  it('searchMainFeatures 422 for an empty search value', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(VALVES))
      .given(STATES.mainSearchExists, stateOf(MAIN_SEARCH))
      .uponReceiving('a main search box search without a value')
      .withRequest('POST', `/api/maps/${TOWN.id}/main-search/features`, (b) =>
        b.headers(signedInHeaders).jsonBody({ search_value: '', layer_id: VALVES.id }),
      )
      .willRespondWith(422, (b) =>
        b
          .headers(JSON_RESPONSE)
          .jsonBody(
            validationLike({ search_value: 'The search_value field must be at least 1 characters.' }),
          ),
      )
      .executeTest(async (server) => {
        const call = searchMainFeatures(
          TOWN.id,
          { search_value: '', layer_id: VALVES.id },
          undefined,
          options(server.url),
        );
        expect((await rejectionOf(call)).status).toBe(422);
      }));
});

/** A moment before the contract's valve was made: the search finds nothing then. */
const BEFORE_THE_VALVES = '2026-01-01T00:00:00.000Z';
