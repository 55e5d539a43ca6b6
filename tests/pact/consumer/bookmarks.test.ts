import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { createBookmark, deleteBookmark } from '@generated/api/bookmarks/bookmarks';
import { STATES } from '../states';
import { OTHERS_BOOKMARK, OWN_BOOKMARK, TOWN } from './map-examples';
import { bookmarkLike, stateOf } from './map-matchers';
import { createPact, JSON_RESPONSE, messageLike, rejectionOf, signedInHeaders, validationLike } from './pact';

const { equal } = MatchersV3;
const pact = createPact();
const options = (url: string) => ({ baseURL: url, headers: signedInHeaders });

describe('bookmarks', () => {
  const body = { name: 'Old town', center: [-9.13, 38.71], zoom: 16, rotation: 0, visible_layer_ids: [] };

  it('createBookmark 201 saves a view for the signed-in user', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .uponReceiving('a bookmark creation')
      .withRequest('POST', `/api/maps/${TOWN.id}/bookmarks`, (b) => b.headers(signedInHeaders).jsonBody(body))
      .willRespondWith(201, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: {
            ...bookmarkLike({ map_id: TOWN.id, ...body }),
            name: equal(body.name),
            visible_layer_ids: [],
          },
        }),
      )
      .executeTest(async (server) => {
        const created = await createBookmark(TOWN.id, body, options(server.url));
        expect(created.data).toMatchObject({ map_id: TOWN.id, name: body.name, zoom: 16 });
      }));

  it('createBookmark 422 with per-field errors', () => {
    const invalid = { name: 'Nowhere', center: [-9.13], zoom: 40 };
    return pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .uponReceiving('an invalid bookmark creation')
      .withRequest('POST', `/api/maps/${TOWN.id}/bookmarks`, (b) =>
        b.headers(signedInHeaders).jsonBody(invalid),
      )
      .willRespondWith(422, (b) =>
        b.headers(JSON_RESPONSE).jsonBody(
          validationLike({
            center: 'The center field must have at least 2 items.',
            zoom: 'The zoom field must not be greater than 24.',
          }),
        ),
      )
      .executeTest(async (server) => {
        const failure = await rejectionOf(createBookmark(TOWN.id, invalid, options(server.url)));
        expect(failure.data).toMatchObject({ errors: { zoom: [expect.any(String)] } });
      });
  });

  it('deleteBookmark 204 for an own bookmark', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.ownBookmarkExists, stateOf(OWN_BOOKMARK))
      .uponReceiving('a deletion of an own bookmark')
      .withRequest('DELETE', `/api/maps/${TOWN.id}/bookmarks/${OWN_BOOKMARK.id}`, (b) =>
        b.headers(signedInHeaders),
      )
      .willRespondWith(204)
      .executeTest(async (server) => {
        await expect(deleteBookmark(TOWN.id, OWN_BOOKMARK.id, options(server.url))).resolves.toBe('');
      }));

  it("deleteBookmark 404 for another user's bookmark", () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.othersBookmarkExists, stateOf(OTHERS_BOOKMARK))
      .uponReceiving("a deletion of another user's bookmark")
      .withRequest('DELETE', `/api/maps/${TOWN.id}/bookmarks/${OTHERS_BOOKMARK.id}`, (b) =>
        b.headers(signedInHeaders),
      )
      .willRespondWith(404, (b) => b.headers(JSON_RESPONSE).jsonBody(messageLike('Not found.')))
      .executeTest(async (server) => {
        const call = deleteBookmark(TOWN.id, OTHERS_BOOKMARK.id, options(server.url));
        expect((await rejectionOf(call)).status).toBe(404);
      }));
});
