import type { AxiosResponse } from 'axios';
import { MatchersV3 } from '@pact-foundation/pact';
import { afterEach, describe, expect, it } from 'vitest';
import {
  downloadExport,
  exportFeatures,
  exportFilterFeatures,
  exportMultiSelectedFeatures,
  getExport,
} from '@generated/api/exports/exports';
import { setResponseCheck } from '@/lib/http-client';
import { STATES } from '../states';
import { OTHERS_EXPORT, PIPE_101, PIPE_102, PIPES, PIPES_EXPORT, RUNNING_EXPORT, TOWN } from './map-examples';
import { stateOf } from './map-matchers';
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

const { equal, integer, number, regex } = MatchersV3;
const pact = createPact();
const readHeaders = { ...XHR, Cookie: signedInHeaders.Cookie };
const options = (url: string) => ({ baseURL: url, headers: signedInHeaders });

/** A moment before the contract's features were made: the layer was empty then. */
const AS_OF = '2026-01-01T00:00:00.000Z';

const UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

/**
 * What an export call answers when the file was made during the request (a small layer):
 * the server's new uuid, `ready`, and a name ending in the format's extension.
 */
const readyExportLike = (format: string, extension: string) => ({
  id: regex(UUID, '0b5e2c1e-8a3f-4c1d-9f2a-7c6d5e4b3a21'),
  status: equal('ready'),
  progress: number(1),
  format: equal(format),
  file_name: regex(`^.+\\.${extension}$`, `pipes-2026-11-02.${extension}`),
  size: integer(512),
  expires_at: isoTimestamp('2026-11-03T10:00:00Z'),
});

/** A town with two pipes: small enough to be exported during the request. */
const withPipes = () =>
  pact
    .addInteraction()
    .given(STATES.userSignedIn)
    .given(STATES.mapExists, stateOf(TOWN))
    .given(STATES.layerExists, stateOf(PIPES))
    .given(STATES.featureExists, stateOf(PIPE_101))
    .given(STATES.featureExists, stateOf(PIPE_102));

/** The generated download gives the body only; the mutator's response check sees status and headers. */
function lastResponse(): () => AxiosResponse | undefined {
  let seen: AxiosResponse | undefined;
  setResponseCheck((response) => {
    seen = response;
  });
  return () => seen;
}

afterEach(() => setResponseCheck(undefined));

describe('exports', () => {
  it('exportFeatures 201: a small layer is ready at once', () => {
    const body = { format: 'geojson' as const, layer_id: PIPES.id };
    return withPipes()
      .uponReceiving("an export of a small layer's features")
      .withRequest('POST', `/api/maps/${TOWN.id}/export-features`, (b) =>
        b.headers(signedInHeaders).jsonBody(body),
      )
      .willRespondWith(201, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({ data: readyExportLike('geojson', 'geojson') }),
      )
      .executeTest(async (server) => {
        const started = await exportFeatures(TOWN.id, body, undefined, options(server.url));
        expect(started.data).toMatchObject({ status: 'ready', progress: 1, format: 'geojson' });
        expect(started.data.file_name).toMatch(/\.geojson$/);
      });
  });

  it('exportFeatures 201 with as_of: the file holds the layer as it was then', () => {
    const body = { format: 'csv' as const, layer_id: PIPES.id };
    return withPipes()
      .uponReceiving("an export of a layer's features as they were at a moment")
      .withRequest('POST', `/api/maps/${TOWN.id}/export-features`, (b) =>
        b.headers(signedInHeaders).query({ as_of: AS_OF }).jsonBody(body),
      )
      .willRespondWith(201, (b) => b.headers(JSON_RESPONSE).jsonBody({ data: readyExportLike('csv', 'csv') }))
      .executeTest(async (server) => {
        const started = await exportFeatures(TOWN.id, body, { as_of: AS_OF }, options(server.url));
        expect(started.data).toMatchObject({ status: 'ready', format: 'csv' });
      });
  });

  it('exportFeatures 201 with datetime: the file holds the features the time slider shows', () => {
    const dated = {
      map_id: TOWN.id,
      id: 12,
      name: 'Dated pipes',
      geometry_type: 'LineString',
      properties: [{ name: 'laid', label: 'Laid', type: 'date', required: false, options: null }],
      time_property: 'laid',
    };
    const laid2019 = { ...PIPE_101, layer_id: dated.id, id: 121, properties: { laid: '2019-05-01' } };
    const body = { format: 'geojson' as const, layer_id: dated.id, datetime: '2019-01-01/2020-12-31' };
    return pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(dated))
      .given(STATES.featureExists, stateOf(laid2019))
      .uponReceiving("an export of a layer's features within a time range")
      .withRequest('POST', `/api/maps/${TOWN.id}/export-features`, (b) =>
        b.headers(signedInHeaders).jsonBody(body),
      )
      .willRespondWith(201, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({ data: readyExportLike('geojson', 'geojson') }),
      )
      .executeTest(async (server) => {
        const started = await exportFeatures(TOWN.id, body, undefined, options(server.url));
        expect(started.data).toMatchObject({ status: 'ready', format: 'geojson' });
      });
  });

  it('exportFeatures 422 for a time range on a layer without a time property', () => {
    const body = { format: 'geojson' as const, layer_id: PIPES.id, datetime: '2019-01-01/..' };
    return withPipes()
      .uponReceiving('an export of a layer without time within a time range')
      .withRequest('POST', `/api/maps/${TOWN.id}/export-features`, (b) =>
        b.headers(signedInHeaders).jsonBody(body),
      )
      .willRespondWith(422, (b) =>
        b.headers(JSON_RESPONSE).jsonBody(validationLike({ datetime: 'This layer has no time property.' })),
      )
      .executeTest(async (server) => {
        const failure = await rejectionOf(exportFeatures(TOWN.id, body, undefined, options(server.url)));
        expect(failure.status).toBe(422);
      });
  });

  it('exportFeatures 422 for a format the server does not write', () => {
    const body = { format: 'pdf', layer_id: PIPES.id };
    return withPipes()
      .uponReceiving('an export in an unknown format')
      .withRequest('POST', `/api/maps/${TOWN.id}/export-features`, (b) =>
        b.headers(signedInHeaders).jsonBody(body),
      )
      .willRespondWith(422, (b) =>
        b.headers(JSON_RESPONSE).jsonBody(validationLike({ format: 'The selected format is invalid.' })),
      )
      .executeTest(async (server) => {
        const invalid = body as unknown as Parameters<typeof exportFeatures>[1];
        const call = exportFeatures(TOWN.id, invalid, undefined, options(server.url));
        const rejection = await rejectionOf(call);
        expect(rejection.status).toBe(422);
        expect(rejection.data).toMatchObject({ errors: { format: [expect.any(String)] } });
      });
  });

  it('exportFilterFeatures 201 exports what a filter finds', () => {
    const body = {
      format: 'csv' as const,
      layers_filter: [
        {
          layer_id: PIPES.id,
          filters: [{ property: 'material', operator: 'eq' as const, value: 'cast_iron' }],
        },
      ],
    };
    return withPipes()
      .uponReceiving('an export of the features a filter finds')
      .withRequest('POST', `/api/maps/${TOWN.id}/export-filter-features`, (b) =>
        b.headers(signedInHeaders).jsonBody(body),
      )
      .willRespondWith(201, (b) => b.headers(JSON_RESPONSE).jsonBody({ data: readyExportLike('csv', 'csv') }))
      .executeTest(async (server) => {
        const started = await exportFilterFeatures(TOWN.id, body, undefined, options(server.url));
        expect(started.data).toMatchObject({ status: 'ready', format: 'csv' });
      });
  });

  it('exportMultiSelectedFeatures 201 exports the selected features', () => {
    const body = { format: 'kml' as const, layer_id: PIPES.id, feature_ids: [PIPE_101.id, PIPE_102.id] };
    return withPipes()
      .uponReceiving('an export of selected features')
      .withRequest('POST', `/api/maps/${TOWN.id}/export-multi-selected-features`, (b) =>
        b.headers(signedInHeaders).jsonBody(body),
      )
      .willRespondWith(201, (b) => b.headers(JSON_RESPONSE).jsonBody({ data: readyExportLike('kml', 'kml') }))
      .executeTest(async (server) => {
        const started = await exportMultiSelectedFeatures(TOWN.id, body, undefined, options(server.url));
        expect(started.data).toMatchObject({ status: 'ready', format: 'kml' });
      });
  });

  it('getExport 200 tells the status and progress of a running export', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.exportExists, stateOf(RUNNING_EXPORT))
      .uponReceiving('a poll of a running export')
      .withRequest('GET', `/api/exports/${RUNNING_EXPORT.id}`, (b) => b.headers(readHeaders))
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: {
            id: equal(RUNNING_EXPORT.id),
            status: equal('running'),
            progress: number(RUNNING_EXPORT.progress),
            format: equal(RUNNING_EXPORT.format),
            file_name: equal(RUNNING_EXPORT.file.name),
            size: null,
            expires_at: isoTimestamp('2026-11-03T10:00:00Z'),
          },
        }),
      )
      .executeTest(async (server) => {
        const polled = await getExport(RUNNING_EXPORT.id, options(server.url));
        expect(polled.data).toMatchObject({ status: 'running', progress: 0.4, size: null });
      }));

  it('getExport 404 for an export that does not exist', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .uponReceiving('a poll of an export that does not exist')
      .withRequest('GET', `/api/exports/${PIPES_EXPORT.id}`, (b) => b.headers(readHeaders))
      .willRespondWith(404, (b) => b.headers(JSON_RESPONSE).jsonBody(messageLike('Not found.')))
      .executeTest(async (server) => {
        expect((await rejectionOf(getExport(PIPES_EXPORT.id, options(server.url)))).status).toBe(404);
      }));

  it('downloadExport 200 sends the file as an attachment', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.exportExists, stateOf(PIPES_EXPORT))
      .uponReceiving('a download of a finished export')
      .withRequest('GET', `/api/get-export/${PIPES_EXPORT.id}`, (b) => b.headers(readHeaders))
      // The bytes are the provider's to write; the contract pins what the browser needs to save them.
      .willRespondWith(200, (b) =>
        b.headers({
          'Content-Type': regex('^application/geo\\+json(;.*)?$', 'application/geo+json'),
          'Content-Disposition': regex(
            // Pact's regexes must match the whole value; more parameters (filename*) may follow.
            '^attachment; filename="[^"]+\\.geojson"(;.*)?$',
            `attachment; filename="${PIPES_EXPORT.file.name}"`,
          ),
        }),
      )
      .executeTest(async (server) => {
        const response = lastResponse();
        await downloadExport(PIPES_EXPORT.id, options(server.url));
        expect(response()?.status).toBe(200);
        expect(response()?.headers['content-disposition']).toMatch(/^attachment; filename=".+\.geojson"/);
      }));

  it("downloadExport 403 for another user's export", () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.exportExists, stateOf(OTHERS_EXPORT))
      .uponReceiving("a download of another user's export")
      .withRequest('GET', `/api/get-export/${OTHERS_EXPORT.id}`, (b) => b.headers(readHeaders))
      .willRespondWith(403, (b) =>
        b.headers(JSON_RESPONSE).jsonBody(messageLike('This action is unauthorized.')),
      )
      .executeTest(async (server) => {
        const call = downloadExport(OTHERS_EXPORT.id, options(server.url));
        expect((await rejectionOf(call)).status).toBe(403);
      }));
});
