import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  updateCategory,
} from '@generated/api/categories/categories';
import { STATES } from '../states';
import { HARBOUR, NETWORK, TOWN } from './map-examples';
import { categoryLike, stateOf } from './map-matchers';
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
const VALVE_FOLDER = { map_id: TOWN.id, id: 4, name: 'Valves', parent_id: NETWORK.id };
const HARBOUR_FOLDER = { map_id: HARBOUR.id, id: 5, name: 'Quays' };

describe('categories', () => {
  it('listCategories gives the flat tree of a map', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.categoryExists, stateOf(NETWORK))
      .given(STATES.categoryExists, stateOf(VALVE_FOLDER))
      .uponReceiving('a request for the categories of a map')
      .withRequest('GET', '/api/layer-categories', (b) =>
        b.headers(readHeaders).query({ map_id: String(TOWN.id) }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: [categoryLike(NETWORK), { ...categoryLike(VALVE_FOLDER), parent_id: equal(NETWORK.id) }],
        }),
      )
      .executeTest(async (server) => {
        const categories = await listCategories({ map_id: TOWN.id }, options(server.url));
        expect(categories.data.map((category) => category.parent_id)).toEqual([null, NETWORK.id]);
      }));

  it('createCategory 201 returns the new category', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .uponReceiving('a category creation by an admin')
      .withRequest('POST', '/api/layer-categories', (b) =>
        b
          .headers(signedInHeaders)
          .query({ map_id: String(TOWN.id) })
          .jsonBody({ name: 'Network' }),
      )
      .willRespondWith(201, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: { ...categoryLike({ ...NETWORK, id: 1 }), id: integer(1), name: equal('Network') },
        }),
      )
      .executeTest(async (server) => {
        const created = await createCategory({ name: 'Network' }, { map_id: TOWN.id }, options(server.url));
        expect(created.data).toMatchObject({ map_id: TOWN.id, name: 'Network', parent_id: null });
      }));

  it('createCategory 422 with per-field errors', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .uponReceiving('an invalid category creation')
      .withRequest('POST', '/api/layer-categories', (b) =>
        b
          .headers(signedInHeaders)
          .query({ map_id: String(TOWN.id) })
          .jsonBody({ name: '', order: -1 }),
      )
      .willRespondWith(422, (b) =>
        b.headers(JSON_RESPONSE).jsonBody(
          validationLike({
            name: 'The name field must be at least 1 characters.',
            order: 'The order field must be at least 0.',
          }),
        ),
      )
      .executeTest(async (server) => {
        const call = createCategory({ name: '', order: -1 }, { map_id: TOWN.id }, options(server.url));
        expect((await rejectionOf(call)).data).toMatchObject({ errors: { order: [expect.any(String)] } });
      }));

  it('createCategory 403 for a user who is not an admin', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .uponReceiving('a category creation by a non-admin')
      .withRequest('POST', '/api/layer-categories', (b) =>
        b
          .headers(signedInHeaders)
          .query({ map_id: String(TOWN.id) })
          .jsonBody({ name: 'Mine' }),
      )
      .willRespondWith(403, (b) =>
        b.headers(JSON_RESPONSE).jsonBody(messageLike('This action is unauthorized.')),
      )
      .executeTest(async (server) => {
        const call = createCategory({ name: 'Mine' }, { map_id: TOWN.id }, options(server.url));
        expect((await rejectionOf(call)).status).toBe(403);
      }));

  it('getCategory returns one category', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.categoryExists, stateOf(NETWORK))
      .uponReceiving('a request for one category')
      .withRequest('GET', `/api/layer-categories/${NETWORK.id}`, (b) =>
        b.headers(readHeaders).query({ map_id: String(TOWN.id) }),
      )
      .willRespondWith(200, (b) => b.headers(JSON_RESPONSE).jsonBody({ data: categoryLike(NETWORK) }))
      .executeTest(async (server) => {
        const found = await getCategory(NETWORK.id, { map_id: TOWN.id }, options(server.url));
        expect(found.data.name).toBe(NETWORK.name);
      }));

  it('getCategory 404 for a category of another map', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.mapExists, stateOf(HARBOUR))
      .given(STATES.categoryExists, stateOf(HARBOUR_FOLDER))
      .uponReceiving('a request for a category under a map it does not belong to')
      .withRequest('GET', `/api/layer-categories/${HARBOUR_FOLDER.id}`, (b) =>
        b.headers(readHeaders).query({ map_id: String(TOWN.id) }),
      )
      .willRespondWith(404, (b) => b.headers(JSON_RESPONSE).jsonBody(messageLike('Not found.')))
      .executeTest(async (server) => {
        const call = getCategory(HARBOUR_FOLDER.id, { map_id: TOWN.id }, options(server.url));
        expect((await rejectionOf(call)).status).toBe(404);
      }));

  it('updateCategory returns the edited category', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.categoryExists, stateOf(NETWORK))
      .uponReceiving('an edit of a category')
      .withRequest('PUT', `/api/layer-categories/${NETWORK.id}`, (b) =>
        b
          .headers(signedInHeaders)
          .query({ map_id: String(TOWN.id) })
          .jsonBody({ name: 'Water network', order: 2 }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: { ...categoryLike(NETWORK), name: equal('Water network'), order: equal(2) },
        }),
      )
      .executeTest(async (server) => {
        const updated = await updateCategory(
          NETWORK.id,
          { name: 'Water network', order: 2 },
          { map_id: TOWN.id },
          options(server.url),
        );
        expect(updated.data).toMatchObject({ name: 'Water network', order: 2 });
      }));

  it('deleteCategory 204', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.categoryExists, stateOf(NETWORK))
      .uponReceiving('a deletion of a category')
      .withRequest('DELETE', `/api/layer-categories/${NETWORK.id}`, (b) =>
        b.headers(signedInHeaders).query({ map_id: String(TOWN.id) }),
      )
      .willRespondWith(204)
      .executeTest(async (server) => {
        await expect(deleteCategory(NETWORK.id, { map_id: TOWN.id }, options(server.url))).resolves.toBe('');
      }));
});
