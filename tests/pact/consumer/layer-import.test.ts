import { MatchersV3 } from '@pact-foundation/pact';
import type { Matcher } from '@pact-foundation/pact/src/v3/types';
import { describe, expect, it } from 'vitest';
import { importLayer } from '@generated/api/layers/layers';
import { STATES } from '../states';
import { PIPES, TOWN } from './map-examples';
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

const LAYER_NAME = 'Hydrants';
const FILE_NAME = 'hydrants.geojson';
/** What a browser sends for a .geojson file: it knows no media type for the extension. */
const FILE_TYPE = 'application/octet-stream';

/** Two hydrants, as a GIS user would export them: a text code and a decimal pressure. */
const HYDRANTS = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-9.14, 38.72] },
      properties: { code: 'H-1', pressure: 4.5 },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-9.13, 38.73] },
      properties: { code: 'H-2', pressure: 6 },
    },
  ],
});
/** The same file cut off mid-way, as a failed download leaves it. */
const TRUNCATED = HYDRANTS.slice(0, HYDRANTS.indexOf('},{') + 1);

/**
 * Pact's multipartBody() records the file part only, so the provider would get no name.
 * The recorded body is written out instead (both parts, fixed boundary): the mock server
 * compares multipart bodies part by part, so the client's own boundary passes.
 */
const BOUNDARY = 'pact-import-boundary';
const MULTIPART_TYPE = regex(
  '^multipart/form-data;\\s*boundary=.+$',
  `multipart/form-data; boundary=${BOUNDARY}`,
);
const contentType = (value: string) => ({ 'pact:matcher:type': 'contentType', value }) as Matcher<unknown>;
/**
 * A binary body gets a content-type rule at `$` that reaches every part; each part gets its own.
 * Pact judges a binary part by sniffing its bytes: whole GeoJSON reads as application/json,
 * a cut-off file as text/plain.
 */
const importPartRules = (detected: string) => ({
  body: [
    { path: '$.name', rules: [regex('^.{1,255}$', LAYER_NAME)] },
    { path: '$.file', rules: [contentType(detected)] },
  ],
});

function importBody(content: string): Buffer {
  const part = (headers: string, value: string) => `--${BOUNDARY}\r\n${headers}\r\n\r\n${value}\r\n`;
  return Buffer.from(
    part(
      `Content-Disposition: form-data; name="file"; filename="${FILE_NAME}"\r\nContent-Type: ${FILE_TYPE}`,
      content,
    ) +
      part('Content-Disposition: form-data; name="name"', LAYER_NAME) +
      `--${BOUNDARY}--\r\n`,
  );
}

const geojsonFile = (content: string) => new File([content], FILE_NAME, { type: FILE_TYPE });

const importRequest = () =>
  pact
    .addInteraction()
    .given(STATES.adminSignedIn)
    .given(STATES.mapExists, stateOf(TOWN))
    .given(STATES.layerExists, stateOf(PIPES));

describe('layer import', () => {
  it('importLayer 201 makes a vector layer from a GeoJSON file', () =>
    importRequest()
      .uponReceiving('an import of a GeoJSON file as a new layer')
      .withRequest('POST', `/api/maps/${TOWN.id}/layers/upload`, (b) =>
        b
          .headers({ ...signedInHeaders, 'Content-Type': MULTIPART_TYPE })
          .body('multipart/form-data', importBody(HYDRANTS))
          .matchingRules(importPartRules('application/json')),
      )
      .willRespondWith(201, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: {
            id: integer(12),
            map_id: equal(TOWN.id),
            category_id: nullValue(),
            name: equal(LAYER_NAME),
            type: equal('vector'),
            // Inferred from the file: what the screens draw and edit the layer by.
            geometry_type: equal('Point'),
            source: nullValue(),
            style: {
              stroke_color: like('#e31a1c'),
              stroke_width: number(1),
              fill_color: like('#e31a1c99'),
              point_radius: number(5),
              label_property: nullValue(),
            },
            visible: boolean(true),
            opacity: number(1),
            min_zoom: nullValue(),
            max_zoom: nullValue(),
            order: integer(1),
            properties: eachLike({
              name: like('code'),
              label: like('code'),
              type: regex('^(string|number|integer|boolean|date|enum|url)$', 'string'),
              required: boolean(false),
              options: nullValue(),
            }),
            features_count: equal(2),
            extent: bboxLike(),
            created_at: isoTimestamp(),
            updated_at: isoTimestamp(),
          },
          meta: { features_imported: equal(2), features_skipped: equal(0), warnings: [] },
        }),
      )
      .executeTest(async (server) => {
        const imported = await importLayer(
          TOWN.id,
          { file: geojsonFile(HYDRANTS), name: LAYER_NAME },
          options(server.url),
        );
        expect(imported.data).toMatchObject({ name: LAYER_NAME, geometry_type: 'Point', features_count: 2 });
        expect(imported.meta.features_imported).toBe(2);
      }));

  it('importLayer 422 for a file that cannot be read', () =>
    importRequest()
      .uponReceiving('an import of a GeoJSON file that is cut off')
      .withRequest('POST', `/api/maps/${TOWN.id}/layers/upload`, (b) =>
        b
          .headers({ ...signedInHeaders, 'Content-Type': MULTIPART_TYPE })
          .body('multipart/form-data', importBody(TRUNCATED))
          .matchingRules(importPartRules('text/plain')),
      )
      .willRespondWith(422, (b) =>
        b.headers(JSON_RESPONSE).jsonBody(validationLike({ file: 'The file could not be read as geojson.' })),
      )
      .executeTest(async (server) => {
        const call = importLayer(
          TOWN.id,
          { file: geojsonFile(TRUNCATED), name: LAYER_NAME },
          options(server.url),
        );
        expect((await rejectionOf(call)).data).toMatchObject({ errors: { file: [expect.any(String)] } });
      }));
});
