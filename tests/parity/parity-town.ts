import type { ParityClient } from './parity-client';
import type { ParityDriver } from './parity-driver';
import type { WireLayer, WireMap } from './wire';

/**
 * What every scenario starts from, read from the backend before the first one runs (so no
 * scenario names either backend's data): the admin, a fresh browser, the first map with layers
 * and its vector layer with the most features.
 */
export interface ParityTown {
  admin: ParityDriver['admin'];
  browser(): ParityClient;
  map: WireMap;
  layer: WireLayer;
  /** How many features `layer` has. */
  layerTotal: number;
  /** The path of `layer`'s feature list with this query string. */
  featuresPath(query: string): string;
}
