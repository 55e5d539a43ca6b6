import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { createUser, deleteUser, getUser, listUsers, updateUser } from '@generated/api/users/users';
import { STATES } from '../states';
import {
  createPact,
  JSON_RESPONSE,
  messageLike,
  rejectionOf,
  signedInHeaders,
  userLike,
  validationLike,
  XHR,
} from './pact';

const { eachLike, equal, integer, like, nullValue } = MatchersV3;
const pact = createPact();

const GRACE = { id: 42, name: 'Grace Hopper', email: 'grace@example.com', type: 'editor' as const };
const readHeaders = { ...XHR, Cookie: signedInHeaders.Cookie };

describe('users: administration', () => {
  it('listUsers with search, order and paging', () => {
    const params = {
      page: 1,
      per_page: 15,
      search_global: 'grace',
      order_column: 'name',
      order_direction: 'asc',
    } as const;
    return pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.userExists, GRACE)
      .uponReceiving('a search of the user list')
      .withRequest('GET', '/api/users', (b) =>
        b.headers(readHeaders).query({
          page: '1',
          per_page: '15',
          search_global: 'grace',
          order_column: 'name',
          order_direction: 'asc',
        }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: eachLike({ ...userLike(GRACE), email: equal(GRACE.email) }),
          links: {
            first: like('/api/users?page=1'),
            last: like('/api/users?page=1'),
            prev: nullValue(),
            next: nullValue(),
          },
          meta: {
            current_page: equal(1),
            from: integer(1),
            last_page: equal(1),
            path: like('/api/users'),
            per_page: equal(15),
            to: integer(1),
            total: equal(1),
          },
        }),
      )
      .executeTest(async (server) => {
        const page = await listUsers(params, { baseURL: server.url, headers: signedInHeaders });
        expect(page.data.map((user) => user.email)).toEqual([GRACE.email]);
        expect(page.meta.total).toBe(1);
      });
  });

  it('listUsers 403 for a user who is not an admin', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .uponReceiving('a user list request from a non-admin')
      .withRequest('GET', '/api/users', (b) => b.headers(readHeaders))
      .willRespondWith(403, (b) =>
        b.headers(JSON_RESPONSE).jsonBody(messageLike('This action is unauthorized.')),
      )
      .executeTest(async (server) => {
        expect(
          (await rejectionOf(listUsers(undefined, { baseURL: server.url, headers: signedInHeaders }))).status,
        ).toBe(403);
      }));

  it('createUser 201 returns the new user', () => {
    const body = {
      name: 'Grace Hopper',
      // Not the address of the "a user exists" examples: the verifier's database holds them.
      email: 'grace.new@example.com',
      password: 'correct horse battery',
      password_confirmation: 'correct horse battery',
      type: 'editor' as const,
    };
    return pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .uponReceiving('a user creation by an admin')
      .withRequest('POST', '/api/users', (b) => b.headers(signedInHeaders).jsonBody(body))
      .willRespondWith(201, (b) =>
        b
          .headers(JSON_RESPONSE)
          .jsonBody({ data: { ...userLike(body), email: equal(body.email), type: equal('editor') } }),
      )
      .executeTest(async (server) => {
        const created = await createUser(body, { baseURL: server.url, headers: signedInHeaders });
        expect(created.data).toMatchObject({ email: body.email, type: 'editor' });
      });
  });

  it('createUser 422 with per-field errors', () => {
    const body = {
      name: '',
      email: 'nope',
      password: 'short',
      password_confirmation: 'short',
      type: 'editor' as const,
    };
    return pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .uponReceiving('an invalid user creation')
      .withRequest('POST', '/api/users', (b) => b.headers(signedInHeaders).jsonBody(body))
      .willRespondWith(422, (b) =>
        b.headers(JSON_RESPONSE).jsonBody(
          validationLike({
            name: 'The name field is required.',
            email: 'The email field must be a valid email address.',
            password: 'The password field must be at least 8 characters.',
          }),
        ),
      )
      .executeTest(async (server) => {
        const failure = await rejectionOf(
          createUser(body, { baseURL: server.url, headers: signedInHeaders }),
        );
        expect(failure.status).toBe(422);
        expect(failure.data).toMatchObject({ errors: { email: [expect.any(String)] } });
      });
  });

  it('getUser returns one user', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.userExists, GRACE)
      .uponReceiving('a request for one user')
      .withRequest('GET', `/api/users/${GRACE.id}`, (b) => b.headers(readHeaders))
      .willRespondWith(200, (b) =>
        b
          .headers(JSON_RESPONSE)
          .jsonBody({ data: { ...userLike(GRACE), id: equal(GRACE.id), email: equal(GRACE.email) } }),
      )
      .executeTest(async (server) => {
        const found = await getUser(GRACE.id, { baseURL: server.url, headers: signedInHeaders });
        expect(found.data).toMatchObject({ id: GRACE.id, name: GRACE.name });
      }));

  it('updateUser returns the edited user', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.userExists, GRACE)
      .uponReceiving('an edit of a user')
      .withRequest('PUT', `/api/users/${GRACE.id}`, (b) =>
        b.headers(signedInHeaders).jsonBody({ name: 'Grace B. Hopper', locale: 'fr' }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: {
            ...userLike(GRACE),
            id: equal(GRACE.id),
            name: equal('Grace B. Hopper'),
            locale: equal('fr'),
          },
        }),
      )
      .executeTest(async (server) => {
        const updated = await updateUser(
          GRACE.id,
          { name: 'Grace B. Hopper', locale: 'fr' },
          { baseURL: server.url, headers: signedInHeaders },
        );
        expect(updated.data).toMatchObject({ name: 'Grace B. Hopper', locale: 'fr' });
      }));

  it('deleteUser 204', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.userExists, GRACE)
      .uponReceiving('a deletion of a user')
      .withRequest('DELETE', `/api/users/${GRACE.id}`, (b) => b.headers(signedInHeaders))
      .willRespondWith(204)
      .executeTest(async (server) => {
        await expect(deleteUser(GRACE.id, { baseURL: server.url, headers: signedInHeaders })).resolves.toBe(
          '',
        );
      }));

  it('getUser 404 for an unknown id', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .uponReceiving('a request for a user that does not exist')
      .withRequest('GET', '/api/users/999999', (b) => b.headers(readHeaders))
      .willRespondWith(404, (b) => b.headers(JSON_RESPONSE).jsonBody(messageLike('Not found.')))
      .executeTest(async (server) => {
        expect(
          (await rejectionOf(getUser(999999, { baseURL: server.url, headers: signedInHeaders }))).status,
        ).toBe(404);
      }));
});
