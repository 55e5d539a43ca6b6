import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { traceWaterNetworkFlow } from '@generated/api/water-network/water-network';
import { STATES } from '../states';
import { HYDRANT_303, HYDRANTS, hydraulicTown, NO_SOURCE, RESERVOIR_401 } from './hydraulic-town';
import { PIPE_101, PIPE_102, TOWN, VALVE_201 } from './map-examples';
import { createPact, JSON_RESPONSE, rejectionOf, signedInHeaders, validationLike } from './pact';

const { eachLike, like } = MatchersV3;
const pact = createPact();
const options = (url: string) => ({ baseURL: url, headers: signedInHeaders });

// Upstream of hydrant 303 the water came through both pipes from the reservoir; which node the
// simulation hangs hydrant 301 on is EPANET's business, so the contract pins the lists' shape
// where it could go either way.

describe('water network flow traces', () => {
  it('traceWaterNetworkFlow answers upstream of a hydrant back to the reservoir', () =>
    hydraulicTown(pact.addInteraction().given(STATES.userSignedIn), true)
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
    hydraulicTown(pact.addInteraction().given(STATES.userSignedIn), false)
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
