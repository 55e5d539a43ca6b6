import { beforeAll, describe, expect } from 'vitest';
import { assertDocumentedResponse } from '../../server/test-support/openapi-response.ts';
import { documented } from './parity-client';
import type { ParityDriver } from './parity-driver';
import type { ParityTown } from './parity-town';
import { featureEditScenarios } from './scenarios-feature-edits';
import { featurePageScenarios } from './scenarios-feature-pages';
import { privacyAndExportScenarios } from './scenarios-privacy-exports';
import { signInAndMapScenarios } from './scenarios-sign-in-maps';
import { dataOf, pageOf, signIn, type WireLayer, type WireMap } from './wire';

/**
 * The mock-parity scenarios: written once against a fetch-like client, run by
 * mock-handlers.test.ts and real-server.test.ts with the same assertions. They read the data
 * first and assert relative to it, so neither backend's exact data is written in here.
 */
export function describeParity(backend: string, driver: () => ParityDriver): void {
  describe(`mock parity: ${backend}`, () => {
    // Filled in before the first scenario runs; the scenarios read it when they run.
    const town = {} as ParityTown;

    beforeAll(async () => {
      const current = driver();
      const browser = () => documented(current.client(), assertDocumentedResponse);
      const client = browser();
      await signIn(client, current.admin.email, current.admin.password);
      const maps = pageOf<WireMap>(await client.request('GET', '/api/maps?per_page=100'));
      const withLayers = maps.data.find((row) => row.layers_count > 0);
      expect(withLayers, 'a map with layers').toBeDefined();
      const map = withLayers as WireMap;
      const shown = dataOf<{ layers: WireLayer[] }>(
        await client.request('GET', `/api/maps/${map.id}/show?with_layers=true`),
      );
      const layers = shown.layers.filter((row) => row.type === 'vector');
      let best = -1;
      let layer: WireLayer | undefined;
      for (const candidate of layers) {
        const total = pageOf(
          await client.request('GET', `/api/maps/${map.id}/layers/${candidate.id}/features?per_page=1`),
        ).meta.total;
        if (total > best) [best, layer] = [total, candidate];
      }
      expect(best, 'a layer with enough features to page').toBeGreaterThan(10);
      const chosen = layer as WireLayer;
      Object.assign(town, {
        admin: current.admin,
        browser,
        map,
        layer: chosen,
        layerTotal: best,
        featuresPath: (query: string) => `/api/maps/${map.id}/layers/${chosen.id}/features?${query}`,
      } satisfies ParityTown);
    });

    signInAndMapScenarios(town);
    featurePageScenarios(town);
    featureEditScenarios(town);
    privacyAndExportScenarios(town);
  });
}
