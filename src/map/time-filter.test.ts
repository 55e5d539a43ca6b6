import { describe, expect, it } from 'vitest';
import type { FeatureCollection, Layer } from '../../generated/model';
import { describeLayers } from './layer-model';

const pipes: Layer = {
  id: 7,
  map_id: 1,
  category_id: null,
  name: 'Pipes',
  type: 'vector',
  geometry_type: 'LineString',
  source: null,
  style: {
    stroke_color: '#777777',
    stroke_width: 1,
    fill_color: '#eeeeee',
    point_radius: 3,
    label_property: null,
  },
  visible: true,
  opacity: 1,
  min_zoom: null,
  max_zoom: null,
  order: 1,
  properties: [{ name: 'install_date', label: 'Installed', type: 'date', required: false, options: null }],
  features_count: 3,
  extent: null,
  time_property: 'install_date',
  created_at: '2026-11-01T09:30:00Z',
  updated_at: '2026-11-01T09:30:00Z',
};

const pipe = (id: number, day?: string) => ({
  type: 'Feature' as const,
  id,
  layer_id: 7,
  geometry: {
    type: 'LineString' as const,
    coordinates: [
      [0, 0],
      [1, 1],
    ],
  },
  properties: day ? { install_date: day } : {},
});

const data = {
  type: 'FeatureCollection',
  features: [pipe(1, '2018-05-01'), pipe(2, '2019-05-01'), pipe(3)],
} as unknown as FeatureCollection;

describe('a time range in the description every engine draws', () => {
  it('gives the 2D layer its time filter and hands 3D only the features in range', () => {
    const timeRange = { from: '2019-01-01', to: '2020-12-31' };
    const [flat] = describeLayers({ layers: [pipes], basemap: 'none', timeRange });
    expect(flat?.style.time).toEqual({ property: 'install_date', ...timeRange });
    const [globe] = describeLayers({
      layers: [pipes],
      basemap: 'none',
      engine: '3d',
      timeRange,
      vectorData: { 7: { data, truncated: false } },
    });
    const source = globe?.source;
    expect(source?.kind === 'feature-collection' && source.data.features.map((f) => f.id)).toEqual([2, 3]);
  });

  it('leaves a layer without a time property, and every layer without a range, as it is', () => {
    const [plain] = describeLayers({
      layers: [{ ...pipes, time_property: null }],
      basemap: 'none',
      timeRange: { from: '2019-01-01', to: null },
    });
    expect(plain?.style.time).toBeUndefined();
    const [all] = describeLayers({ layers: [pipes], basemap: 'none', timeRange: null });
    expect(all?.style.time).toBeUndefined();
  });
});
