import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { getLayerTileJson } from '@generated/api/features/features';
import { createUserToken, deleteUserToken, listUserTokens } from '@generated/api/users/users';
import { PACT_ACCESS_TOKEN, STATES } from '../states';
import { PIPE_101, PIPES, TOWN } from './map-examples';
import { bboxLike, stateOf } from './map-matchers';
import {
  createPact,
  isoTimestamp,
  JSON_RESPONSE,
  messageLike,
  rejectionOf,
  signedInHeaders,
  validationLike,
  XHR,
} from './pact';

const { eachLike, equal, integer, like, number, regex } = MatchersV3;
const pact = createPact();
const options = (url: string) => ({ baseURL: url, headers: signedInHeaders });
const readHeaders = { ...XHR, Cookie: signedInHeaders.Cookie };

const OWN_TOKEN = { id: 7, name: 'QGIS on my laptop', abilities: ['read'] };
const OTHERS_TOKEN = { id: 8, name: 'Not yours', abilities: ['read', 'write'] };

const tokenLike = (example: { id: number; name: string; abilities: string[] }) => ({
  id: integer(example.id),
  name: like(example.name),
  abilities: eachLike(regex('^(read|write)$', 'read')),
  expires_at: null,
  last_used_at: null,
  created_at: isoTimestamp(),
});

describe('personal access tokens', () => {
  it('listUserTokens 200 lists the caller’s tokens without their secrets', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.userTokenExists, stateOf(OWN_TOKEN))
      .uponReceiving('a list of the signed-in user’s tokens')
      .withRequest('GET', '/api/user/tokens', (b) => b.headers(readHeaders))
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: eachLike({ ...tokenLike(OWN_TOKEN), id: equal(OWN_TOKEN.id), abilities: equal(['read']) }),
        }),
      )
      .executeTest(async (server) => {
        const list = await listUserTokens(options(server.url));
        expect(list.data[0]).toMatchObject({ id: OWN_TOKEN.id, abilities: ['read'] });
        expect(list.data[0]).not.toHaveProperty('token');
      }));

  it('createUserToken 201 shows the token once', () => {
    const body = {
      name: 'Nightly script',
      abilities: ['read', 'write'] as ('read' | 'write')[],
      expires_at: '2099-01-01T00:00:00Z',
    };
    return pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .uponReceiving('a personal access token creation')
      .withRequest('POST', '/api/user/tokens', (b) => b.headers(signedInHeaders).jsonBody(body))
      .willRespondWith(201, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: {
            ...tokenLike({ id: 7, ...body }),
            name: equal(body.name),
            abilities: equal(['read', 'write']),
            expires_at: isoTimestamp('2099-01-01T00:00:00.000Z'),
            token: regex(
              '^atb_pat_[A-Za-z0-9_-]{43}$',
              'atb_pat_7QmXzv0n3bK9wYc1JrT5uEo8aLsDfGhIjKlMnOpQrSt',
            ),
          },
        }),
      )
      .executeTest(async (server) => {
        const created = await createUserToken(body, options(server.url));
        expect(created.data.token).toMatch(/^atb_pat_/);
        expect(created.data.abilities).toEqual(['read', 'write']);
      });
  });

  it('createUserToken 422 for an expiry in the past', () => {
    const body = { name: 'Too late', abilities: ['read'] as 'read'[], expires_at: '2001-01-01T00:00:00Z' };
    return pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .uponReceiving('a personal access token creation that expires in the past')
      .withRequest('POST', '/api/user/tokens', (b) => b.headers(signedInHeaders).jsonBody(body))
      .willRespondWith(422, (b) =>
        b
          .headers(JSON_RESPONSE)
          .jsonBody(validationLike({ expires_at: 'The expires_at field must be a date after now.' })),
      )
      .executeTest(async (server) => {
        const failure = await rejectionOf(createUserToken(body, options(server.url)));
        expect(failure.status).toBe(422);
      });
  });

  it('deleteUserToken 204 revokes an own token', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.userTokenExists, stateOf(OWN_TOKEN))
      .uponReceiving('a revocation of an own token')
      .withRequest('DELETE', `/api/user/tokens/${OWN_TOKEN.id}`, (b) => b.headers(signedInHeaders))
      .willRespondWith(204)
      .executeTest(async (server) => {
        await expect(deleteUserToken(OWN_TOKEN.id, options(server.url))).resolves.toBe('');
      }));

  it('deleteUserToken 404 for another user’s token', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.othersUserTokenExists, stateOf(OTHERS_TOKEN))
      .uponReceiving('a revocation of another user’s token')
      .withRequest('DELETE', `/api/user/tokens/${OTHERS_TOKEN.id}`, (b) => b.headers(signedInHeaders))
      .willRespondWith(404, (b) => b.headers(JSON_RESPONSE).jsonBody(messageLike('Not found.')))
      .executeTest(async (server) => {
        expect((await rejectionOf(deleteUserToken(OTHERS_TOKEN.id, options(server.url)))).status).toBe(404);
      }));
});

describe('TileJSON', () => {
  it('getLayerTileJson 200 with a Bearer token: an absolute tiles template and the attribute fields', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.userTokenExists, stateOf(OWN_TOKEN))
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .given(STATES.featureExists, stateOf(PIPE_101))
      .uponReceiving('a TileJSON request signed with a personal access token')
      .withRequest('GET', `/api/maps/${TOWN.id}/layers/${PIPES.id}/tiles.json`, (b) =>
        b.headers({ Authorization: `Bearer ${PACT_ACCESS_TOKEN}` }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          tilejson: equal('3.0.0'),
          name: equal(PIPES.name),
          scheme: equal('xyz'),
          tiles: [
            regex(
              `^https?://[^/]+/api/maps/${TOWN.id}/layers/${PIPES.id}/tiles/\\{z\\}/\\{x\\}/\\{y\\}$`,
              `http://localhost:8080/api/maps/${TOWN.id}/layers/${PIPES.id}/tiles/{z}/{x}/{y}`,
            ),
          ],
          minzoom: integer(0),
          maxzoom: integer(22),
          bounds: bboxLike(),
          center: [number(-9.135), number(38.725), integer(12)],
          vector_layers: [
            {
              id: equal(String(PIPES.id)),
              description: equal(PIPES.name),
              minzoom: integer(0),
              maxzoom: integer(22),
              fields: equal({ material: 'String', diameter_mm: 'Number' }),
            },
          ],
        }),
      )
      .executeTest(async (server) => {
        const doc = await getLayerTileJson(TOWN.id, PIPES.id, {
          baseURL: server.url,
          headers: { Authorization: `Bearer ${PACT_ACCESS_TOKEN}` },
        });
        expect(doc.tiles[0]).toMatch(/\/tiles\/\{z\}\/\{x\}\/\{y\}$/);
        expect(doc.vector_layers[0]?.fields).toEqual({ material: 'String', diameter_mm: 'Number' });
      }));
});
