import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  getFeatureChildren,
  getFeatureHistory,
  getFeatureParents,
  updateFeatures,
  updateMultiSelectFeatures,
} from '@generated/api/features/features';
import { STATES } from '../states';
import {
  HARBOUR,
  PIPE_101,
  PIPE_102,
  PIPE_VALVE_RELATION,
  PIPES,
  TOWN,
  VALVE_201,
  VALVES,
} from './map-examples';
import { featureLike, stateOf } from './map-matchers';
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

const { equal, integer, like, nullValue } = MatchersV3;
const pact = createPact();
const readHeaders = { ...XHR, Cookie: signedInHeaders.Cookie };
const options = (url: string) => ({ baseURL: url, headers: signedInHeaders });

describe('feature edits', () => {
  it('updateFeatures edits one feature and deletes another in one save', () => {
    const body = {
      features: [
        { type: 'Feature' as const, id: PIPE_101.id, layer_id: PIPES.id, properties: { diameter_mm: 200 } },
      ],
      delete_ids: [PIPE_102.id],
    };
    return pact
      .addInteraction()
      .given(STATES.editorSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .given(STATES.featureExists, stateOf(PIPE_101))
      .given(STATES.featureExists, stateOf(PIPE_102))
      .uponReceiving('a save of feature edits')
      .withRequest('POST', `/api/maps/${TOWN.id}/updateFeatures`, (b) =>
        b.headers(signedInHeaders).jsonBody(body),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: {
            updated: [featureLike({ ...PIPE_101, properties: { material: 'cast_iron', diameter_mm: 200 } })],
            deleted_ids: [PIPE_102.id],
          },
        }),
      )
      .executeTest(async (server) => {
        const saved = await updateFeatures(TOWN.id, body, options(server.url));
        expect(saved.data.updated[0]?.properties).toEqual({ material: 'cast_iron', diameter_mm: 200 });
        expect(saved.data.deleted_ids).toEqual([PIPE_102.id]);
      });
  });

  it('updateFeatures 422 for an edit without its layer', () => {
    const body = { features: [{ type: 'Feature', id: PIPE_101.id, properties: { diameter_mm: 200 } }] };
    return pact
      .addInteraction()
      .given(STATES.editorSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .given(STATES.featureExists, stateOf(PIPE_101))
      .uponReceiving('a save of feature edits missing a layer id')
      .withRequest('POST', `/api/maps/${TOWN.id}/updateFeatures`, (b) =>
        b.headers(signedInHeaders).jsonBody(body),
      )
      .willRespondWith(422, (b) =>
        b
          .headers(JSON_RESPONSE)
          .jsonBody(validationLike({ 'features.0.layer_id': 'The features.0.layer_id field is required.' })),
      )
      .executeTest(async (server) => {
        const invalid = body as unknown as Parameters<typeof updateFeatures>[1];
        const failure = await rejectionOf(updateFeatures(TOWN.id, invalid, options(server.url)));
        expect(failure.data).toMatchObject({ errors: { 'features.0.layer_id': [expect.any(String)] } });
      });
  });

  it('updateMultiSelectFeatures sets the same values on every selected feature', () => {
    const body = {
      layer_id: PIPES.id,
      feature_ids: [PIPE_101.id, PIPE_102.id],
      properties: { material: 'steel' },
    };
    return pact
      .addInteraction()
      .given(STATES.editorSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .given(STATES.featureExists, stateOf(PIPE_101))
      .given(STATES.featureExists, stateOf(PIPE_102))
      .uponReceiving('an edit of several selected features')
      .withRequest('POST', `/api/maps/${TOWN.id}/updateMultiSelectFeatures`, (b) =>
        b.headers(signedInHeaders).jsonBody(body),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({ data: { layer_id: equal(PIPES.id), updated_count: equal(2) } }),
      )
      .executeTest(async (server) => {
        const result = await updateMultiSelectFeatures(TOWN.id, body, options(server.url));
        expect(result.data.updated_count).toBe(2);
      });
  });
});

describe('feature history and relatives', () => {
  it('getFeatureHistory lists the changes of a feature', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .given(STATES.featureExists, stateOf(PIPE_101))
      .uponReceiving('a request for the history of a feature')
      .withRequest('GET', `/api/maps/${TOWN.id}/features/${PIPE_101.id}/history`, (b) =>
        b.headers(readHeaders),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: [
            {
              id: integer(1),
              auditable_id: equal(PIPE_101.id),
              event: equal('created'),
              old_values: nullValue(),
              new_values: PIPE_101.properties,
              user: { id: integer(1001), name: like('Pact User') },
              created_at: isoTimestamp(),
            },
          ],
          // One page holds the whole of a short history: no older page to ask for.
          meta: { next_before: nullValue() },
        }),
      )
      .executeTest(async (server) => {
        const history = await getFeatureHistory(TOWN.id, PIPE_101.id, undefined, options(server.url));
        expect(history.data.map((entry) => entry.event)).toEqual(['created']);
        expect(history.meta.next_before).toBeNull();
      }));

  it('getFeatureHistory 404 for a feature of another map', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.mapExists, stateOf(HARBOUR))
      .given(STATES.layerExists, stateOf(PIPES))
      .given(STATES.featureExists, stateOf(PIPE_101))
      .uponReceiving('a request for the history of a feature under a map it does not belong to')
      .withRequest('GET', `/api/maps/${HARBOUR.id}/features/${PIPE_101.id}/history`, (b) =>
        b.headers(readHeaders),
      )
      .willRespondWith(404, (b) => b.headers(JSON_RESPONSE).jsonBody(messageLike('Not found.')))
      .executeTest(async (server) => {
        const call = getFeatureHistory(HARBOUR.id, PIPE_101.id, undefined, options(server.url));
        expect((await rejectionOf(call)).status).toBe(404);
      }));

  const relatedStates = () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .given(STATES.layerExists, stateOf(VALVES))
      .given(STATES.featureExists, stateOf(PIPE_101))
      .given(STATES.featureExists, stateOf(VALVE_201))
      .given(STATES.layerRelationExists, stateOf(PIPE_VALVE_RELATION));

  it('getFeatureChildren follows the relations where the feature is the parent', () =>
    relatedStates()
      .uponReceiving('a request for the children of a feature')
      .withRequest('GET', `/api/maps/${TOWN.id}/features/${PIPE_101.id}/children`, (b) =>
        b.headers(readHeaders),
      )
      .willRespondWith(200, (b) => b.headers(JSON_RESPONSE).jsonBody({ data: [featureLike(VALVE_201)] }))
      .executeTest(async (server) => {
        const children = await getFeatureChildren(TOWN.id, PIPE_101.id, options(server.url));
        expect(children.data.map((feature) => feature.id)).toEqual([VALVE_201.id]);
      }));

  it('getFeatureParents follows the relations where the feature is the child', () =>
    relatedStates()
      .uponReceiving('a request for the parents of a feature')
      .withRequest('GET', `/api/maps/${TOWN.id}/features/${VALVE_201.id}/parents`, (b) =>
        b.headers(readHeaders),
      )
      .willRespondWith(200, (b) => b.headers(JSON_RESPONSE).jsonBody({ data: [featureLike(PIPE_101)] }))
      .executeTest(async (server) => {
        const parents = await getFeatureParents(TOWN.id, VALVE_201.id, options(server.url));
        expect(parents.data.map((feature) => feature.id)).toEqual([PIPE_101.id]);
      }));
});
