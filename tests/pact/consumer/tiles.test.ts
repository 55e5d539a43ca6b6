import type { AxiosResponse } from 'axios';
import { MatchersV3 } from '@pact-foundation/pact';
import { afterEach, describe, expect, it } from 'vitest';
import { getLayerTile } from '@generated/api/features/features';
import { setResponseCheck } from '@/lib/http-client';
import { STATES } from '../states';
import { PIPE_101, PIPES, TOWN } from './map-examples';
import { stateOf } from './map-matchers';
import { createPact, signedInHeaders, XHR } from './pact';

const { like } = MatchersV3;
const pact = createPact();
const readHeaders = { ...XHR, Cookie: signedInHeaders.Cookie };
const options = (url: string) => ({
  baseURL: url,
  headers: signedInHeaders,
  responseType: 'arraybuffer' as const,
});
/** The z14 tile that holds PIPE_101 (-9.14 38.72 → -9.13 38.73), and one far from it. */
const FULL_TILE = { z: 14, x: 7776, y: 6277 };
const EMPTY_TILE = { z: 14, x: 0, y: 0 };
const tilePath = ({ z, x, y }: typeof FULL_TILE) =>
  `/api/maps/${TOWN.id}/layers/${PIPES.id}/tiles/${z}/${x}/${y}`;

/** The generated call gives the body only; the mutator's response check sees status and headers. */
function lastResponse(): () => AxiosResponse | undefined {
  let seen: AxiosResponse | undefined;
  setResponseCheck((response) => {
    seen = response;
  });
  return () => seen;
}

afterEach(() => setResponseCheck(undefined));

// The tile bytes are the provider's to encode (MVT); the contract pins status and headers.
describe('vector tiles', () => {
  it('getLayerTile 200 sends a vector tile that revalidates on every use', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .given(STATES.featureExists, stateOf(PIPE_101))
      .uponReceiving('a request for a vector tile with features')
      .withRequest('GET', tilePath(FULL_TILE), (b) => b.headers(readHeaders))
      .willRespondWith(200, (b) =>
        b.headers({
          'Content-Type': 'application/vnd.mapbox-vector-tile',
          ETag: like('W/"10-2-14"'),
          'Cache-Control': 'private, max-age=0, must-revalidate',
        }),
      )
      .executeTest(async (server) => {
        const response = lastResponse();
        await getLayerTile(
          TOWN.id,
          PIPES.id,
          FULL_TILE.z,
          FULL_TILE.x,
          FULL_TILE.y,
          undefined,
          options(server.url),
        );
        expect(response()?.status).toBe(200);
        expect(response()?.headers['content-type']).toMatch(/^application\/vnd\.mapbox-vector-tile/);
      }));

  it('getLayerTile 204 for a tile without features', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .given(STATES.featureExists, stateOf(PIPE_101))
      .uponReceiving('a request for a vector tile without features')
      .withRequest('GET', tilePath(EMPTY_TILE), (b) => b.headers(readHeaders))
      .willRespondWith(204, (b) => b.headers({ ETag: like('W/"10-2-14"') }))
      .executeTest(async (server) => {
        const response = lastResponse();
        await getLayerTile(
          TOWN.id,
          PIPES.id,
          EMPTY_TILE.z,
          EMPTY_TILE.x,
          EMPTY_TILE.y,
          undefined,
          options(server.url),
        );
        expect(response()?.status).toBe(204);
      }));
});
