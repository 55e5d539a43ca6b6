import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  getFeatureHistory,
  listDeletedFeatures,
  listLayerChanges,
  listLayerFeatures,
  restoreFeatureVersion,
  splitFeature,
} from '@generated/api/features/features';
import { STATES } from '../states';
import { PIPE_101, PIPE_102, PIPES, TOWN } from './map-examples';
import { featureLike, lonLat, pageLike, stateOf } from './map-matchers';
import {
  createPact,
  isoTimestamp,
  JSON_RESPONSE,
  rejectionOf,
  signedInHeaders,
  validationLike,
  XHR,
} from './pact';

const { eachLike, equal, integer, like, nullValue } = MatchersV3;
const pact = createPact();
const readHeaders = { ...XHR, Cookie: signedInHeaders.Cookie };
const options = (url: string) => ({ baseURL: url, headers: signedInHeaders });

/** PIPE_101 saved once with a new diameter: version 1 (created) and 2 (the edit). */
const editedPipe = () =>
  pact
    .addInteraction()
    .given(STATES.editorSignedIn)
    .given(STATES.mapExists, stateOf(TOWN))
    .given(STATES.layerExists, stateOf(PIPES))
    .given(STATES.featureExists, stateOf(PIPE_101))
    .given(
      STATES.featureEdited,
      stateOf({ map_id: TOWN.id, layer_id: PIPES.id, id: PIPE_101.id, properties: { diameter_mm: 200 } }),
    );

/** PIPE_102 created (version 1) and deleted (version 2). */
const deletedPipe = () =>
  pact
    .addInteraction()
    .given(STATES.editorSignedIn)
    .given(STATES.mapExists, stateOf(TOWN))
    .given(STATES.layerExists, stateOf(PIPES))
    .given(STATES.featureExists, stateOf(PIPE_102))
    .given(STATES.featureDeleted, stateOf({ map_id: TOWN.id, id: PIPE_102.id }));

describe('feature versions', () => {
  it('restoreFeatureVersion puts back an earlier version', () =>
    editedPipe()
      .uponReceiving('a restore of the first version of an edited feature')
      .withRequest('POST', `/api/maps/${TOWN.id}/features/${PIPE_101.id}/restore`, (b) =>
        b.headers(signedInHeaders).jsonBody({ version: 1, seen_version: 2 }),
      )
      .willRespondWith(200, (b) => b.headers(JSON_RESPONSE).jsonBody({ data: featureLike(PIPE_101) }))
      .executeTest(async (server) => {
        const restored = await restoreFeatureVersion(
          TOWN.id,
          PIPE_101.id,
          { version: 1, seen_version: 2 },
          options(server.url),
        );
        expect(restored.data.properties).toEqual(PIPE_101.properties);
      }));

  it('restoreFeatureVersion 409 with the current version when the feature changed since', () =>
    editedPipe()
      .uponReceiving('a restore by someone who saw an older version')
      .withRequest('POST', `/api/maps/${TOWN.id}/features/${PIPE_101.id}/restore`, (b) =>
        b.headers(signedInHeaders).jsonBody({ version: 1, seen_version: 1 }),
      )
      .willRespondWith(409, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          message: like('This feature was changed by someone else since you opened it (now version 2).'),
          current_version: equal(2),
        }),
      )
      .executeTest(async (server) => {
        const call = restoreFeatureVersion(
          TOWN.id,
          PIPE_101.id,
          { version: 1, seen_version: 1 },
          options(server.url),
        );
        const failure = await rejectionOf(call);
        expect(failure.status).toBe(409);
        expect(failure.data).toMatchObject({ current_version: 2 });
      }));

  it('restoreFeatureVersion brings back a deleted feature', () =>
    deletedPipe()
      .uponReceiving('a restore of a deleted feature')
      .withRequest('POST', `/api/maps/${TOWN.id}/features/${PIPE_102.id}/restore`, (b) =>
        b.headers(signedInHeaders).jsonBody({ version: 1, seen_version: 2 }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({ data: { ...featureLike(PIPE_102), files: [] } }),
      )
      .executeTest(async (server) => {
        const restored = await restoreFeatureVersion(
          TOWN.id,
          PIPE_102.id,
          { version: 1, seen_version: 2 },
          options(server.url),
        );
        expect(restored.data.id).toBe(PIPE_102.id);
      }));

  it('listDeletedFeatures lists a layer’s deleted features', () =>
    deletedPipe()
      .uponReceiving('a request for the deleted features of a layer')
      .withRequest('GET', `/api/maps/${TOWN.id}/layers/${PIPES.id}/deleted-features`, (b) =>
        b.headers(readHeaders),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: eachLike({
            id: equal(PIPE_102.id),
            layer_id: equal(PIPES.id),
            version: equal(2),
            geometry: like(structuredClone(PIPE_102.geometry)),
            properties: structuredClone(PIPE_102.properties),
            files_count: integer(0),
            deleted_at: isoTimestamp(),
            deleted_by: { id: integer(1001), name: like('Pact Editor') },
            deletion_id: integer(2),
          }),
          meta: { next_before: nullValue() },
        }),
      )
      .executeTest(async (server) => {
        const list = await listDeletedFeatures(TOWN.id, PIPES.id, undefined, options(server.url));
        expect(list.data.map((row) => row.id)).toEqual([PIPE_102.id]);
      }));

  it('splitFeature cuts a line into two features', () =>
    editedPipe()
      .uponReceiving('a split of a line at a point on it')
      .withRequest('POST', `/api/maps/${TOWN.id}/features/${PIPE_101.id}/split`, (b) =>
        b.headers(signedInHeaders).jsonBody({ point: { type: 'Point', coordinates: [-9.135, 38.725] } }),
      )
      .willRespondWith(201, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: [
            {
              ...featureLike({ ...PIPE_101, properties: { ...PIPE_101.properties, diameter_mm: 200 } }),
              geometry: { type: equal('LineString'), coordinates: eachLike(lonLat([-9.14, 38.72]), 2) },
            },
            {
              ...featureLike({ ...PIPE_101, properties: { ...PIPE_101.properties, diameter_mm: 200 } }),
              id: integer(103),
              geometry: { type: equal('LineString'), coordinates: eachLike(lonLat([-9.135, 38.725]), 2) },
            },
          ],
        }),
      )
      .executeTest(async (server) => {
        const pieces = await splitFeature(
          TOWN.id,
          PIPE_101.id,
          { point: { type: 'Point', coordinates: [-9.135, 38.725] } },
          options(server.url),
        );
        expect(pieces.data.map((piece) => piece.properties.diameter_mm)).toEqual([200, 200]);
      }));

  it('splitFeature 422 for a point off the line', () =>
    editedPipe()
      .uponReceiving('a split at a point far from the line')
      .withRequest('POST', `/api/maps/${TOWN.id}/features/${PIPE_101.id}/split`, (b) =>
        b.headers(signedInHeaders).jsonBody({ point: { type: 'Point', coordinates: [-9.2, 38.8] } }),
      )
      .willRespondWith(422, (b) =>
        b
          .headers(JSON_RESPONSE)
          .jsonBody(
            validationLike({ point: 'The point is 10449.9 m from the line; it must be within 1 m.' }),
          ),
      )
      .executeTest(async (server) => {
        const call = splitFeature(
          TOWN.id,
          PIPE_101.id,
          { point: { type: 'Point', coordinates: [-9.2, 38.8] } },
          options(server.url),
        );
        const failure = await rejectionOf(call);
        expect(failure.data).toMatchObject({ errors: { point: [expect.any(String)] } });
      }));

  it('listLayerFeatures with as_of reads the layer as it was, a feature deleted since included', () =>
    datedPipes()
      .uponReceiving('a request for the features of a layer as it was at a past moment')
      .withRequest('GET', `/api/maps/${TOWN.id}/layers/${PIPES.id}/features`, (b) =>
        b.headers(readHeaders).query({ as_of: BETWEEN }),
      )
      .willRespondWith(200, (b) =>
        b
          .headers(JSON_RESPONSE)
          .jsonBody(
            pageLike(
              `/api/maps/${TOWN.id}/layers/${PIPES.id}/features`,
              [featureLike(PIPE_101), featureLike(PIPE_102)],
              2,
            ),
          ),
      )
      .executeTest(async (server) => {
        const page = await listLayerFeatures(TOWN.id, PIPES.id, { as_of: BETWEEN }, options(server.url));
        expect(page.data.map((feature) => feature.id)).toEqual([PIPE_101.id, PIPE_102.id]);
      }));

  it('listLayerChanges lists the last change of each feature in an interval', () =>
    datedPipes()
      .uponReceiving('a request for what changed on a layer between two moments')
      .withRequest('GET', `/api/maps/${TOWN.id}/layers/${PIPES.id}/changes`, (b) =>
        b.headers(readHeaders).query({ from: BETWEEN, to: LATER }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody(
          pageLike(
            `/api/maps/${TOWN.id}/layers/${PIPES.id}/changes`,
            [
              {
                feature_id: equal(PIPE_102.id),
                change: equal('deleted'),
                at: equal(DELETED_AT),
                user: { id: integer(1001), name: like('Pact Editor') },
                // Gone by the end: drawn red at the geometry it had when deleted.
                effect: equal('removed'),
                geometry: like(structuredClone(PIPE_102.geometry)),
              },
            ],
            1,
          ),
        ),
      )
      .executeTest(async (server) => {
        const changes = await listLayerChanges(
          TOWN.id,
          PIPES.id,
          { from: BETWEEN, to: LATER },
          options(server.url),
        );
        expect(changes.data).toEqual([
          expect.objectContaining({
            feature_id: PIPE_102.id,
            change: 'deleted',
            at: DELETED_AT,
            effect: 'removed',
            geometry: PIPE_102.geometry,
          }),
        ]);
      }));
  it('getFeatureHistory answers a page of a longer history, newest first, with the cursor of the older page', () =>
    editedPipe()
      .uponReceiving('a request for the first page of a history of two changes, one change a page')
      .withRequest('GET', `/api/maps/${TOWN.id}/features/${PIPE_101.id}/history`, (b) =>
        b.query({ per_page: '1' }).headers(readHeaders),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: [
            {
              id: integer(2),
              auditable_id: equal(PIPE_101.id),
              event: equal('updated'),
              old_values: { diameter_mm: equal(PIPE_101.properties.diameter_mm) },
              new_values: { diameter_mm: equal(200) },
              user: { id: integer(1001), name: like('Pact User') },
              created_at: isoTimestamp(),
              version: equal(2),
            },
          ],
          // The created entry is on the next (older) page, asked for with this cursor.
          meta: { next_before: integer(2) },
        }),
      )
      .executeTest(async (server) => {
        const page = await getFeatureHistory(TOWN.id, PIPE_101.id, { per_page: 1 }, options(server.url));
        expect(page.data.map((entry) => entry.version)).toEqual([2]);
        expect(page.meta.next_before).toBe(page.data[0]?.id);
      }));
});

const CREATED_AT = '2026-01-01T00:00:00.000Z';
const BETWEEN = '2026-02-01T00:00:00.000Z';
const DELETED_AT = '2026-03-01T00:00:00.000Z';
const LATER = '2026-04-01T00:00:00.000Z';

/** PIPE_101 and PIPE_102 created on New Year's Day; PIPE_102 deleted on the first of March. */
/**
 * Two dated pipes, the second deleted since. They are made in their contract order: a server
 * gives the rows its own ids, and the page's order (by id) follows the order they were made in.
 */
function datedPipes() {
  return pact
    .addInteraction()
    .given(STATES.editorSignedIn)
    .given(STATES.mapExists, stateOf(TOWN))
    .given(STATES.layerExists, stateOf(PIPES))
    .given(STATES.featureExists, stateOf(PIPE_101))
    .given(STATES.featureExists, stateOf(PIPE_102))
    .given(STATES.featureDeleted, stateOf({ map_id: TOWN.id, id: PIPE_102.id }))
    .given(STATES.featureHistoryDated, stateOf({ id: PIPE_101.id, times: [CREATED_AT] }))
    .given(STATES.featureHistoryDated, stateOf({ id: PIPE_102.id, times: [CREATED_AT, DELETED_AT] }));
}
