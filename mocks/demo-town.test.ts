import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { listLayerFeatures } from '../generated/api/features/features';
import { showMap } from '../generated/api/maps/maps';
import { generateTown } from '../shared/demo/town';
import { demoTownSummary, type DemoLayerSummary } from '../shared/demo/town-rows';
import { applyScenario } from './scenarios';
import { chooseMockTown } from './town';

// The unit tests' setup picks the small fixture town; this file looks at the one mock mode
// serves (every scenario reseeds, here with the demo town), and hands the fixture back after.
beforeEach(() => {
  chooseMockTown('demo');
  applyScenario('admin');
});
afterAll(() => chooseMockTown('fixture'));

describe('mock mode’s demo town', () => {
  // The server's seed test compares the seeded database with the same summary
  // (server/src/demo/town-rows.test.ts), so a generator or seed change the mocks miss fails here.
  it('lists the generator’s layers, counts and names through the mock API', { timeout: 60_000 }, async () => {
    const map = (await showMap(1, { with_layers: true })).data;
    const layers = [...(map.layers ?? [])].sort((a, b) => a.id - b.id);
    const served: DemoLayerSummary[] = [];
    for (const layer of layers) {
      const page = await listLayerFeatures(1, layer.id, { per_page: 1 });
      // The layer list and the feature pages agree on the count, as the server's do.
      expect(page.meta.total).toBe(layer.features_count);
      served.push({
        name: layer.name,
        geometry_type: layer.geometry_type ?? '',
        features: page.meta.total,
        first: page.data[0]?.properties ?? null,
      });
    }
    expect(served).toEqual(demoTownSummary());
    expect(map.title).toBe('Demo town water network');
    expect(map.center).toEqual(generateTown().center);
  });
});
