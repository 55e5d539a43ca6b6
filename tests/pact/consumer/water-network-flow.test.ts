import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { traceWaterNetworkFlow } from '../../../generated/api/water-network/water-network';
import { STATES } from '../states';
import { PIPE_101, PIPE_102, PIPES, TOWN, VALVE_201, VALVES } from './map-examples';
import { stateOf } from './map-matchers';
import { createPact, JSON_RESPONSE, rejectionOf, signedInHeaders, validationLike } from './pact';

const { eachLike, like } = MatchersV3;
const pact = createPact();
const options = (url: string) => ({ baseURL: url, headers: signedInHeaders });

/**
 * The town of the hydraulics contract: reservoir 401 at the free end of pipe 101, valve 201
 * where 101 meets 102, hydrant 303 drawing 2 L/s at the far end of 102. Upstream of 303 the
 * water came through both pipes from the reservoir; which node the simulation hangs hydrant 301
 * on is EPANET's business, so the contract pins the lists' shape where it could go either way.
 */
const HYDRANTS = { map_id: TOWN.id, id: 12, name: 'Hydrants', geometry_type: 'Point', order: 2 } as const;
const SOURCES = { map_id: TOWN.id, id: 13, name: 'Sources', geometry_type: 'Point', order: 3 } as const;
const HYDRANT_301 = {
  layer_id: HYDRANTS.id,
  id: 301,
  geometry: { type: 'Point', coordinates: [-9.135, 38.725] },
  properties: {},
} as const;
const HYDRANT_303 = {
  layer_id: HYDRANTS.id,
  id: 303,
  geometry: { type: 'Point', coordinates: [-9.12, 38.74] },
  properties: { demand_lps: 2 },
} as const;
const RESERVOIR_401 = {
  layer_id: SOURCES.id,
  id: 401,
  geometry: { type: 'Point', coordinates: [-9.14, 38.72] },
  properties: { kind: 'reservoir', head_m: 60 },
} as const;
const CONFIGURED = {
  map_id: TOWN.id,
  pipe_layer_id: PIPES.id,
  valve_layer_ids: [VALVES.id],
  node_layer_ids: [HYDRANTS.id],
  tolerance_m: 1,
  hydraulics: { source_layer_id: SOURCES.id },
};

/** The town with its network and sources layer; `fed` puts the reservoir on it. */
function town(interaction: ReturnType<typeof pact.addInteraction>, fed: boolean) {
  const network = interaction
    .given(STATES.mapExists, stateOf(TOWN))
    .given(STATES.layerExists, stateOf(PIPES))
    .given(STATES.layerExists, stateOf(VALVES))
    .given(STATES.layerExists, stateOf(HYDRANTS))
    .given(STATES.layerExists, stateOf(SOURCES))
    .given(STATES.featureExists, stateOf(PIPE_101))
    .given(STATES.featureExists, stateOf(PIPE_102))
    .given(STATES.featureExists, stateOf(VALVE_201))
    .given(STATES.featureExists, stateOf(HYDRANT_301))
    .given(STATES.featureExists, stateOf(HYDRANT_303));
  const sourced = fed ? network.given(STATES.featureExists, stateOf(RESERVOIR_401)) : network;
  return sourced.given(STATES.waterNetworkConfigured, stateOf(CONFIGURED));
}

const NO_SOURCE = "This map's water network has no source (reservoir or tank).";

describe('water network flow traces', () => {
  it('traceWaterNetworkFlow answers upstream of a hydrant back to the reservoir', () =>
    town(pact.addInteraction().given(STATES.userSignedIn), true)
      .uponReceiving('an upstream trace from a hydrant')
      .withRequest('POST', `/api/maps/${TOWN.id}/water-network/trace-flow`, (b) =>
        b.headers(signedInHeaders).jsonBody({ feature_id: HYDRANT_303.id, direction: 'upstream' }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: {
            feature_id: HYDRANT_303.id,
            direction: 'upstream',
            pipe_ids: [PIPE_101.id, PIPE_102.id],
            node_ids: eachLike(VALVE_201.id),
            source_ids: [RESERVOIR_401.id],
            node_layers: [{ layer_id: HYDRANTS.id, role: 'hydrant', feature_ids: eachLike(HYDRANT_303.id) }],
            flow_tolerance_lps: like(0.001),
          },
        }),
      )
      .executeTest(async (server) => {
        const trace = await traceWaterNetworkFlow(
          TOWN.id,
          { feature_id: HYDRANT_303.id, direction: 'upstream' },
          options(server.url),
        );
        expect(trace.data.source_ids).toEqual([RESERVOIR_401.id]);
      }));

  it('traceWaterNetworkFlow 422 names the missing source, as the simulation does', () =>
    town(pact.addInteraction().given(STATES.userSignedIn), false)
      .uponReceiving('a downstream trace on a network without a source')
      .withRequest('POST', `/api/maps/${TOWN.id}/water-network/trace-flow`, (b) =>
        b.headers(signedInHeaders).jsonBody({ feature_id: PIPE_101.id, direction: 'downstream' }),
      )
      .willRespondWith(422, (b) =>
        b.headers(JSON_RESPONSE).jsonBody(validationLike({ 'hydraulics.source_layer_id': NO_SOURCE })),
      )
      .executeTest(async (server) => {
        const failure = await rejectionOf(
          traceWaterNetworkFlow(
            TOWN.id,
            { feature_id: PIPE_101.id, direction: 'downstream' },
            options(server.url),
          ),
        );
        expect(failure.status).toBe(422);
      }));
});
