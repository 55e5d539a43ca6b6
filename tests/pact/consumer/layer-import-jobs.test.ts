import { MatchersV3 } from '@pact-foundation/pact';
import type { Matcher } from '@pact-foundation/pact/src/v3/types';
import { describe, expect, it } from 'vitest';
import { getImport, startLayerImport } from '@generated/api/layers/layers';
import { STATES } from '../states';
import { PIPES, TOWN } from './map-examples';
import { stateOf } from './map-matchers';
import { createPact, isoTimestamp, JSON_RESPONSE, signedInHeaders } from './pact';

const { equal, integer, nullValue, regex } = MatchersV3;
const pact = createPact();
const options = (url: string) => ({ baseURL: url, headers: signedInHeaders });

const UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const IMPORT_ID = '5c0f7d2a-1b3e-4a6f-8c9d-0e1f2a3b4c5d';
const FILE_NAME = 'parcels.geojson';
const FILE_TYPE = 'application/octet-stream';
const PARCELS = JSON.stringify({
  type: 'FeatureCollection',
  features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [-9.14, 38.72] }, properties: {} }],
});

// As in layer-import.test.ts: the multipart body is written out with a fixed boundary, and
// the file part is judged by the content type Pact sniffs from its bytes.
const BOUNDARY = 'pact-import-boundary';
const MULTIPART_TYPE = regex(
  '^multipart/form-data;\\s*boundary=.+$',
  `multipart/form-data; boundary=${BOUNDARY}`,
);
const contentType = (value: string) => ({ 'pact:matcher:type': 'contentType', value }) as Matcher<unknown>;

function importBody(): Buffer {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${FILE_NAME}"\r\n` +
      `Content-Type: ${FILE_TYPE}\r\n\r\n${PARCELS}\r\n--${BOUNDARY}--\r\n`,
  );
}

describe('layer import jobs', () => {
  it('startLayerImport 202 queues the import and answers the job to poll', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .uponReceiving('a large file to import as a job')
      .withRequest('POST', `/api/maps/${TOWN.id}/layer-imports`, (b) =>
        b
          .headers({ ...signedInHeaders, 'Content-Type': MULTIPART_TYPE })
          .body('multipart/form-data', importBody())
          .matchingRules({ body: [{ path: '$.file', rules: [contentType('application/json')] }] }),
      )
      .willRespondWith(202, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: {
            id: regex(UUID, IMPORT_ID),
            status: equal('pending'),
            progress: equal(0),
            file_name: equal(FILE_NAME),
            layer_id: nullValue(),
            features_imported: nullValue(),
            features_skipped: nullValue(),
            warnings: [],
            error: nullValue(),
            created_at: isoTimestamp(),
          },
        }),
      )
      .executeTest(async (server) => {
        const file = new File([PARCELS], FILE_NAME, { type: FILE_TYPE });
        const started = await startLayerImport(TOWN.id, { file }, options(server.url));
        expect(started.data).toMatchObject({ status: 'pending', progress: 0, layer_id: null });
      }));

  it('getImport 200 names the new layer once the import is ready', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .given(
        STATES.importExists,
        stateOf({
          id: IMPORT_ID,
          map_id: TOWN.id,
          layer_id: PIPES.id,
          file_name: FILE_NAME,
          features_imported: 48210,
          features_skipped: 2,
        }),
      )
      .uponReceiving('a poll of a finished import')
      .withRequest('GET', `/api/imports/${IMPORT_ID}`, (b) => b.headers(signedInHeaders))
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: {
            id: equal(IMPORT_ID),
            status: equal('ready'),
            progress: equal(1),
            file_name: equal(FILE_NAME),
            layer_id: integer(PIPES.id),
            features_imported: integer(48210),
            features_skipped: integer(2),
            warnings: [],
            error: nullValue(),
            created_at: isoTimestamp(),
          },
        }),
      )
      .executeTest(async (server) => {
        const polled = await getImport(IMPORT_ID, options(server.url));
        expect(polled.data).toMatchObject({ status: 'ready', layer_id: PIPES.id });
      }));
});
