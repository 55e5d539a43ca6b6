import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { globeReady, sampleColours, sampleUntil } from './support/globe';
import { useRealServer } from './support/real-server-suite';
import { expectPath, setLayerShown, signInOverHttp } from './support/ui';

type LayerInfo = {
  id: number;
  name: string;
  type: string;
  geometry_type: string | null;
  style: { stroke_color: string; categories?: { value: unknown; color: string }[] };
};
type MapInfo = { id: number; title: string; center: [number, number]; layers: LayerInfo[] };

async function demoMap(page: Page): Promise<MapInfo> {
  const list = await page.request.get('/api/maps?per_page=50');
  const maps = ((await list.json()) as { data: { id: number; layers_count: number }[] }).data;
  const withLayers = maps.find((map) => map.layers_count > 0);
  if (!withLayers) throw new Error('no demo map with layers on the server');
  const show = await page.request.get(`/api/maps/${withLayers.id}/show?with_layers=true`);
  return ((await show.json()) as { data: MapInfo }).data;
}

/** A second, empty map made through the API as the admin screens would. */
async function createMap(page: Page, title: string): Promise<number> {
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN');
  if (!xsrf) throw new Error('no XSRF-TOKEN cookie');
  const response = await page.request.post('/api/maps', {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf.value), 'X-Requested-With': 'XMLHttpRequest' },
    data: { title, center: [12.5, 41.9], zoom: 5 },
  });
  if (response.status() !== 201)
    throw new Error(`createMap gave ${response.status()}: ${await response.text()}`);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/**
 * The wide layout, less tall: SwiftShader draws every globe frame on the CPU, so fewer pixels make
 * each frame cheaper (about a quarter less CPU for this file). The camera keeps the ground scale
 * per pixel (camera.ts), so the town is drawn as large as on a taller screen: its commonest pipe
 * colour still covers about 6,000 pixels where the test asks for over 200.
 */
const GLOBE_VIEWPORT = { width: 1280, height: 600 };

describe('3D viewer', () => {
  const suite = useRealServer({ demoSeed: true });

  test('the globe draws the demo network over the base layer, and a picked pipe opens its panel', async () => {
    const { admin } = suite.server();
    const page = await suite.newPage(GLOBE_VIEWPORT);
    await signInOverHttp(page, admin.email, admin.password);
    const map = await demoMap(page);
    const pipes = map.layers.find((layer) => layer.type === 'vector' && layer.name === 'Pipes');
    if (!pipes) throw new Error('the demo map has no line layer');

    await page.goto(`/maps/${map.id}/show3d`);
    await page.getByRole('region', { name: `3D globe of ${map.title}` }).waitFor();
    await globeReady(page);
    // The pipes' colours cover a good part of the town. Pipes are coloured by material, and the
    // Natural Earth base has some of those colours: the one followed is a material colour with
    // over 200 pixels that all but goes when the pipes are unticked.
    const colours = pipeColours(pipes);
    const drawn = await countsUntil(page, colours, (counts) => Math.max(...counts) > 200);
    expect(Math.max(...drawn)).toBeGreaterThan(200);
    const picture = await page.getByTestId('globe-canvas').screenshot();
    expect(picture.length).toBeGreaterThan(10_000);

    await setLayerShown(page, pipes.name, false);
    const gone = (counts: number[]) =>
      counts.findIndex((n, i) => (drawn[i] ?? 0) > 200 && n < (drawn[i] ?? 0) / 10);
    const hidden = await countsUntil(page, colours, (counts) => gone(counts) >= 0);
    expect(gone(hidden)).toBeGreaterThanOrEqual(0);
    const colour = colours[gone(hidden)] as string;
    await setLayerShown(page, pipes.name, true);
    const back = await sampleUntil(page, colour, (sample) => sample.count > 200);

    // Clicking on a pipe-coloured pixel picks that pipe: its panel shows its properties and history.
    // The side panel floats over the globe's left part: folded away, every sampled pixel is clickable.
    await page.getByRole('button', { name: 'Panels' }).click();
    const [x, y] = back.points[Math.floor(back.points.length / 2)] ?? [0, 0];
    await page.mouse.click(x, y);
    const panel = page.getByRole('complementary', { name: new RegExp(`^${pipes.name} #\\d+$`) });
    await panel.waitFor();
    await panel.getByRole('heading', { name: 'History' }).waitFor();
    await panel.getByText('Material').waitFor();
  });

  test('switching to 2D and back keeps the place looked at', async () => {
    const { admin } = suite.server();
    const page = await suite.newPage(GLOBE_VIEWPORT);
    await signInOverHttp(page, admin.email, admin.password);
    const map = await demoMap(page);

    // The place looked at is the camera's from the first frame: no need to wait for the tiles.
    await page.goto(`/maps/${map.id}/show3d`);
    await page.getByRole('region', { name: `3D globe of ${map.title}` }).waitFor();
    await page.getByRole('button', { name: 'View in 2D' }).click();
    await expectPath(page, `/maps/${map.id}/show`);
    const carried = new URL(page.url()).searchParams;
    expect(Number(carried.get('lon'))).toBeCloseTo(map.center[0], 2);
    expect(Number(carried.get('lat'))).toBeCloseTo(map.center[1], 2);
    await page.getByTestId('map-canvas').waitFor();

    await page.getByRole('button', { name: 'View in 3D' }).click();
    await expectPath(page, `/maps/${map.id}/show3d`);
    const back = new URL(page.url()).searchParams;
    expect(Number(back.get('lon'))).toBeCloseTo(map.center[0], 2);
    expect(Number(back.get('zoom'))).toBeCloseTo(Number(carried.get('zoom')), 0);
    await globeReady(page);
  });

  test('/map3d switches between maps with its picker', async () => {
    const { admin } = suite.server();
    const page = await suite.newPage(GLOBE_VIEWPORT);
    await signInOverHttp(page, admin.email, admin.password);
    const map = await demoMap(page);
    const otherTitle = 'Rome overview';
    await createMap(page, otherTitle);

    await page.goto('/map3d');
    // The picker is a react-aria select: a button that opens a list of the maps.
    const picker = page.getByRole('button', { name: /Map to show/ });
    const choose = async (title: string) => {
      await picker.click();
      await page.getByRole('option', { name: title, exact: true }).click();
    };
    // Switching away while the first globe is still loading tiles is part of what is tested.
    await choose(map.title);
    await page.getByRole('region', { name: `3D globe of ${map.title}` }).waitFor();
    await page
      .getByLabel(map.layers[0]?.name ?? '', { exact: true })
      .first()
      .waitFor();

    await choose(otherTitle);
    await page.getByRole('region', { name: `3D globe of ${otherTitle}` }).waitFor();
    expect(await page.getByRole('region', { name: `3D globe of ${map.title}` }).count()).toBe(0);
    await globeReady(page);
    // The empty map has no layer to list; the demo map's layers are gone from the tree.
    expect(await page.getByLabel(map.layers[0]?.name ?? '', { exact: true }).count()).toBe(0);
  });
});

/** The colours the pipes are drawn in: one per material, or the single stroke colour. */
function pipeColours(layer: LayerInfo): string[] {
  const colours = (layer.style.categories ?? []).map((category) => category.color);
  return colours.length > 0 ? colours : [layer.style.stroke_color];
}

/** The globe pixels of each colour, sampled until `accept` holds (or 30 s passed). */
async function countsUntil(
  page: Page,
  colours: string[],
  accept: (counts: number[]) => boolean,
): Promise<number[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const counts = (await sampleColours(page, colours)).map((sample) => sample.count);
    if (accept(counts) || Date.now() > deadline) return counts;
    await page.waitForTimeout(250);
  }
}
