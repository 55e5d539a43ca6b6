import { describe, expect, it } from 'vitest';
import { listLayerFeatures } from '@generated/api/features/features';
import { updateLayerProperties } from '@generated/api/layers/layers';
import { STATES } from '../states';
import { PIPE_101, PIPE_102, PIPE_PROPERTIES, PIPES, TOWN } from './map-examples';
import { featureLike, layerLike, pageLike, stateOf } from './map-matchers';
import { createPact, JSON_RESPONSE, signedInHeaders, XHR } from './pact';

const pact = createPact();
const readHeaders = { ...XHR, Cookie: signedInHeaders.Cookie };
const options = (url: string) => ({ baseURL: url, headers: signedInHeaders });
const featuresPath = `/api/maps/${TOWN.id}/layers/${PIPES.id}/features`;
const [MATERIAL] = PIPE_PROPERTIES;

describe('what guides attribute forms and the table', () => {
  it('listLayerFeatures keeps the features whose column has one value', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .given(STATES.featureExists, stateOf(PIPE_101))
      .given(STATES.featureExists, stateOf(PIPE_102))
      .uponReceiving('the features of a layer whose material is pvc')
      .withRequest('GET', featuresPath, (b) =>
        b
          .headers(readHeaders)
          .query({ page: '1', per_page: '15', where_property: 'material', where_value: 'pvc' }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody(pageLike(featuresPath, [featureLike(PIPE_102)], 1)),
      )
      .executeTest(async (server) => {
        const page = await listLayerFeatures(
          TOWN.id,
          PIPES.id,
          { page: 1, per_page: 15, where_property: 'material', where_value: 'pvc' },
          options(server.url),
        );
        expect(page.data.map((feature) => feature.id)).toEqual([PIPE_102.id]);
      }));

  it('updateLayerProperties keeps the bounds, pattern and default of an entry', () => {
    const body = {
      properties: [
        {
          name: 'diameter_mm',
          label: 'Diameter',
          type: 'integer' as const,
          min: 20,
          max: 1000,
          default: 110,
        },
        { name: 'code', label: 'Code', type: 'string' as const, pattern: '[A-Z]{2}-[0-9]{3}' },
      ],
    };
    return pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .uponReceiving('an attribute schema edit with bounds, a pattern and a default')
      .withRequest('PUT', `/api/maps/${TOWN.id}/layers/${PIPES.id}/properties`, (b) =>
        b.headers(signedInHeaders).jsonBody(body),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: {
            ...layerLike(PIPES),
            properties: [
              { ...MATERIAL, options: [...MATERIAL.options] },
              {
                name: 'diameter_mm',
                label: 'Diameter',
                type: 'integer',
                required: false,
                options: null,
                min: 20,
                max: 1000,
                default: 110,
              },
              {
                name: 'code',
                label: 'Code',
                type: 'string',
                required: false,
                options: null,
                pattern: '[A-Z]{2}-[0-9]{3}',
              },
            ],
          },
        }),
      )
      .executeTest(async (server) => {
        const layer = await updateLayerProperties(TOWN.id, PIPES.id, body, options(server.url));
        const diameter = layer.data.properties.find((entry) => entry.name === 'diameter_mm');
        expect([diameter?.min, diameter?.max, diameter?.default]).toEqual([20, 1000, 110]);
      });
  });
});
