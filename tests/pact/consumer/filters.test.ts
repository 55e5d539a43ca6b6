import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  createFilter,
  deleteFilter,
  getFilter,
  listFilters,
  updateFilter,
} from '@generated/api/filters/filters';
import { STATES } from '../states';
import { FILTER, HARBOUR, PIPES, TOWN } from './map-examples';
import { filterLike, stateOf } from './map-matchers';
import {
  createPact,
  JSON_RESPONSE,
  messageLike,
  rejectionOf,
  signedInHeaders,
  validationLike,
  XHR,
} from './pact';

const { equal, integer, nullValue } = MatchersV3;
const pact = createPact();
const readHeaders = { ...XHR, Cookie: signedInHeaders.Cookie };
const options = (url: string) => ({ baseURL: url, headers: signedInHeaders });

describe('filters', () => {
  it('listFilters gives the filters of a map', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .given(STATES.filterExists, stateOf(FILTER))
      .uponReceiving('a request for the filters of a map')
      .withRequest('GET', `/api/maps/${TOWN.id}/filters`, (b) => b.headers(readHeaders))
      .willRespondWith(200, (b) => b.headers(JSON_RESPONSE).jsonBody({ data: [filterLike(FILTER)] }))
      .executeTest(async (server) => {
        const filters = await listFilters(TOWN.id, options(server.url));
        expect(filters.data.map((filter) => filter.property)).toEqual(['material']);
      }));

  it('createFilter 201 returns the new filter', () => {
    const body = { layer_id: PIPES.id, name: 'Diameter', property: 'diameter_mm', type: 'range' as const };
    return pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .uponReceiving('a filter creation by an admin')
      .withRequest('POST', `/api/maps/${TOWN.id}/filters`, (b) => b.headers(signedInHeaders).jsonBody(body))
      .willRespondWith(201, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: {
            ...filterLike({ ...body, id: 1, map_id: TOWN.id, options: null }),
            id: integer(1),
            name: equal(body.name),
            options: nullValue(),
          },
        }),
      )
      .executeTest(async (server) => {
        const created = await createFilter(TOWN.id, body, options(server.url));
        expect(created.data).toMatchObject({ property: 'diameter_mm', type: 'range' });
      });
  });

  it('createFilter 422 with per-field errors', () => {
    const body = { layer_id: PIPES.id, name: 'Odd', property: 'material', type: 'slider' };
    return pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .uponReceiving('an invalid filter creation')
      .withRequest('POST', `/api/maps/${TOWN.id}/filters`, (b) => b.headers(signedInHeaders).jsonBody(body))
      .willRespondWith(422, (b) =>
        b.headers(JSON_RESPONSE).jsonBody(validationLike({ type: 'The selected type is invalid.' })),
      )
      .executeTest(async (server) => {
        // The generated type forbids the unknown type; the server must still answer 422.
        const invalid = body as unknown as Parameters<typeof createFilter>[1];
        const failure = await rejectionOf(createFilter(TOWN.id, invalid, options(server.url)));
        expect(failure.data).toMatchObject({ errors: { type: [expect.any(String)] } });
      });
  });

  it('getFilter returns one filter', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .given(STATES.filterExists, stateOf(FILTER))
      .uponReceiving('a request for one filter')
      .withRequest('GET', `/api/maps/${TOWN.id}/filters/${FILTER.id}`, (b) => b.headers(readHeaders))
      .willRespondWith(200, (b) => b.headers(JSON_RESPONSE).jsonBody({ data: filterLike(FILTER) }))
      .executeTest(async (server) => {
        const found = await getFilter(TOWN.id, FILTER.id, options(server.url));
        expect(found.data.options).toEqual(FILTER.options);
      }));

  it('getFilter 404 for a filter of another map', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.mapExists, stateOf(HARBOUR))
      .given(STATES.layerExists, stateOf(PIPES))
      .given(STATES.filterExists, stateOf(FILTER))
      .uponReceiving('a request for a filter under a map it does not belong to')
      .withRequest('GET', `/api/maps/${HARBOUR.id}/filters/${FILTER.id}`, (b) => b.headers(readHeaders))
      .willRespondWith(404, (b) => b.headers(JSON_RESPONSE).jsonBody(messageLike('Not found.')))
      .executeTest(async (server) => {
        expect((await rejectionOf(getFilter(HARBOUR.id, FILTER.id, options(server.url)))).status).toBe(404);
      }));

  it('updateFilter returns the edited filter', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .given(STATES.filterExists, stateOf(FILTER))
      .uponReceiving('an edit of a filter')
      .withRequest('PUT', `/api/maps/${TOWN.id}/filters/${FILTER.id}`, (b) =>
        b.headers(signedInHeaders).jsonBody({ type: 'multiselect', order: 1 }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: { ...filterLike(FILTER), type: equal('multiselect'), order: equal(1) },
        }),
      )
      .executeTest(async (server) => {
        const updated = await updateFilter(
          TOWN.id,
          FILTER.id,
          { type: 'multiselect', order: 1 },
          options(server.url),
        );
        expect(updated.data).toMatchObject({ type: 'multiselect', order: 1 });
      }));

  it('deleteFilter 204', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .given(STATES.filterExists, stateOf(FILTER))
      .uponReceiving('a deletion of a filter')
      .withRequest('DELETE', `/api/maps/${TOWN.id}/filters/${FILTER.id}`, (b) => b.headers(signedInHeaders))
      .willRespondWith(204)
      .executeTest(async (server) => {
        await expect(deleteFilter(TOWN.id, FILTER.id, options(server.url))).resolves.toBe('');
      }));

  it('deleteFilter 403 for a user who is not an admin', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .given(STATES.filterExists, stateOf(FILTER))
      .uponReceiving('a deletion of a filter by a non-admin')
      .withRequest('DELETE', `/api/maps/${TOWN.id}/filters/${FILTER.id}`, (b) => b.headers(signedInHeaders))
      .willRespondWith(403, (b) =>
        b.headers(JSON_RESPONSE).jsonBody(messageLike('This action is unauthorized.')),
      )
      .executeTest(async (server) => {
        expect((await rejectionOf(deleteFilter(TOWN.id, FILTER.id, options(server.url)))).status).toBe(403);
      }));
});
