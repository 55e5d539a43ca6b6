import { MatchersV3 } from '@pact-foundation/pact';
import type { AxiosResponse } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import {
  fireFlowWaterNetwork,
  getWaterNetworkModelInp,
  simulateWaterNetwork,
  updateWaterNetwork,
} from '@generated/api/water-network/water-network';
import { setResponseCheck } from '@/lib/http-client';
import { STATES } from '../states';
import { HYDRANT_303, HYDRAULICS, hydraulicTown, NETWORK_CONFIG, NO_SOURCE, SOURCES } from './hydraulic-town';
import { HYDRAULIC_DEFAULTS, PIPE_101, PIPE_102, TOWN, VALVE_201 } from './map-examples';
import { createPact, JSON_RESPONSE, rejectionOf, signedInHeaders, validationLike } from './pact';

const { eachLike, like, regex } = MatchersV3;
const pact = createPact();
const options = (url: string) => ({ baseURL: url, headers: signedInHeaders });

afterEach(() => setResponseCheck(undefined));

describe('water network hydraulics', () => {
  it('updateWaterNetwork stores the source layer among the hydraulic settings', () => {
    const body = { ...NETWORK_CONFIG, hydraulics: HYDRAULICS };
    return hydraulicTown(pact.addInteraction().given(STATES.adminSignedIn), true)
      .uponReceiving('a water network configuration with a source layer')
      .withRequest('PUT', `/api/maps/${TOWN.id}/water-network`, (b) =>
        b.headers(signedInHeaders).jsonBody(body),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: {
            ...NETWORK_CONFIG,
            hydraulics: { ...HYDRAULIC_DEFAULTS, source_layer_id: SOURCES.id },
          },
        }),
      )
      .executeTest(async (server) => {
        const config = await updateWaterNetwork(TOWN.id, body, options(server.url));
        expect(config.data.hydraulics.source_layer_id).toBe(SOURCES.id);
      });
  });

  it('simulateWaterNetwork answers pressures at the nodes and flows in the pipes', () =>
    hydraulicTown(pact.addInteraction().given(STATES.userSignedIn), true)
      .uponReceiving('a hydraulic simulation of the water network')
      .withRequest('POST', `/api/maps/${TOWN.id}/water-network/simulate`, (b) => b.headers(signedInHeaders))
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: {
            nodes: eachLike({
              id: like('N1'),
              kind: like('junction'),
              feature_ids: eachLike(VALVE_201.id),
              coordinates: eachLike(-9.13, 2),
              elevation_m: like(0),
              demand_lps: like(0),
              head_m: like(59.9),
              pressure_m: like(59.9),
              pressure_bar: like(5.87),
            }),
            pipes: eachLike({
              pipe_id: like(PIPE_101.id),
              status: 'open',
              flow_lps: like(2),
              velocity_mps: like(0.11),
              headloss_m_per_km: like(0.2),
              lines: eachLike(eachLike(eachLike(-9.13, 2), 2)),
            }),
            warnings: [],
            low_pressure: [],
            low_pressure_m: like(20),
            min_pressure_m: like(59.9),
            max_pressure_m: like(59.9),
            demand_lps: like(2),
          },
        }),
      )
      .executeTest(async (server) => {
        const answer = await simulateWaterNetwork(TOWN.id, options(server.url));
        expect(answer.data.pipes[0]?.status).toBe('open');
      }));

  it('simulateWaterNetwork 422 names the missing source', () =>
    hydraulicTown(pact.addInteraction().given(STATES.userSignedIn), false)
      .uponReceiving('a hydraulic simulation of a network without a source')
      .withRequest('POST', `/api/maps/${TOWN.id}/water-network/simulate`, (b) => b.headers(signedInHeaders))
      .willRespondWith(422, (b) =>
        b.headers(JSON_RESPONSE).jsonBody(validationLike({ 'hydraulics.source_layer_id': NO_SOURCE })),
      )
      .executeTest(async (server) => {
        const failure = await rejectionOf(simulateWaterNetwork(TOWN.id, options(server.url)));
        expect(failure.status).toBe(422);
        expect(failure.data).toMatchObject({
          errors: { 'hydraulics.source_layer_id': [expect.any(String)] },
        });
      }));

  it('fireFlowWaterNetwork answers the flow at the residual pressure', () =>
    hydraulicTown(pact.addInteraction().given(STATES.userSignedIn), true)
      .uponReceiving('a fire flow at a hydrant')
      .withRequest('POST', `/api/maps/${TOWN.id}/water-network/fire-flow`, (b) =>
        b.headers(signedInHeaders).jsonBody({ hydrant_id: HYDRANT_303.id }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: {
            hydrant_id: HYDRANT_303.id,
            node_id: like('N2'),
            residual_bar: 1.4,
            static_pressure_bar: like(5.8),
            flow_lps: like(40.5),
            coordinates: eachLike(-9.12, 2),
          },
        }),
      )
      .executeTest(async (server) => {
        const answer = await fireFlowWaterNetwork(
          TOWN.id,
          { hydrant_id: HYDRANT_303.id },
          options(server.url),
        );
        expect(answer.data.residual_bar).toBe(1.4);
      }));

  it('fireFlowWaterNetwork 422 for a feature that is not a node of the network', () =>
    hydraulicTown(pact.addInteraction().given(STATES.userSignedIn), true)
      .uponReceiving('a fire flow at a pipe')
      .withRequest('POST', `/api/maps/${TOWN.id}/water-network/fire-flow`, (b) =>
        b.headers(signedInHeaders).jsonBody({ hydrant_id: PIPE_102.id }),
      )
      .willRespondWith(422, (b) =>
        b
          .headers(JSON_RESPONSE)
          .jsonBody(validationLike({ hydrant_id: "The feature is not a node on this map's water network." })),
      )
      .executeTest(async (server) => {
        const failure = await rejectionOf(
          fireFlowWaterNetwork(TOWN.id, { hydrant_id: PIPE_102.id }, options(server.url)),
        );
        expect(failure.status).toBe(422);
      }));

  it('getWaterNetworkModelInp sends the model as an INP file', () => {
    let response: AxiosResponse | undefined;
    return hydraulicTown(pact.addInteraction().given(STATES.userSignedIn), true)
      .uponReceiving('a download of the hydraulic model as INP')
      .withRequest('GET', `/api/maps/${TOWN.id}/water-network/model.inp`, (b) => b.headers(signedInHeaders))
      .willRespondWith(200, (b) =>
        b.headers({
          'Content-Type': 'text/plain',
          'Content-Disposition': regex(
            '^attachment; filename="[^"]+\\.inp"$',
            'attachment; filename="map-1.inp"',
          ),
        }),
      )
      .executeTest(async (server) => {
        // The generated call gives the body only; the mutator's response check sees the status.
        setResponseCheck((answer) => {
          response = answer;
        });
        await getWaterNetworkModelInp(TOWN.id, options(server.url));
        expect(response?.status).toBe(200);
      });
  });
});
