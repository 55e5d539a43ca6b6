import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { createLayer, deleteLayer, getLayer, listLayers, updateLayer } from '@generated/api/layers/layers';
import { STATES } from '../states';
import { HARBOUR, PIPE_101, PIPES, QUAYS, TOWN, VALVES } from './map-examples';
import { featureLike, layerLike, stateOf } from './map-matchers';
import {
  createPact,
  JSON_RESPONSE,
  messageLike,
  rejectionOf,
  signedInHeaders,
  validationLike,
  XHR,
} from './pact';

const { boolean, equal, integer, like, nullValue } = MatchersV3;
const pact = createPact();
const readHeaders = { ...XHR, Cookie: signedInHeaders.Cookie };
const options = (url: string) => ({ baseURL: url, headers: signedInHeaders });

describe('layers', () => {
  it('listLayers in drawing order', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .given(STATES.layerExists, stateOf(VALVES))
      .uponReceiving('a request for the layers of a map')
      .withRequest('GET', `/api/maps/${TOWN.id}/layers`, (b) => b.headers(readHeaders))
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({ data: [layerLike(PIPES), layerLike(VALVES)] }),
      )
      .executeTest(async (server) => {
        const layers = await listLayers(TOWN.id, options(server.url));
        expect(layers.data.map((layer) => layer.id)).toEqual([PIPES.id, VALVES.id]);
      }));

  it('createLayer 201 returns the new vector layer', () => {
    const body = {
      name: 'Hydrants',
      type: 'vector' as const,
      geometry_type: 'Point' as const,
      style: { stroke_color: '#e31a1c', point_radius: 6 },
      properties: [{ name: 'code', label: 'Code', type: 'string' as const, required: true }],
    };
    return pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .uponReceiving('a layer creation by an admin')
      .withRequest('POST', `/api/maps/${TOWN.id}/layers`, (b) => b.headers(signedInHeaders).jsonBody(body))
      .willRespondWith(201, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: {
            ...layerLike({ id: 12, map_id: TOWN.id, name: body.name, geometry_type: 'Point' }),
            id: integer(12),
            name: equal(body.name),
            style: {
              stroke_color: equal('#e31a1c'),
              stroke_width: like(2),
              fill_color: like('#1f78b466'),
              point_radius: equal(6),
              label_property: nullValue(),
            },
            properties: [{ name: 'code', label: 'Code', type: 'string', required: true, options: null }],
          },
        }),
      )
      .executeTest(async (server) => {
        const created = await createLayer(TOWN.id, body, options(server.url));
        expect(created.data).toMatchObject({ name: body.name, features_count: 0, extent: null });
      });
  });

  it('createLayer 422 with per-field errors', () => {
    const body = { name: '', type: 'vector' as const, style: { stroke_color: 'blue' } };
    return pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .uponReceiving('an invalid layer creation')
      .withRequest('POST', `/api/maps/${TOWN.id}/layers`, (b) => b.headers(signedInHeaders).jsonBody(body))
      .willRespondWith(422, (b) =>
        b.headers(JSON_RESPONSE).jsonBody(
          validationLike({
            name: 'The name field must be at least 1 characters.',
            'style.stroke_color': 'The style.stroke_color field format is invalid.',
          }),
        ),
      )
      .executeTest(async (server) => {
        const failure = await rejectionOf(createLayer(TOWN.id, body, options(server.url)));
        expect(failure.status).toBe(422);
        expect(failure.data).toMatchObject({ errors: { 'style.stroke_color': [expect.any(String)] } });
      });
  });

  it('createLayer 403 for a user who is not an admin', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .uponReceiving('a layer creation by a non-admin')
      .withRequest('POST', `/api/maps/${TOWN.id}/layers`, (b) =>
        b.headers(signedInHeaders).jsonBody({ name: 'Mine', type: 'vector', geometry_type: 'Point' }),
      )
      .willRespondWith(403, (b) =>
        b.headers(JSON_RESPONSE).jsonBody(messageLike('This action is unauthorized.')),
      )
      .executeTest(async (server) => {
        const call = createLayer(
          TOWN.id,
          { name: 'Mine', type: 'vector', geometry_type: 'Point' },
          options(server.url),
        );
        expect((await rejectionOf(call)).status).toBe(403);
      }));

  it('getLayer with its features', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .given(STATES.featureExists, stateOf(PIPE_101))
      .uponReceiving('a request for a layer with its features')
      .withRequest('GET', `/api/maps/${TOWN.id}/layers/${PIPES.id}`, (b) =>
        b.headers(readHeaders).query({ include_data: 'true' }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: {
            ...layerLike(PIPES, 1),
            features: { type: equal('FeatureCollection'), features: [featureLike(PIPE_101)] },
            features_truncated: boolean(false),
          },
        }),
      )
      .executeTest(async (server) => {
        const layer = await getLayer(TOWN.id, PIPES.id, { include_data: true }, options(server.url));
        expect(layer.data.features?.features.map((feature) => feature.id)).toEqual([PIPE_101.id]);
      }));

  it('getLayer 404 for a layer of another map', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.mapExists, stateOf(HARBOUR))
      .given(STATES.layerExists, stateOf(QUAYS))
      .uponReceiving('a request for a layer under a map it does not belong to')
      .withRequest('GET', `/api/maps/${TOWN.id}/layers/${QUAYS.id}`, (b) => b.headers(readHeaders))
      .willRespondWith(404, (b) => b.headers(JSON_RESPONSE).jsonBody(messageLike('Not found.')))
      .executeTest(async (server) => {
        expect((await rejectionOf(getLayer(TOWN.id, QUAYS.id, undefined, options(server.url)))).status).toBe(
          404,
        );
      }));

  it('updateLayer returns the edited layer', () => {
    const body = { name: 'Water pipes', opacity: 0.8, visible: false };
    return pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .uponReceiving('an edit of a layer')
      .withRequest('PUT', `/api/maps/${TOWN.id}/layers/${PIPES.id}`, (b) =>
        b.headers(signedInHeaders).jsonBody(body),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: { ...layerLike(PIPES), name: equal(body.name), opacity: equal(0.8), visible: equal(false) },
        }),
      )
      .executeTest(async (server) => {
        const updated = await updateLayer(TOWN.id, PIPES.id, body, options(server.url));
        expect(updated.data).toMatchObject(body);
      });
  });

  it('deleteLayer 204', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .uponReceiving('a deletion of a layer')
      .withRequest('DELETE', `/api/maps/${TOWN.id}/layers/${PIPES.id}`, (b) => b.headers(signedInHeaders))
      .willRespondWith(204)
      .executeTest(async (server) => {
        await expect(deleteLayer(TOWN.id, PIPES.id, options(server.url))).resolves.toBe('');
      }));
});
