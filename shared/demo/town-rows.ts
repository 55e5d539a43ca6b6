import { DEMO_LAYERS, type DemoLayerKey } from './configuration.ts';
import { generateTown, type DemoTown, type TownFeature } from './town.ts';

/*
 * The demo town as rows, in the order the seed (server/src/demo/seed-demo-town.ts) writes them:
 * mock mode builds its town from this module too, so the mock town and a freshly seeded server
 * hold the same layers, counts, names and ids.
 */

/**
 * The order the seed writes each layer's features in. On a fresh database this fixes every
 * feature id: pipes 1…n, then valves, hydrants, zones; streets and the hydraulic layers last,
 * so the network kept the ids it had before the town had them.
 */
export const DEMO_FEATURE_ORDER: readonly DemoLayerKey[] = [
  'pipes',
  'valves',
  'hydrants',
  'zones',
  'streets',
  'services',
  'sources',
];

export function townFeaturesOf(town: DemoTown, key: DemoLayerKey): TownFeature[] {
  switch (key) {
    case 'pipes':
      return town.pipes;
    case 'valves':
      return town.valves;
    case 'hydrants':
      return town.hydrants;
    case 'zones':
      return town.zones;
    case 'streets':
      return town.streets;
    case 'services':
      return town.servicePoints;
    case 'sources':
      return town.sources;
  }
}

export interface DemoLayerSummary {
  name: string;
  geometry_type: string;
  features: number;
  /** The first feature's properties in write order (names such as `P-00001 …`). */
  first: TownFeature['properties'] | null;
}

/**
 * What a backend must show for the demo map, layer by layer in the layers' own order: the
 * server's seed test and mock mode's test both compare what they serve with this.
 */
export function demoTownSummary(town: DemoTown = generateTown()): DemoLayerSummary[] {
  return DEMO_LAYERS.map((layer) => {
    const features = townFeaturesOf(town, layer.key);
    return {
      name: layer.name,
      geometry_type: layer.geometry_type,
      features: features.length,
      first: features[0]?.properties ?? null,
    };
  });
}
