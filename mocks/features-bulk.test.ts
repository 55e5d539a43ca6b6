import { describe, expect, it } from 'vitest';
import { listLayerFeatures } from '../generated/api/features/features';
import { showMap } from '../generated/api/maps/maps';
import { MILLION } from './features-bulk-handlers';
import { applyPreset } from './override-handlers';
import { applyScenario } from './scenarios';

const get = (path: string) => fetch(new URL(path, window.location.href));

async function millionLayer() {
  applyScenario('admin');
  applyPreset('million-features');
  const map = (await showMap(1, { with_layers: true })).data;
  const layer = map.layers?.find((row) => row.name === 'A million points');
  expect(layer).toBeDefined();
  return { map, layer: layer as NonNullable<typeof layer> };
}

describe('the million-features preset', () => {
  it('puts a layer of a million points on map 1 that pages like any other', { timeout: 60_000 }, async () => {
    const { map, layer } = await millionLayer();
    expect(layer.features_count).toBe(MILLION);
    expect(map.layers_count).toBe(map.layers?.length);
    const first = await listLayerFeatures(1, layer.id, { per_page: 3 });
    expect(first.meta).toMatchObject({ total: MILLION, last_page: Math.ceil(MILLION / 3) });
    expect(first.data.map((row) => row.properties.n)).toEqual([1, 2, 3]);
    // Deep pages go by cursor (the document caps page numbers), as the table's links do.
    const last = await listLayerFeatures(1, layer.id, {
      per_page: 5,
      after_id: (first.data[0]?.id ?? 0) + 999_994,
    });
    expect(last.data.map((row) => row.properties.n)).toEqual([999_996, 999_997, 999_998, 999_999, 1_000_000]);
    expect(last.links.next).toBeNull();
    const after = await listLayerFeatures(1, layer.id, { per_page: 2, after_id: first.data[2]?.id });
    expect(after.data.map((row) => row.properties.n)).toEqual([4, 5]);
  });

  it(
    'draws tiles from the grid, a thinned one when zoomed out, and none off the grid',
    { timeout: 60_000 },
    async () => {
      const { map, layer } = await millionLayer();
      const [lon = 0, lat = 0] = map.center;
      const tileAt = (z: number) => {
        const n = 2 ** z;
        const x = Math.floor(((lon + 180) / 360) * n);
        const rad = (lat * Math.PI) / 180;
        const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
        return `/api/maps/1/layers/${layer.id}/tiles/${z}/${x}/${y}`;
      };
      for (const z of [10, 16]) {
        const answer = await get(tileAt(z));
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-type')).toBe('application/vnd.mapbox-vector-tile');
        expect((await answer.arrayBuffer()).byteLength).toBeGreaterThan(0);
      }
      expect((await get(`/api/maps/1/layers/${layer.id}/tiles/16/0/0`)).status).toBe(204);
    },
  );

  it('is gone after a reseed', { timeout: 60_000 }, async () => {
    applyScenario('admin');
    const map = (await showMap(1, { with_layers: true })).data;
    expect(map.layers?.some((row) => row.name === 'A million points')).toBe(false);
  });
});
