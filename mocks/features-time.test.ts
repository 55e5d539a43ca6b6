import { describe, expect, it } from 'vitest';
import { filterTown, featuresOfLayer } from './features-store';
import { layersFilterProblems } from './features-filter';

describe('a time range in mock mode', () => {
  it('keeps the pipes laid inside the range, as the server does', () => {
    const all = featuresOfLayer(1);
    const inside = filterTown([{ layer_id: 1, filters: [], datetime: '2000-01-01/2009-12-31' }]);
    expect(inside.length).toBeGreaterThan(0);
    expect(inside.length).toBeLessThan(all.length);
    for (const pipe of inside) {
      const day = String(pipe.properties?.install_date);
      expect(day >= '2000-01-01' && day <= '2009-12-31').toBe(true);
    }
  });

  it('refuses a range on a layer without time, naming the entry', () => {
    expect(layersFilterProblems([{ layer_id: 2, filters: [], datetime: '2000-01-01/..' }])).toEqual({
      'layers_filter.0.datetime': ['This layer has no time property.'],
    });
  });
});
