import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  aggregateLayer,
  createWidget,
  deleteWidget,
  listWidgets,
  updateWidget,
} from '@generated/api/dashboards/dashboards';
import { STATES, stateId } from '../states';
import { PIPE_101, PIPE_102, PIPES, TOWN } from './map-examples';
import { stateOf } from './map-matchers';
import {
  createPact,
  isoTimestamp,
  JSON_RESPONSE,
  rejectionOf,
  signedInHeaders,
  validationLike,
  XHR,
} from './pact';

const { equal, integer, like } = MatchersV3;
const pact = createPact();
const readHeaders = { ...XHR, Cookie: signedInHeaders.Cookie };
const options = (url: string) => ({ baseURL: url, headers: signedInHeaders });
const aggregatePath = `/api/maps/${TOWN.id}/layers/${PIPES.id}/aggregate`;

const WIDGET = {
  map_id: TOWN.id,
  layer_id: PIPES.id,
  id: 7,
  title: 'Pipes by material',
  kind: 'category',
  chart: 'bar',
  group_by: { property: 'material' },
  metrics: [{ op: 'count' }],
} as const;

/** A widget as the server answers it: ids and timestamps by type, the rest as stored. */
function widgetLike(widget: {
  title: string;
  kind: string;
  chart: string;
  group_by: unknown;
  metrics: unknown;
  layout?: { x: number; y: number; w: number; h: number };
}) {
  return {
    id: integer(WIDGET.id),
    map_id: integer(TOWN.id),
    layer_id: integer(PIPES.id),
    title: equal(widget.title),
    kind: equal(widget.kind),
    chart: equal(widget.chart),
    scope: like('map'),
    group_by: widget.group_by,
    metrics: widget.metrics,
    filters: like([]),
    limit: integer(20),
    order: integer(0),
    // Its place on the full-window dashboard: as sent when the interaction sets one, else any box.
    layout: widget.layout ? equal(widget.layout) : like({ x: 0, y: 0, w: 6, h: 4 }),
    created_at: isoTimestamp(),
    updated_at: isoTimestamp(),
  };
}

describe('dashboards', () => {
  it('aggregateLayer counts a layer by a property and measures each group', () => {
    const body = {
      group_by: { property: 'material' },
      metrics: [{ op: 'count' as const }, { op: 'max' as const, property: 'diameter_mm' }],
    };
    return pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .given(STATES.featureExists, stateOf(PIPE_101))
      .given(STATES.featureExists, stateOf(PIPE_102))
      .uponReceiving('an aggregation of a layer by material')
      .withRequest('POST', aggregatePath, (b) => b.headers(signedInHeaders).jsonBody(body))
      .willRespondWith(200, (b) =>
        // One feature of each material: equal counts come in value order.
        b.headers(JSON_RESPONSE).jsonBody({
          data: {
            groups: [
              { key: 'cast_iron', count: 1, metrics: [1, PIPE_101.properties.diameter_mm] },
              { key: 'pvc', count: 1, metrics: [1, PIPE_102.properties.diameter_mm] },
            ],
            other: null,
            total: { count: 2, metrics: [2, PIPE_101.properties.diameter_mm] },
          },
        }),
      )
      .executeTest(async (server) => {
        const answer = await aggregateLayer(TOWN.id, PIPES.id, body, undefined, options(server.url));
        expect(answer.data.groups.map((group) => group.key)).toEqual(['cast_iron', 'pvc']);
        expect(answer.data.total.count).toBe(2);
      });
  });

  it('aggregateLayer with as_of counts the layer as it was, a feature deleted since included', () => {
    const body = { group_by: { property: 'material' }, metrics: [{ op: 'count' as const }] };
    const CREATED_AT = '2026-01-01T00:00:00.000Z';
    const BETWEEN = '2026-02-01T00:00:00.000Z';
    const DELETED_AT = '2026-03-01T00:00:00.000Z';
    return pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .given(STATES.featureExists, stateOf(PIPE_101))
      .given(STATES.featureExists, stateOf(PIPE_102))
      .given(STATES.featureDeleted, stateOf({ map_id: TOWN.id, id: PIPE_102.id }))
      .given(STATES.featureHistoryDated, stateOf({ id: PIPE_101.id, times: [CREATED_AT] }))
      .given(STATES.featureHistoryDated, stateOf({ id: PIPE_102.id, times: [CREATED_AT, DELETED_AT] }))
      .uponReceiving('an aggregation of a layer as it was at a past moment')
      .withRequest('POST', aggregatePath, (b) =>
        b.headers(signedInHeaders).query({ as_of: BETWEEN }).jsonBody(body),
      )
      .willRespondWith(200, (b) =>
        // Both pipes then: the one deleted since is counted.
        b.headers(JSON_RESPONSE).jsonBody({
          data: {
            groups: [
              { key: 'cast_iron', count: 1, metrics: [1] },
              { key: 'pvc', count: 1, metrics: [1] },
            ],
            other: null,
            total: { count: 2, metrics: [2] },
          },
        }),
      )
      .executeTest(async (server) => {
        const answer = await aggregateLayer(TOWN.id, PIPES.id, body, { as_of: BETWEEN }, options(server.url));
        expect(answer.data.total.count).toBe(2);
      });
  });

  it('aggregateLayer 422 for an as_of that names no moment', () => {
    const body = { group_by: null, metrics: [{ op: 'count' as const }] };
    return pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .uponReceiving('an aggregation as of a moment that does not read')
      .withRequest('POST', aggregatePath, (b) =>
        b.headers(signedInHeaders).query({ as_of: 'last-tuesday' }).jsonBody(body),
      )
      .willRespondWith(422, (b) =>
        b
          .headers(JSON_RESPONSE)
          .jsonBody(
            validationLike({ as_of: 'Give a date and time (ISO 8601, UTC), e.g. 2026-03-01T12:00:00Z.' }),
          ),
      )
      .executeTest(async (server) => {
        const rejected = await rejectionOf(
          aggregateLayer(TOWN.id, PIPES.id, body, { as_of: 'last-tuesday' }, options(server.url)),
        );
        expect(rejected.status).toBe(422);
      });
  });

  it('aggregateLayer 422 for a property outside the layer schema', () => {
    const body = { group_by: { property: 'colour' }, metrics: [{ op: 'count' as const }] };
    return pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .uponReceiving('an aggregation grouped by an unknown property')
      .withRequest('POST', aggregatePath, (b) => b.headers(signedInHeaders).jsonBody(body))
      .willRespondWith(422, (b) =>
        b
          .headers(JSON_RESPONSE)
          .jsonBody(validationLike({ 'group_by.property': 'There is no property named colour.' })),
      )
      .executeTest(async (server) => {
        const rejected = await rejectionOf(
          aggregateLayer(TOWN.id, PIPES.id, body, undefined, options(server.url)),
        );
        expect(rejected.status).toBe(422);
      });
  });

  it('listWidgets gives the dashboard widgets of a map', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .given(STATES.widgetExists, stateOf(WIDGET))
      .uponReceiving('a request for the dashboard widgets of a map')
      .withRequest('GET', `/api/maps/${TOWN.id}/widgets`, (b) => b.headers(readHeaders))
      .willRespondWith(200, (b) => b.headers(JSON_RESPONSE).jsonBody({ data: [widgetLike(WIDGET)] }))
      .executeTest(async (server) => {
        const widgets = await listWidgets(TOWN.id, options(server.url));
        expect(widgets.data.map((widget) => widget.title)).toEqual([WIDGET.title]);
      }));

  it('createWidget 201 returns the new widget', () => {
    const body = {
      layer_id: stateId('layer', PIPES.id),
      title: 'Network length by material',
      kind: 'category' as const,
      chart: 'bar' as const,
      group_by: { property: 'material' },
      metrics: [{ op: 'sum' as const, property: '$length' }],
    };
    return pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .uponReceiving('a dashboard widget creation by an admin')
      .withRequest('POST', `/api/maps/${TOWN.id}/widgets`, (b) => b.headers(signedInHeaders).jsonBody(body))
      .willRespondWith(201, (b) => b.headers(JSON_RESPONSE).jsonBody({ data: widgetLike(body) }))
      .executeTest(async (server) => {
        const created = await createWidget(TOWN.id, { ...body, layer_id: PIPES.id }, options(server.url));
        expect(created.data).toMatchObject({ kind: 'category', chart: 'bar' });
      });
  });

  it('updateWidget returns the changed widget', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .given(STATES.widgetExists, stateOf(WIDGET))
      .uponReceiving('a change of a dashboard widget')
      .withRequest('PUT', `/api/maps/${TOWN.id}/widgets/${WIDGET.id}`, (b) =>
        b.headers(signedInHeaders).jsonBody({ chart: 'pie' }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({ data: widgetLike({ ...WIDGET, chart: 'pie' }) }),
      )
      .executeTest(async (server) => {
        const changed = await updateWidget(TOWN.id, WIDGET.id, { chart: 'pie' }, options(server.url));
        expect(changed.data.chart).toBe('pie');
      }));

  it('deleteWidget 204', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .given(STATES.widgetExists, stateOf(WIDGET))
      .uponReceiving('a removal of a dashboard widget')
      .withRequest('DELETE', `/api/maps/${TOWN.id}/widgets/${WIDGET.id}`, (b) => b.headers(signedInHeaders))
      .willRespondWith(204)
      .executeTest(async (server) => {
        await deleteWidget(TOWN.id, WIDGET.id, options(server.url));
      }));

  it('updateWidget moves and resizes a widget on the dashboard grid', () => {
    const layout = { x: 6, y: 2, w: 6, h: 3 };
    return pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .given(STATES.widgetExists, stateOf(WIDGET))
      .uponReceiving('a move of a dashboard widget on the grid')
      .withRequest('PUT', `/api/maps/${TOWN.id}/widgets/${WIDGET.id}`, (b) =>
        b.headers(signedInHeaders).jsonBody({ layout }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({ data: widgetLike({ ...WIDGET, layout }) }),
      )
      .executeTest(async (server) => {
        const moved = await updateWidget(TOWN.id, WIDGET.id, { layout }, options(server.url));
        expect(moved.data.layout).toEqual(layout);
      });
  });

  it('updateWidget 422 for a layout past the twelfth column', () => {
    const layout = { x: 8, y: 0, w: 6, h: 3 };
    return pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .given(STATES.widgetExists, stateOf(WIDGET))
      .uponReceiving('a move of a dashboard widget off the grid')
      .withRequest('PUT', `/api/maps/${TOWN.id}/widgets/${WIDGET.id}`, (b) =>
        b.headers(signedInHeaders).jsonBody({ layout }),
      )
      .willRespondWith(422, (b) =>
        b
          .headers(JSON_RESPONSE)
          .jsonBody(validationLike({ 'layout.w': 'It is at most 4 columns wide here: the grid has 12.' })),
      )
      .executeTest(async (server) => {
        const rejected = await rejectionOf(updateWidget(TOWN.id, WIDGET.id, { layout }, options(server.url)));
        expect(rejected.status).toBe(422);
      });
  });
});
