import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  checkWaterNetwork,
  getWaterNetwork,
  isolateWaterNetworkPipe,
  traceWaterNetwork,
  updateWaterNetwork,
} from '@generated/api/water-network/water-network';
import { STATES } from '../states';
import { HYDRAULIC_DEFAULTS, PIPE_101, PIPE_102, PIPES, TOWN, VALVE_201, VALVES } from './map-examples';
import { stateOf } from './map-matchers';
import { createPact, JSON_RESPONSE, rejectionOf, signedInHeaders, validationLike } from './pact';

const { like, number } = MatchersV3;
const pact = createPact();
const options = (url: string) => ({ baseURL: url, headers: signedInHeaders });

/**
 * The town's network: pipes 101 and 102 meet at valve 201; hydrant 301 stands on pipe 101,
 * hydrant 302 a few hundred metres from any pipe.
 */
const HYDRANTS = { map_id: TOWN.id, id: 12, name: 'Hydrants', geometry_type: 'Point', order: 2 } as const;
const HYDRANT_301 = {
  layer_id: HYDRANTS.id,
  id: 301,
  geometry: { type: 'Point', coordinates: [-9.135, 38.725] },
  properties: {},
} as const;
const HYDRANT_302 = {
  layer_id: HYDRANTS.id,
  id: 302,
  geometry: { type: 'Point', coordinates: [-9.1, 38.7] },
  properties: {},
} as const;
const CONFIG = {
  pipe_layer_id: PIPES.id,
  valve_layer_ids: [VALVES.id],
  node_layer_ids: [HYDRANTS.id],
  tolerance_m: 1,
};
const CONFIGURED = { map_id: TOWN.id, ...CONFIG };

/** The town with its layers and features; `configured` adds the network configuration. */
function town(interaction: ReturnType<typeof pact.addInteraction>, configured: boolean) {
  const withFeatures = interaction
    .given(STATES.mapExists, stateOf(TOWN))
    .given(STATES.layerExists, stateOf(PIPES))
    .given(STATES.layerExists, stateOf(VALVES))
    .given(STATES.layerExists, stateOf(HYDRANTS))
    .given(STATES.featureExists, stateOf(PIPE_101))
    .given(STATES.featureExists, stateOf(PIPE_102))
    .given(STATES.featureExists, stateOf(VALVE_201))
    .given(STATES.featureExists, stateOf(HYDRANT_301))
    .given(STATES.featureExists, stateOf(HYDRANT_302));
  return configured ? withFeatures.given(STATES.waterNetworkConfigured, stateOf(CONFIGURED)) : withFeatures;
}

describe('water network configuration', () => {
  it('getWaterNetwork returns the configuration to a reader of the map', () =>
    town(pact.addInteraction().given(STATES.userSignedIn), true)
      .uponReceiving('a read of the water network configuration')
      .withRequest('GET', `/api/maps/${TOWN.id}/water-network`, (b) => b.headers(signedInHeaders))
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({ data: { ...CONFIG, hydraulics: HYDRAULIC_DEFAULTS } }),
      )
      .executeTest(async (server) => {
        const config = await getWaterNetwork(TOWN.id, options(server.url));
        expect(config.data.pipe_layer_id).toBe(PIPES.id);
      }));

  it('updateWaterNetwork stores the layers and the tolerance', () =>
    town(pact.addInteraction().given(STATES.adminSignedIn), false)
      .uponReceiving('a water network configuration')
      .withRequest('PUT', `/api/maps/${TOWN.id}/water-network`, (b) =>
        b.headers(signedInHeaders).jsonBody(CONFIG),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({ data: { ...CONFIG, hydraulics: HYDRAULIC_DEFAULTS } }),
      )
      .executeTest(async (server) => {
        const config = await updateWaterNetwork(TOWN.id, CONFIG, options(server.url));
        expect(config.data).toEqual({ ...CONFIG, hydraulics: HYDRAULIC_DEFAULTS });
      }));

  it('updateWaterNetwork 422 for a pipe layer that is not a line layer', () => {
    const body = { ...CONFIG, pipe_layer_id: VALVES.id, valve_layer_ids: [] };
    return town(pact.addInteraction().given(STATES.adminSignedIn), false)
      .uponReceiving('a water network configuration naming a point layer as pipes')
      .withRequest('PUT', `/api/maps/${TOWN.id}/water-network`, (b) =>
        b.headers(signedInHeaders).jsonBody(body),
      )
      .willRespondWith(422, (b) =>
        b
          .headers(JSON_RESPONSE)
          .jsonBody(
            validationLike({ pipe_layer_id: 'The pipe layer must be a vector line layer of this map.' }),
          ),
      )
      .executeTest(async (server) => {
        const failure = await rejectionOf(updateWaterNetwork(TOWN.id, body, options(server.url)));
        expect(failure.status).toBe(422);
        expect(failure.data).toMatchObject({ errors: { pipe_layer_id: [expect.any(String)] } });
      });
  });
});

describe('water network answers', () => {
  it('checkWaterNetwork reports the parts and the hydrant off the network', () =>
    town(pact.addInteraction().given(STATES.adminSignedIn), true)
      .uponReceiving('a topology check of the water network')
      .withRequest('POST', `/api/maps/${TOWN.id}/water-network/check`, (b) => b.headers(signedInHeaders))
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: {
            components: [{ id: 1, pipe_ids: [PIPE_101.id, PIPE_102.id] }],
            pipes_count: 2,
            nodes_count: 3,
            unconnected_node_ids: [HYDRANT_302.id],
            dangling: [],
            near_distance_m: number(5),
          },
        }),
      )
      .executeTest(async (server) => {
        const check = await checkWaterNetwork(TOWN.id, options(server.url));
        expect(check.data.unconnected_node_ids).toEqual([HYDRANT_302.id]);
      }));

  it('checkWaterNetwork 403 for an editor', () =>
    town(pact.addInteraction().given(STATES.editorSignedIn), true)
      .uponReceiving('a topology check by an editor')
      .withRequest('POST', `/api/maps/${TOWN.id}/water-network/check`, (b) => b.headers(signedInHeaders))
      .willRespondWith(403, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({ message: like('This action is unauthorized.') }),
      )
      .executeTest(async (server) => {
        expect((await rejectionOf(checkWaterNetwork(TOWN.id, options(server.url)))).status).toBe(403);
      }));

  it('isolateWaterNetworkPipe lists the valves to close and what loses service', () =>
    town(pact.addInteraction().given(STATES.userSignedIn), true)
      .uponReceiving('an isolation of a pipe')
      .withRequest('POST', `/api/maps/${TOWN.id}/water-network/isolate`, (b) =>
        b.headers(signedInHeaders).jsonBody({ pipe_id: PIPE_101.id }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: {
            pipe_id: PIPE_101.id,
            valve_ids: [VALVE_201.id],
            pipe_ids: [PIPE_101.id],
            node_ids: [HYDRANT_301.id],
            skipped_valve_ids: [],
            extra_pipe_ids: [],
            node_layers: [{ layer_id: HYDRANTS.id, role: 'hydrant', feature_ids: [HYDRANT_301.id] }],
          },
        }),
      )
      .executeTest(async (server) => {
        const isolation = await isolateWaterNetworkPipe(
          TOWN.id,
          { pipe_id: PIPE_101.id },
          options(server.url),
        );
        expect(isolation.data.valve_ids).toEqual([VALVE_201.id]);
        expect(isolation.data.node_layers[0]?.feature_ids).toEqual([HYDRANT_301.id]);
      }));

  it('isolateWaterNetworkPipe 422 for a feature that is not a pipe', () =>
    town(pact.addInteraction().given(STATES.userSignedIn), true)
      .uponReceiving('an isolation of a valve')
      .withRequest('POST', `/api/maps/${TOWN.id}/water-network/isolate`, (b) =>
        b.headers(signedInHeaders).jsonBody({ pipe_id: VALVE_201.id }),
      )
      .willRespondWith(422, (b) =>
        b
          .headers(JSON_RESPONSE)
          .jsonBody(validationLike({ pipe_id: "The feature is not a pipe of this map's water network." })),
      )
      .executeTest(async (server) => {
        const failure = await rejectionOf(
          isolateWaterNetworkPipe(TOWN.id, { pipe_id: VALVE_201.id }, options(server.url)),
        );
        expect(failure.status).toBe(422);
      }));

  it('traceWaterNetwork follows the network through open valves', () =>
    town(pact.addInteraction().given(STATES.userSignedIn), true)
      .uponReceiving('a trace from a valve')
      .withRequest('POST', `/api/maps/${TOWN.id}/water-network/trace`, (b) =>
        b.headers(signedInHeaders).jsonBody({ feature_id: VALVE_201.id }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: {
            feature_id: VALVE_201.id,
            pipe_ids: [PIPE_101.id, PIPE_102.id],
            node_ids: [VALVE_201.id, HYDRANT_301.id],
          },
        }),
      )
      .executeTest(async (server) => {
        const trace = await traceWaterNetwork(TOWN.id, { feature_id: VALVE_201.id }, options(server.url));
        expect(trace.data.pipe_ids).toEqual([PIPE_101.id, PIPE_102.id]);
      }));

  it('traceWaterNetwork 422 on a map without a network', () =>
    town(pact.addInteraction().given(STATES.userSignedIn), false)
      .uponReceiving('a trace on a map whose water network is not configured')
      .withRequest('POST', `/api/maps/${TOWN.id}/water-network/trace`, (b) =>
        b.headers(signedInHeaders).jsonBody({ feature_id: PIPE_101.id }),
      )
      .willRespondWith(422, (b) =>
        b
          .headers(JSON_RESPONSE)
          .jsonBody(validationLike({ pipe_layer_id: 'This map has no water network configured.' })),
      )
      .executeTest(async (server) => {
        const failure = await rejectionOf(
          traceWaterNetwork(TOWN.id, { feature_id: PIPE_101.id }, options(server.url)),
        );
        expect(failure.data).toMatchObject({ errors: { pipe_layer_id: [expect.any(String)] } });
      }));
});
