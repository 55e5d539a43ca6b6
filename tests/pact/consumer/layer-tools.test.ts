import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  deleteLayerProperties,
  getLayerRelations,
  transferLayer,
  updateLayerProperties,
  updateLayerRelations,
} from '@generated/api/layers/layers';
import { STATES } from '../states';
import {
  HARBOUR,
  PIPE_101,
  PIPE_PROPERTIES,
  PIPE_VALVE_RELATION,
  PIPES,
  TOWN,
  VALVE_201,
  VALVES,
} from './map-examples';
import { layerLike, stateOf } from './map-matchers';
import { createPact, JSON_RESPONSE, rejectionOf, signedInHeaders, validationLike, XHR } from './pact';

const { eachLike, equal, integer, nullValue } = MatchersV3;
const pact = createPact();
const readHeaders = { ...XHR, Cookie: signedInHeaders.Cookie };
const options = (url: string) => ({ baseURL: url, headers: signedInHeaders });
const [MATERIAL] = PIPE_PROPERTIES;

describe('layer attribute schema', () => {
  it('updateLayerProperties edits one entry and adds another', () => {
    const body = {
      properties: [
        { name: 'diameter_mm', label: 'Diameter in mm', type: 'integer' as const },
        { name: 'installed_on', label: 'Installed on', type: 'date' as const },
      ],
    };
    return pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .uponReceiving('an edit of a layer attribute schema')
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
                label: 'Diameter in mm',
                type: 'integer',
                required: false,
                options: null,
              },
              { name: 'installed_on', label: 'Installed on', type: 'date', required: false, options: null },
            ],
          },
        }),
      )
      .executeTest(async (server) => {
        const layer = await updateLayerProperties(TOWN.id, PIPES.id, body, options(server.url));
        expect(layer.data.properties.map((entry) => entry.name)).toEqual([
          'material',
          'diameter_mm',
          'installed_on',
        ]);
      });
  });

  it('updateLayerProperties 422 for a name that is not an attribute name', () => {
    const body = { properties: [{ name: 'Bad Name', label: 'Bad', type: 'string' as const }] };
    return pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .uponReceiving('an attribute schema edit with an invalid name')
      .withRequest('PUT', `/api/maps/${TOWN.id}/layers/${PIPES.id}/properties`, (b) =>
        b.headers(signedInHeaders).jsonBody(body),
      )
      .willRespondWith(422, (b) =>
        b
          .headers(JSON_RESPONSE)
          .jsonBody(
            validationLike({ 'properties.0.name': 'The properties.0.name field format is invalid.' }),
          ),
      )
      .executeTest(async (server) => {
        const failure = await rejectionOf(
          updateLayerProperties(TOWN.id, PIPES.id, body, options(server.url)),
        );
        expect(failure.status).toBe(422);
        expect(failure.data).toMatchObject({ errors: { 'properties.0.name': [expect.any(String)] } });
      });
  });

  it('deleteLayerProperties removes the named entries', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .uponReceiving('a deletion of a layer attribute')
      .withRequest('POST', `/api/maps/${TOWN.id}/layers/${PIPES.id}/properties`, (b) =>
        b.headers(signedInHeaders).jsonBody({ names: ['diameter_mm'] }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: { ...layerLike(PIPES), properties: [{ ...MATERIAL, options: [...MATERIAL.options] }] },
        }),
      )
      .executeTest(async (server) => {
        const layer = await deleteLayerProperties(
          TOWN.id,
          PIPES.id,
          { names: ['diameter_mm'] },
          options(server.url),
        );
        expect(layer.data.properties.map((entry) => entry.name)).toEqual(['material']);
      }));
});

describe('layer transfer and relations', () => {
  it('transferLayer copies a layer with its features to another map', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.mapExists, stateOf(HARBOUR))
      .given(STATES.layerExists, stateOf(PIPES))
      .given(STATES.featureExists, stateOf(PIPE_101))
      .uponReceiving('a copy of a layer to another map')
      .withRequest('POST', `/api/maps/${TOWN.id}/layers/${PIPES.id}/transfer`, (b) =>
        b.headers(signedInHeaders).jsonBody({ target_map_id: HARBOUR.id, mode: 'copy' }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: { ...layerLike(PIPES, 1), id: integer(21), map_id: equal(HARBOUR.id) },
        }),
      )
      .executeTest(async (server) => {
        const copy = await transferLayer(
          TOWN.id,
          PIPES.id,
          { target_map_id: HARBOUR.id, mode: 'copy' },
          options(server.url),
        );
        expect(copy.data).toMatchObject({ map_id: HARBOUR.id, features_count: 1 });
        expect(copy.data.id).not.toBe(PIPES.id);
      }));

  it('getLayerRelations lists the relations of a layer', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .given(STATES.layerExists, stateOf(VALVES))
      .given(STATES.featureExists, stateOf(PIPE_101))
      .given(STATES.featureExists, stateOf(VALVE_201))
      .given(STATES.layerRelationExists, stateOf(PIPE_VALVE_RELATION))
      .uponReceiving('a request for the relations of a layer')
      .withRequest('GET', `/api/maps/${TOWN.id}/layers/${PIPES.id}/relations`, (b) => b.headers(readHeaders))
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: [
            {
              id: equal(PIPE_VALVE_RELATION.id),
              parent_layer_id: equal(PIPES.id),
              child_layer_id: equal(VALVES.id),
              rule: equal('manual'),
              tolerance_m: nullValue(),
              links_count: equal(1),
            },
          ],
        }),
      )
      .executeTest(async (server) => {
        const relations = await getLayerRelations(TOWN.id, PIPES.id, options(server.url));
        expect(relations.data).toMatchObject([{ child_layer_id: VALVES.id, links_count: 1 }]);
      }));

  it('updateLayerRelations replaces the child relations', () => {
    const body = { children: [{ child_layer_id: VALVES.id, rule: 'spatial' as const, tolerance_m: 1.5 }] };
    return pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .given(STATES.layerExists, stateOf(VALVES))
      .uponReceiving('a replacement of the child relations of a layer')
      .withRequest('PUT', `/api/maps/${TOWN.id}/layers/${PIPES.id}/relations`, (b) =>
        b.headers(signedInHeaders).jsonBody(body),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: eachLike({
            id: integer(1),
            parent_layer_id: equal(PIPES.id),
            child_layer_id: equal(VALVES.id),
            rule: equal('spatial'),
            tolerance_m: equal(1.5),
            links_count: equal(0),
          }),
        }),
      )
      .executeTest(async (server) => {
        const relations = await updateLayerRelations(TOWN.id, PIPES.id, body, options(server.url));
        expect(relations.data).toMatchObject([{ rule: 'spatial', tolerance_m: 1.5 }]);
      });
  });
});
