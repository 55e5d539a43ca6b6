import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { createLayer, updateLayer } from '@generated/api/layers/layers';
import type { LayerStyleInput } from '@generated/model';
import { STATES } from '../states';
import { PIPE_PROPERTIES, PIPES, TOWN } from './map-examples';
import { layerLike, stateOf } from './map-matchers';
import { createPact, JSON_RESPONSE, signedInHeaders } from './pact';

const { equal, integer, like, nullValue } = MatchersV3;
const pact = createPact();
const options = (url: string) => ({ baseURL: url, headers: signedInHeaders });

/** Pipes coloured by material, widened by diameter: a categorized style with a graduated size. */
const CATEGORIZED = {
  kind: 'categorized',
  property: 'material',
  categories: [
    { value: 'cast_iron', label: 'Cast iron', color: '#8c510a' },
    { value: 'pvc', label: 'PVC', color: '#1b9e77' },
  ],
  size: {
    property: 'diameter_mm',
    classes: [
      { min: 0, max: 200, label: '< 200 mm', stroke_width: 1.5 },
      { min: 200, max: 1000, label: '≥ 200 mm', stroke_width: 4 },
    ],
  },
} satisfies LayerStyleInput;

/** Pipes by classes of diameter, each with a colour and a width. */
const GRADUATED = {
  kind: 'graduated',
  property: 'diameter_mm',
  classes: [
    { min: 0, max: 150, label: 'Small', color: '#fee5d9', stroke_width: 1 },
    { min: 150, max: 600, label: 'Large', color: '#a50f15', stroke_width: 4 },
  ],
} satisfies LayerStyleInput;

describe('layer styles', () => {
  it('createLayer 201 with a categorized style and a graduated size', () => {
    const body = {
      name: 'Themed pipes',
      type: 'vector' as const,
      geometry_type: 'LineString' as const,
      style: CATEGORIZED,
      properties: PIPE_PROPERTIES.map(({ name, label, type, required, options }) => ({
        name,
        label,
        type,
        required,
        ...(options ? { options: [...options] } : {}),
      })),
    };
    return pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .uponReceiving('a layer creation with a categorized style')
      .withRequest('POST', `/api/maps/${TOWN.id}/layers`, (b) => b.headers(signedInHeaders).jsonBody(body))
      .willRespondWith(201, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: {
            ...layerLike({ id: 12, map_id: TOWN.id, name: body.name, geometry_type: 'LineString' }),
            id: integer(12),
            name: equal(body.name),
            style: {
              stroke_color: like('#1f78b4'),
              stroke_width: like(2),
              fill_color: like('#1f78b466'),
              point_radius: like(5),
              label_property: nullValue(),
              ...CATEGORIZED,
            },
            properties: structuredClone(PIPE_PROPERTIES) as unknown as Record<string, unknown>[],
          },
        }),
      )
      .executeTest(async (server) => {
        const created = await createLayer(TOWN.id, body, options(server.url));
        expect(created.data.style).toMatchObject(CATEGORIZED);
      });
  });

  it('updateLayer to a graduated style', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .uponReceiving('an edit of a layer to a graduated style')
      .withRequest('PUT', `/api/maps/${TOWN.id}/layers/${PIPES.id}`, (b) =>
        b.headers(signedInHeaders).jsonBody({ style: GRADUATED }),
      )
      .willRespondWith(200, (b) => {
        const layer = layerLike(PIPES);
        return b
          .headers(JSON_RESPONSE)
          .jsonBody({ data: { ...layer, style: { ...layer.style, ...GRADUATED } } });
      })
      .executeTest(async (server) => {
        const updated = await updateLayer(TOWN.id, PIPES.id, { style: GRADUATED }, options(server.url));
        expect(updated.data.style).toMatchObject(GRADUATED);
      }));
});
