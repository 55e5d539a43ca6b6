import type { Feature, Layer } from '../generated/model';
import { DEMO_TOWN_LAYER_IDS, DEMO_TOWN_LAYERS, demoTownFeatures } from './demo-town';
import { buildTownFeatures } from './features-town';
import { TOWN_LAYERS } from './features-town-layers';

/**
 * Which town map 1 holds. Mock mode (and anything that does not choose) serves `demo`, the
 * server's own demo town (demo-town.ts). The unit tests choose `fixture`, a small hand-made
 * grid (features-town.ts) whose features they can name one by one; src/testing/setup.ts
 * picks it before the first reseed. Both are map 1; the choice holds across reseeds.
 */
export type MockTownKind = 'demo' | 'fixture';
let kind: MockTownKind = 'demo';

export function chooseMockTown(next: MockTownKind): void {
  kind = next;
}

export const mockTownKind = (): MockTownKind => kind;

/** Map 1's layers with their attribute schemas, as the feature handlers check them. */
export function townLayers(): readonly Layer[] {
  return kind === 'fixture' ? TOWN_LAYERS : DEMO_TOWN_LAYERS;
}

/** Map 1's features, fresh for a reseed (rows are replaced on edit, never changed in place). */
export function townFeatures(): Feature[] {
  return kind === 'fixture' ? buildTownFeatures() : [...demoTownFeatures()];
}

/** The one parent/child relation the relatives handlers answer: pipes hold the valves at their ends. */
export function townRelation(): { pipes: number; valves: number } {
  return kind === 'fixture'
    ? { pipes: 1, valves: 2 }
    : { pipes: DEMO_TOWN_LAYER_IDS.pipes, valves: DEMO_TOWN_LAYER_IDS.valves };
}
