import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MatchersV3 } from '@pact-foundation/pact';
import type { Matcher } from '@pact-foundation/pact/src/v3/types';
import { describe, expect, it } from 'vitest';
import { deleteFeatureFile, downloadFeatureFile, uploadFeatureFiles } from '@generated/api/files/files';
import { STATES } from '../states';
import { HARBOUR, TOWN, VALVE_201, VALVE_PHOTO, VALVES } from './map-examples';
import { stateOf } from './map-matchers';
import {
  createPact,
  isoTimestamp,
  JSON_RESPONSE,
  messageLike,
  rejectionOf,
  signedInHeaders,
  validationLike,
} from './pact';

const { equal, integer, regex } = MatchersV3;
const pact = createPact();
const options = (url: string) => ({ baseURL: url, headers: signedInHeaders });
const NOTE = path.join(import.meta.dirname, 'fixtures/valve-note.txt');

/**
 * Pact's multipartBody() records the file part only, so the provider would get no
 * feature_id. The recorded body is written out instead (both parts, fixed boundary): the
 * mock server compares multipart bodies part by part, so the client's own boundary passes.
 */
const BOUNDARY = 'pact-upload-boundary';
const MULTIPART_TYPE = regex(
  '^multipart/form-data;\\s*boundary=.+$',
  `multipart/form-data; boundary=${BOUNDARY}`,
);
const contentType = (value: string) => ({ 'pact:matcher:type': 'contentType', value }) as Matcher<unknown>;
/** A binary body gets a content-type rule at `$` that reaches every part; each part gets its own. */
const UPLOAD_PART_RULES = {
  body: [
    { path: '$.feature_id', rules: [regex('^[0-9]+$', String(VALVE_201.id))] },
    { path: '$.files', rules: [contentType('text/plain')] },
  ],
};

function uploadBody(featureId: number): Buffer {
  const part = (headers: string, content: string | Buffer) =>
    Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\n${headers}\r\n\r\n`),
      Buffer.from(content),
      Buffer.from('\r\n'),
    ]);
  return Buffer.concat([
    part('Content-Disposition: form-data; name="feature_id"', String(featureId)),
    part(
      'Content-Disposition: form-data; name="files"; filename="valve-note.txt"\r\nContent-Type: text/plain',
      readFileSync(NOTE),
    ),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);
}

const noteFile = () => new File([readFileSync(NOTE)], 'valve-note.txt', { type: 'text/plain' });

const fileLike = (id: number) => ({
  id: integer(id),
  feature_id: equal(VALVE_201.id),
  name: equal('valve-note.txt'),
  mime_type: equal('text/plain'),
  size: equal(readFileSync(NOTE).length),
  storage_type: equal('local'),
  url: regex('^/api/feature-layer/files/\\d+$', `/api/feature-layer/files/${id}`),
  created_at: isoTimestamp(),
});

const withValve = (signedIn: string) =>
  pact
    .addInteraction()
    .given(signedIn)
    .given(STATES.mapExists, stateOf(TOWN))
    .given(STATES.layerExists, stateOf(VALVES))
    .given(STATES.featureExists, stateOf(VALVE_201));

describe('feature files', () => {
  it('uploadFeatureFiles 201 stores the files of a feature', () =>
    withValve(STATES.editorSignedIn)
      .uponReceiving('an upload of a feature attachment')
      .withRequest('POST', '/api/feature-layer/files', (b) =>
        b
          .headers({ ...signedInHeaders, 'Content-Type': MULTIPART_TYPE })
          .body('multipart/form-data', uploadBody(VALVE_201.id))
          .matchingRules(UPLOAD_PART_RULES),
      )
      .willRespondWith(201, (b) => b.headers(JSON_RESPONSE).jsonBody({ data: [fileLike(1)] }))
      .executeTest(async (server) => {
        const stored = await uploadFeatureFiles(
          { feature_id: VALVE_201.id, files: [noteFile()] },
          options(server.url),
        );
        expect(stored.data.map((file) => file.name)).toEqual(['valve-note.txt']);
      }));

  it('uploadFeatureFiles 403 for a user who may only read', () =>
    withValve(STATES.userSignedIn)
      .uponReceiving('an upload of a feature attachment by a user who may only read')
      .withRequest('POST', '/api/feature-layer/files', (b) =>
        b
          .headers({ ...signedInHeaders, 'Content-Type': MULTIPART_TYPE })
          .body('multipart/form-data', uploadBody(VALVE_201.id))
          .matchingRules(UPLOAD_PART_RULES),
      )
      .willRespondWith(403, (b) =>
        b.headers(JSON_RESPONSE).jsonBody(messageLike('This action is unauthorized.')),
      )
      .executeTest(async (server) => {
        const call = uploadFeatureFiles(
          { feature_id: VALVE_201.id, files: [noteFile()] },
          options(server.url),
        );
        expect((await rejectionOf(call)).status).toBe(403);
      }));

  it('downloadFeatureFile sends the stored bytes with their type and name', () =>
    withValve(STATES.userSignedIn)
      .given(STATES.featureFileExists, stateOf(VALVE_PHOTO))
      .uponReceiving('a download of a feature attachment')
      .withRequest('GET', `/api/feature-layer/files/${VALVE_PHOTO.id}`, (b) =>
        b.headers({ 'X-Requested-With': 'XMLHttpRequest', Cookie: signedInHeaders.Cookie }),
      )
      .willRespondWith(200, (b) =>
        b
          .headers({
            'Content-Type': VALVE_PHOTO.mime_type,
            'Content-Disposition': regex(
              // Pact's regexes must match the whole value; more parameters (filename*) may follow.
              '^attachment; filename="valve-note\\.txt"(;.*)?$',
              'attachment; filename="valve-note.txt"',
            ),
          })
          .body(VALVE_PHOTO.mime_type, Buffer.from(VALVE_PHOTO.content)),
      )
      .executeTest(async (server) => {
        const file = await downloadFeatureFile(VALVE_PHOTO.id, options(server.url));
        expect(await new Response(file).text()).toBe(VALVE_PHOTO.content);
      }));

  it('deleteFeatureFile 204', () =>
    withValve(STATES.editorSignedIn)
      .given(STATES.featureFileExists, stateOf(VALVE_PHOTO))
      .uponReceiving('a deletion of a feature attachment')
      .withRequest('DELETE', `/api/maps/${TOWN.id}/delete-feature-file/${VALVE_PHOTO.id}`, (b) =>
        b.headers(signedInHeaders).query({ storage_type: 'local' }),
      )
      .willRespondWith(204)
      .executeTest(async (server) => {
        const call = deleteFeatureFile(
          TOWN.id,
          VALVE_PHOTO.id,
          { storage_type: 'local' },
          options(server.url),
        );
        await expect(call).resolves.toBe('');
      }));

  it('deleteFeatureFile 422 when the storage type is not where the file is kept', () =>
    withValve(STATES.editorSignedIn)
      .given(STATES.featureFileExists, stateOf(VALVE_PHOTO))
      .uponReceiving('a deletion of a feature attachment naming the wrong storage')
      .withRequest('DELETE', `/api/maps/${TOWN.id}/delete-feature-file/${VALVE_PHOTO.id}`, (b) =>
        b.headers(signedInHeaders).query({ storage_type: 's3' }),
      )
      .willRespondWith(422, (b) =>
        b
          .headers(JSON_RESPONSE)
          .jsonBody(validationLike({ storage_type: 'The selected storage_type is invalid.' })),
      )
      .executeTest(async (server) => {
        const call = deleteFeatureFile(TOWN.id, VALVE_PHOTO.id, { storage_type: 's3' }, options(server.url));
        expect((await rejectionOf(call)).data).toMatchObject({
          errors: { storage_type: [expect.any(String)] },
        });
      }));

  it('deleteFeatureFile 404 for a file of another map', () =>
    withValve(STATES.editorSignedIn)
      .given(STATES.mapExists, stateOf(HARBOUR))
      .given(STATES.featureFileExists, stateOf(VALVE_PHOTO))
      .uponReceiving('a deletion of a feature attachment under a map it does not belong to')
      .withRequest('DELETE', `/api/maps/${HARBOUR.id}/delete-feature-file/${VALVE_PHOTO.id}`, (b) =>
        b.headers(signedInHeaders).query({ storage_type: 'local' }),
      )
      .willRespondWith(404, (b) => b.headers(JSON_RESPONSE).jsonBody(messageLike('Not found.')))
      .executeTest(async (server) => {
        const call = deleteFeatureFile(
          HARBOUR.id,
          VALVE_PHOTO.id,
          { storage_type: 'local' },
          options(server.url),
        );
        expect((await rejectionOf(call)).status).toBe(404);
      }));
});
