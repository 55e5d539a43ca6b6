import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { createLayerFeature, filterFeatures, listLayerFeatures } from '@generated/api/features/features';
import { STATES } from '../states';
import { HARBOUR, PIPE_101, PIPE_102, PIPES, QUAYS, TOWN } from './map-examples';
import { featureLike, pageLike, stateOf } from './map-matchers';
import {
  createPact,
  JSON_RESPONSE,
  messageLike,
  rejectionOf,
  signedInHeaders,
  validationLike,
  XHR,
} from './pact';

const { integer } = MatchersV3;
const pact = createPact();
const readHeaders = { ...XHR, Cookie: signedInHeaders.Cookie };
const options = (url: string) => ({ baseURL: url, headers: signedInHeaders });
const featuresPath = `/api/maps/${TOWN.id}/layers/${PIPES.id}/features`;

const NEW_PIPE = {
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

describe('features of a layer', () => {
  it('listLayerFeatures pages a layer, searched by any property', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .given(STATES.featureExists, stateOf(PIPE_101))
      .given(STATES.featureExists, stateOf(PIPE_102))
      .uponReceiving('a search of the features of a layer')
      .withRequest('GET', featuresPath, (b) =>
        b.headers(readHeaders).query({ page: '1', per_page: '15', search: 'IRON' }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody(pageLike(featuresPath, [featureLike(PIPE_101)], 1)),
      )
      .executeTest(async (server) => {
        const page = await listLayerFeatures(
          TOWN.id,
          PIPES.id,
          { page: 1, per_page: 15, search: 'IRON' },
          options(server.url),
        );
        expect(page.data.map((feature) => feature.id)).toEqual([PIPE_101.id]);
      }));

  it('listLayerFeatures sorts by a property of the layer', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .given(STATES.featureExists, stateOf(PIPE_101))
      .given(STATES.featureExists, stateOf(PIPE_102))
      .uponReceiving('the features of a layer sorted by diameter')
      .withRequest('GET', featuresPath, (b) =>
        b.headers(readHeaders).query({ page: '1', per_page: '15', sort: 'diameter_mm' }),
      )
      .willRespondWith(200, (b) =>
        b
          .headers(JSON_RESPONSE)
          .jsonBody(pageLike(featuresPath, [featureLike(PIPE_102), featureLike(PIPE_101)], 2)),
      )
      .executeTest(async (server) => {
        const page = await listLayerFeatures(
          TOWN.id,
          PIPES.id,
          { page: 1, per_page: 15, sort: 'diameter_mm' },
          options(server.url),
        );
        // 110 mm before 150 mm: not the id order.
        expect(page.data.map((feature) => feature.id)).toEqual([PIPE_102.id, PIPE_101.id]);
      }));

  it('listLayerFeatures 422 on sort for a property the layer does not have', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .uponReceiving('the features of a layer sorted by a property it does not have')
      .withRequest('GET', featuresPath, (b) => b.headers(readHeaders).query({ sort: '-colour' }))
      .willRespondWith(422, (b) =>
        b
          .headers(JSON_RESPONSE)
          .jsonBody(validationLike({ sort: 'The layer has no property named "colour".' })),
      )
      .executeTest(async (server) => {
        const call = listLayerFeatures(TOWN.id, PIPES.id, { sort: '-colour' }, options(server.url));
        expect((await rejectionOf(call)).status).toBe(422);
      }));

  it('listLayerFeatures 404 for a layer of another map', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.mapExists, stateOf(HARBOUR))
      .given(STATES.layerExists, stateOf(QUAYS))
      .uponReceiving('a request for the features of a layer under a map it does not belong to')
      .withRequest('GET', `/api/maps/${TOWN.id}/layers/${QUAYS.id}/features`, (b) => b.headers(readHeaders))
      .willRespondWith(404, (b) => b.headers(JSON_RESPONSE).jsonBody(messageLike('Not found.')))
      .executeTest(async (server) => {
        const call = listLayerFeatures(TOWN.id, QUAYS.id, undefined, options(server.url));
        expect((await rejectionOf(call)).status).toBe(404);
      }));

  it('createLayerFeature 201 by an editor', () =>
    pact
      .addInteraction()
      .given(STATES.editorSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .uponReceiving('a feature creation by an editor')
      .withRequest('POST', featuresPath, (b) => b.headers(signedInHeaders).jsonBody(NEW_PIPE))
      .willRespondWith(201, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: { ...featureLike({ ...NEW_PIPE, id: 1, layer_id: PIPES.id }), id: integer(1) },
        }),
      )
      .executeTest(async (server) => {
        const created = await createLayerFeature(TOWN.id, PIPES.id, NEW_PIPE, options(server.url));
        expect(created.data).toMatchObject({ layer_id: PIPES.id, properties: NEW_PIPE.properties });
      }));

  it('createLayerFeature 422 with per-field errors', () => {
    const body = { type: 'Feature', geometry: { type: 'LineString', coordinates: [[-9.12, 38.74]] } };
    return pact
      .addInteraction()
      .given(STATES.editorSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .uponReceiving('an invalid feature creation')
      .withRequest('POST', featuresPath, (b) => b.headers(signedInHeaders).jsonBody(body))
      .willRespondWith(422, (b) =>
        b
          .headers(JSON_RESPONSE)
          .jsonBody(validationLike({ properties: 'The properties field is required.' })),
      )
      .executeTest(async (server) => {
        // The generated type requires properties; the server must still answer 422 without them.
        const invalid = body as unknown as Parameters<typeof createLayerFeature>[2];
        const failure = await rejectionOf(
          createLayerFeature(TOWN.id, PIPES.id, invalid, options(server.url)),
        );
        expect(failure.data).toMatchObject({ errors: { properties: [expect.any(String)] } });
      });
  });

  it('createLayerFeature 403 for a user who may only read', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .uponReceiving('a feature creation by a user who may only read')
      .withRequest('POST', featuresPath, (b) => b.headers(signedInHeaders).jsonBody(NEW_PIPE))
      .willRespondWith(403, (b) =>
        b.headers(JSON_RESPONSE).jsonBody(messageLike('This action is unauthorized.')),
      )
      .executeTest(async (server) => {
        const call = createLayerFeature(TOWN.id, PIPES.id, NEW_PIPE, options(server.url));
        expect((await rejectionOf(call)).status).toBe(403);
      }));
});

describe('filtered features', () => {
  const filterPath = `/api/maps/${TOWN.id}/filter-features`;
  const body = {
    layers_filter: [
      {
        layer_id: PIPES.id,
        filters: [{ property: 'material', operator: 'eq' as const, value: 'cast_iron' }],
      },
    ],
  };

  it('filterFeatures pages the features that pass the conditions', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .given(STATES.featureExists, stateOf(PIPE_101))
      .given(STATES.featureExists, stateOf(PIPE_102))
      .uponReceiving('a filter of the features of a map')
      .withRequest('POST', filterPath, (b) =>
        b.headers(signedInHeaders).query({ page: '1', per_page: '15' }).jsonBody(body),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody(pageLike(filterPath, [featureLike(PIPE_101)], 1)),
      )
      .executeTest(async (server) => {
        const page = await filterFeatures(TOWN.id, body, { page: 1, per_page: 15 }, options(server.url));
        expect(page.data.map((feature) => feature.id)).toEqual([PIPE_101.id]);
      }));

  it('listLayerFeatures with datetime lists only the features whose time meets the range', () => {
    const dated = {
      map_id: TOWN.id,
      id: 12,
      name: 'Dated pipes',
      geometry_type: 'LineString',
      properties: [{ name: 'laid', label: 'Laid', type: 'date', required: false, options: null }],
      time_property: 'laid',
    };
    const laid2019 = { ...PIPE_101, layer_id: dated.id, id: 121, properties: { laid: '2019-05-01' } };
    const laid2001 = { ...PIPE_102, layer_id: dated.id, id: 122, properties: { laid: '2001-01-01' } };
    const datedPath = `/api/maps/${TOWN.id}/layers/${dated.id}/features`;
    return pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(dated))
      .given(STATES.featureExists, stateOf(laid2019))
      .given(STATES.featureExists, stateOf(laid2001))
      .uponReceiving('a request for the features of a layer within a time range')
      .withRequest('GET', datedPath, (b) =>
        b.headers(readHeaders).query({ datetime: '2019-01-01/2020-12-31' }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody(pageLike(datedPath, [featureLike(laid2019)], 1)),
      )
      .executeTest(async (server) => {
        const page = await listLayerFeatures(
          TOWN.id,
          dated.id,
          { datetime: '2019-01-01/2020-12-31' },
          options(server.url),
        );
        expect(page.data.map((feature) => feature.id)).toEqual([laid2019.id]);
      });
  });

  it('filterFeatures 422 for a time range on a layer without a time property', () => {
    const timed = { layers_filter: [{ layer_id: PIPES.id, filters: [], datetime: '2019-01-01/..' }] };
    return pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .uponReceiving('a filter of features with a time range on a layer without time')
      .withRequest('POST', filterPath, (b) => b.headers(signedInHeaders).jsonBody(timed))
      .willRespondWith(422, (b) =>
        b
          .headers(JSON_RESPONSE)
          .jsonBody(validationLike({ 'layers_filter.0.datetime': 'This layer has no time property.' })),
      )
      .executeTest(async (server) => {
        const failure = await rejectionOf(filterFeatures(TOWN.id, timed, undefined, options(server.url)));
        expect(failure.status).toBe(422);
      });
  });

  it('filterFeatures 422 for an unknown operator', () => {
    const invalid = {
      layers_filter: [
        { layer_id: PIPES.id, filters: [{ property: 'material', operator: 'like', value: 'x' }] },
      ],
    };
    return pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .uponReceiving('a filter of features with an unknown operator')
      .withRequest('POST', filterPath, (b) => b.headers(signedInHeaders).jsonBody(invalid))
      .willRespondWith(422, (b) =>
        b.headers(JSON_RESPONSE).jsonBody(
          validationLike({
            'layers_filter.0.filters.0.operator':
              'The selected layers_filter.0.filters.0.operator is invalid.',
          }),
        ),
      )
      .executeTest(async (server) => {
        const request = invalid as unknown as Parameters<typeof filterFeatures>[1];
        const failure = await rejectionOf(filterFeatures(TOWN.id, request, undefined, options(server.url)));
        expect(failure.status).toBe(422);
      });
  });
});
