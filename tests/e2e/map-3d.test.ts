import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { globeReady, sampleColour, sampleUntil } from './support/globe';
import { useRealServer } from './support/real-server-suite';
import { expectPath, signIn } from './support/ui';

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

describe('3D viewer', () => {
  const suite = useRealServer({ demoSeed: true });

  test('the globe draws the demo network over the base layer, and a picked pipe opens its panel', async () => {
    const { admin } = suite.server();
    const page = await suite.newPage();
    await signIn(page, admin.email, admin.password, admin.name);
    const map = await demoMap(page);
    const pipes = map.layers.find((layer) => layer.type === 'vector' && layer.name === 'Pipes');
    if (!pipes) throw new Error('the demo map has no line layer');

    await page.goto(`/maps/${map.id}/show3d`);
    await page.getByRole('region', { name: `3D globe of ${map.title}` }).waitFor();
    await globeReady(page);
    // The pipes' colour covers a good part of the town; the Natural Earth base alone has none of it there.
    // Pipes are coloured by material: follow the material with the most pixels on screen.
    const colour = await mostDrawnColour(page, pipeColours(pipes));
    const drawn = await sampleUntil(page, colour, (sample) => sample.count > 200);
    expect(drawn.count).toBeGreaterThan(200);
    const picture = await page.getByTestId('globe-canvas').screenshot();
    expect(picture.length).toBeGreaterThan(10_000);

    await page.getByLabel(pipes.name, { exact: true }).uncheck();
    const hidden = await sampleUntil(page, colour, (sample) => sample.count < drawn.count / 10);
    expect(hidden.count).toBeLessThan(drawn.count / 10);
    await page.getByLabel(pipes.name, { exact: true }).check();
    const back = await sampleUntil(page, colour, (sample) => sample.count > 200);

    // Clicking on a pipe-coloured pixel picks that pipe: its panel shows its properties and history.
    const [x, y] = back.points[Math.floor(back.points.length / 2)] ?? [0, 0];
    await page.mouse.click(x, y);
    const panel = page.getByRole('complementary', { name: new RegExp(`^${pipes.name} #\\d+$`) });
    await panel.waitFor();
    await panel.getByRole('heading', { name: 'History' }).waitFor();
    await panel.getByText('Material').waitFor();
  });

  test('switching to 2D and back keeps the place looked at', async () => {
    const { admin } = suite.server();
    const page = await suite.newPage();
    await signIn(page, admin.email, admin.password, admin.name);
    const map = await demoMap(page);

    await page.goto(`/maps/${map.id}/show3d`);
    await globeReady(page);
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
    const page = await suite.newPage();
    await signIn(page, admin.email, admin.password, admin.name);
    const map = await demoMap(page);
    const otherTitle = 'Rome overview';
    const otherId = await createMap(page, otherTitle);

    await page.goto('/map3d');
    const picker = page.getByLabel('Map to show');
    await picker.selectOption(String(map.id));
    await page.getByRole('region', { name: `3D globe of ${map.title}` }).waitFor();
    await globeReady(page);

    await picker.selectOption(String(otherId));
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

/** Of these colours, the one with the most globe pixels once any of them passes 200 (or after 30 s). */
async function mostDrawnColour(page: Page, colours: string[]): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const counts = await Promise.all(colours.map(async (hex) => (await sampleColour(page, hex)).count));
    const best = counts.indexOf(Math.max(...counts));
    if ((counts[best] ?? 0) > 200 || Date.now() > deadline) return colours[best] ?? colours[0] ?? '#000000';
    await page.waitForTimeout(250);
  }
}
