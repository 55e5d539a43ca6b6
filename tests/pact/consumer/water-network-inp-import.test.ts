import { MatchersV3 } from '@pact-foundation/pact';
import type { Matcher } from '@pact-foundation/pact/src/v3/types';
import { describe, expect, it } from 'vitest';
import { importWaterNetworkInp } from '@generated/api/water-network/water-network';
import { STATES } from '../states';
import { HYDRAULIC_DEFAULTS, TOWN } from './map-examples';
import { bboxLike, stateOf } from './map-matchers';
import {
  createPact,
  isoTimestamp,
  JSON_RESPONSE,
  rejectionOf,
  signedInHeaders,
  validationLike,
} from './pact';

const { boolean, eachLike, equal, integer, like, nullValue, number, regex } = MatchersV3;
const pact = createPact();
const options = (url: string) => ({ baseURL: url, headers: signedInHeaders });

const FILE_NAME = 'network.inp';
/** What a browser sends for an .inp file: it knows no media type for the extension. */
const FILE_TYPE = 'application/octet-stream';

/** A reservoir feeding one junction through one pipe, as EPANET writes it. */
const NETWORK = [
  '[JUNCTIONS]',
  'J1\t10\t2',
  '[RESERVOIRS]',
  'R1\t60',
  '[PIPES]',
  'P1\tR1\tJ1\t500\t150\t130\t0\tOpen',
  '[COORDINATES]',
  'R1\t-9.14\t38.72',
  'J1\t-9.135\t38.72',
  '[END]',
  '',
].join('\n');
/** The same file with its pipe ending at a node that is not defined. */
const UNKNOWN_NODE = NETWORK.replace('R1\tJ1', 'R1\tJ9');

/**
 * The recorded body is written out (both parts, fixed boundary), as layer-import.test.ts does:
 * Pact's multipartBody() records the file part only.
 */
const BOUNDARY = 'pact-inp-boundary';
const MULTIPART_TYPE = regex(
  '^multipart/form-data;\\s*boundary=.+$',
  `multipart/form-data; boundary=${BOUNDARY}`,
);
const contentType = (value: string) => ({ 'pact:matcher:type': 'contentType', value }) as Matcher<unknown>;
const partRules = {
  body: [
    { path: '$.crs', rules: [regex('^EPSG:[0-9]{1,6}$', 'EPSG:4326')] },
    { path: '$.file', rules: [contentType('text/plain')] },
  ],
};

function inpBody(content: string): Buffer {
  const part = (headers: string, value: string) => `--${BOUNDARY}\r\n${headers}\r\n\r\n${value}\r\n`;
  return Buffer.from(
    part(
      `Content-Disposition: form-data; name="file"; filename="${FILE_NAME}"\r\nContent-Type: ${FILE_TYPE}`,
      content,
    ) +
      part('Content-Disposition: form-data; name="crs"', 'EPSG:4326') +
      `--${BOUNDARY}--\r\n`,
  );
}

const inpFile = (content: string) => new File([content], FILE_NAME, { type: FILE_TYPE });

const request = (description: string, content: string) =>
  pact
    .addInteraction()
    .given(STATES.adminSignedIn)
    .given(STATES.mapExists, stateOf(TOWN))
    .uponReceiving(description)
    .withRequest('POST', `/api/maps/${TOWN.id}/water-network/import-inp`, (b) =>
      b
        .headers({ ...signedInHeaders, 'Content-Type': MULTIPART_TYPE })
        .body('multipart/form-data', inpBody(content))
        .matchingRules(partRules),
    );

const layerLike = (id: number, name: string, geometryType: string) => ({
  id: integer(id),
  map_id: equal(TOWN.id),
  category_id: nullValue(),
  name: equal(name),
  type: equal('vector'),
  geometry_type: equal(geometryType),
  source: nullValue(),
  style: {
    stroke_color: like('#1f78b4'),
    stroke_width: number(1),
    fill_color: like('#1f78b499'),
    point_radius: number(5),
    label_property: nullValue(),
  },
  visible: boolean(true),
  opacity: number(1),
  min_zoom: nullValue(),
  max_zoom: nullValue(),
  order: integer(1),
  properties: eachLike({
    name: like('epanet_id'),
    label: like('epanet_id'),
    type: regex('^(string|number|integer|boolean|date|enum|url)$', 'string'),
    required: boolean(false),
    options: nullValue(),
  }),
  features_count: integer(1),
  extent: bboxLike(),
  created_at: isoTimestamp(),
  updated_at: isoTimestamp(),
});

describe('water network INP import', () => {
  it('importWaterNetworkInp 201 makes the layers and the network of the map', () =>
    request('an import of an EPANET INP file as the water network', NETWORK)
      .willRespondWith(201, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: {
            // Pipes, junctions, then reservoirs and tanks: the order they are added to the map.
            layers: [
              layerLike(12, 'Pipes', 'LineString'),
              layerLike(13, 'Junctions', 'Point'),
              layerLike(14, 'Reservoirs and tanks', 'Point'),
            ],
            network: {
              pipe_layer_id: integer(12),
              valve_layer_ids: [],
              node_layer_ids: eachLike(13),
              tolerance_m: number(0.01),
              hydraulics: {
                ...HYDRAULIC_DEFAULTS,
                source_layer_id: integer(14),
                service_layer_ids: eachLike(13),
              },
            },
          },
          meta: {
            junctions: equal(1),
            reservoirs: equal(1),
            tanks: equal(0),
            pipes: equal(1),
            valves: equal(0),
            warnings: [],
          },
        }),
      )
      .executeTest(async (server) => {
        const imported = await importWaterNetworkInp(
          TOWN.id,
          { file: inpFile(NETWORK), crs: 'EPSG:4326' },
          options(server.url),
        );
        expect(imported.data.layers.map((layer) => layer.name)).toEqual([
          'Pipes',
          'Junctions',
          'Reservoirs and tanks',
        ]);
        expect(imported.data.network.hydraulics.source_layer_id).toBe(imported.data.layers[2]?.id);
      }));

  it('importWaterNetworkInp 422 names the line of a pipe to an unknown node', () =>
    request('an import of an EPANET INP file with a pipe to an unknown node', UNKNOWN_NODE)
      .willRespondWith(422, (b) =>
        b.headers(JSON_RESPONSE).jsonBody(validationLike({ file: 'Line 6 ([PIPES]): unknown node "J9".' })),
      )
      .executeTest(async (server) => {
        const call = importWaterNetworkInp(
          TOWN.id,
          { file: inpFile(UNKNOWN_NODE), crs: 'EPSG:4326' },
          options(server.url),
        );
        expect((await rejectionOf(call)).data).toMatchObject({ errors: { file: [expect.any(String)] } });
      }));
});
