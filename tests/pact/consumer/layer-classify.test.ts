import { describe, expect, it } from 'vitest';
import { getLayerPropertyValues } from '@generated/api/layers/layers';
import { STATES } from '../states';
import { PIPE_101, PIPE_102, PIPES, TOWN } from './map-examples';
import { stateOf } from './map-matchers';
import { createPact, JSON_RESPONSE, rejectionOf, signedInHeaders, validationLike, XHR } from './pact';

const pact = createPact();
const readHeaders = { ...XHR, Cookie: signedInHeaders.Cookie };
const options = (url: string) => ({ baseURL: url, headers: signedInHeaders });
const path = `/api/maps/${TOWN.id}/layers/${PIPES.id}/property-values`;

describe('classify from data', () => {
  it('getLayerPropertyValues counts the values of a property and gives its range', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .given(STATES.featureExists, stateOf(PIPE_101))
      .given(STATES.featureExists, stateOf(PIPE_102))
      .uponReceiving('a request for the values of a layer property')
      .withRequest('GET', path, (b) =>
        b.headers(readHeaders).query({ property: 'diameter_mm', limit: '100' }),
      )
      .willRespondWith(200, (b) =>
        // Two features, one value each: equal counts come in value order.
        b.headers(JSON_RESPONSE).jsonBody({
          data: {
            property: 'diameter_mm',
            values: [
              { value: PIPE_102.properties.diameter_mm, count: 1 },
              { value: PIPE_101.properties.diameter_mm, count: 1 },
            ],
            truncated: false,
            range: { min: PIPE_102.properties.diameter_mm, max: PIPE_101.properties.diameter_mm },
          },
        }),
      )
      .executeTest(async (server) => {
        const answer = await getLayerPropertyValues(
          TOWN.id,
          PIPES.id,
          { property: 'diameter_mm', limit: 100 },
          options(server.url),
        );
        expect(answer.data.range).toEqual({ min: 110, max: 150 });
        expect(answer.data.values.map((entry) => entry.value)).toEqual([110, 150]);
      }));

  it('getLayerPropertyValues 422 for a property outside the layer schema', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .uponReceiving('a request for the values of an unknown property')
      .withRequest('GET', path, (b) => b.headers(readHeaders).query({ property: 'colour' }))
      .willRespondWith(422, (b) =>
        b.headers(JSON_RESPONSE).jsonBody(validationLike({ property: 'There is no property named colour.' })),
      )
      .executeTest(async (server) => {
        const rejected = await rejectionOf(
          getLayerPropertyValues(TOWN.id, PIPES.id, { property: 'colour' }, options(server.url)),
        );
        expect(rejected.status).toBe(422);
      }));
});
