import { Color, JulianDate, type ColorMaterialProperty, type PolylineGraphics } from 'cesium';
import { describe, expect, it } from 'vitest';
import type { FeatureCollection, Layer } from '@generated/model';
import { TOWN_LAYERS } from '@mocks/features-town-layers';
import { styleOf } from '../layer-model';
import { featureDataSource, styleFeatureEntities } from './feature-entities';

const pipe = (id: number, material: string, diameter: number) => ({
  type: 'Feature' as const,
  id,
  geometry: {
    type: 'LineString' as const,
    coordinates: [
      [-9.14, 38.72],
      [-9.13, 38.73],
    ],
  },
  properties: { material, diameter_mm: diameter },
});

describe('3D entities of a thematic layer', () => {
  it('get the same colour and width per material and diameter as the 2D map and the legend', () => {
    const layer = TOWN_LAYERS.find((candidate) => candidate.name === 'Pipes') as Layer;
    const collection = {
      type: 'FeatureCollection',
      features: [pipe(1, 'cast_iron', 100), pipe(2, 'pvc', 400)],
    } as unknown as FeatureCollection;
    const style = styleOf(layer);
    const source = featureDataSource('Pipes', layer.id, collection, style);
    styleFeatureEntities(source, style, 1, [], null);
    const drawn = source.entities.values.map((entity) => {
      const polyline = entity.polyline as PolylineGraphics;
      const material = polyline.material as ColorMaterialProperty;
      const now = JulianDate.now();
      return [(material.color?.getValue(now) as Color).toCssHexString(), polyline.width?.getValue(now)];
    });
    expect(drawn).toEqual([
      ['#8c510a', 1.5],
      ['#1b9e77', 4.5],
    ]);
  });
});
