import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useRealServer } from './support/real-server-suite';
import { eventually, signInOverHttp } from './support/ui';

type LayerInfo = { id: number; name: string; type: string };
type MapInfo = { id: number; title: string; layers: LayerInfo[] };

/** The seeded demo map as the viewer gets it. */
async function demoMap(page: Page): Promise<MapInfo> {
  const list = await page.request.get('/api/maps?per_page=50');
  const maps = ((await list.json()) as { data: { id: number; layers_count: number }[] }).data;
  const withLayers = maps.find((map) => map.layers_count > 0);
  if (!withLayers) throw new Error('no demo map with layers on the server');
  const show = await page.request.get(`/api/maps/${withLayers.id}/show?with_layers=true`);
  return ((await show.json()) as { data: MapInfo }).data;
}

/** The share of the viewport (0..1) the element covers. */
async function viewportShare(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const width = Math.max(0, Math.min(box.right, innerWidth) - Math.max(box.left, 0));
    const height = Math.max(0, Math.min(box.bottom, innerHeight) - Math.max(box.top, 0));
    return (width * height) / (innerWidth * innerHeight);
  });
}

/** Waits until an OpenLayers canvas has drawn more than `after` times and the network is quiet. */
async function drawnAfter(canvas: Locator, after: number): Promise<number> {
  const read = async () => Number((await canvas.getAttribute('data-render-count')) ?? 0);
  const deadline = Date.now() + 20_000;
  while ((await read()) <= after && Date.now() < deadline) await canvas.page().waitForTimeout(100);
  await canvas.page().waitForLoadState('networkidle');
  return read();
}

/** The first pipe's name, which the demo's main search finds. */
async function aPipeName(page: Page, map: MapInfo): Promise<string> {
  const pipes = map.layers.find((layer) => layer.name === 'Pipes');
  if (!pipes) throw new Error('the demo map has no Pipes layer');
  const answer = await page.request.get(`/api/maps/${map.id}/layers/${pipes.id}/features?per_page=1`);
  const first = ((await answer.json()) as { data: { properties: { name: string } }[] }).data[0];
  if (!first) throw new Error('the demo has no pipe');
  return first.properties.name;
}

/** Opens a pipe through the side panel's search tab (in `scope`, one viewer). */
async function openPipeBySearch(scope: Locator, name: string): Promise<void> {
  const panels = scope.getByRole('button', { name: 'Panels' });
  if ((await panels.getAttribute('aria-expanded')) !== 'true') await panels.click();
  await scope.getByRole('tab', { name: 'Search' }).click();
  await scope.getByRole('searchbox', { name: 'Search Pipes' }).fill(name);
  await scope.getByRole('list', { name: 'Search results' }).getByRole('button', { name }).first().click();
}

describe('the viewer is map-first', () => {
  const suite = useRealServer({ demoSeed: true });

  test('on a laptop the map covers at least 90 % of the window on the 2D and 3D viewers', async () => {
    const { admin } = suite.server();
    const page = await suite.newPage();
    await signInOverHttp(page, admin.email, admin.password);
    const map = await demoMap(page);
    const screens = [
      { path: `/maps/${map.id}/show`, canvas: 'map-canvas' },
      // /map opens on the last map viewed: the one just shown.
      { path: '/map', canvas: 'map-canvas' },
      { path: `/maps/${map.id}/show3d`, canvas: 'globe-canvas' },
      { path: '/map3d', canvas: 'globe-canvas' },
    ];
    for (const size of [
      { width: 1440, height: 900 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(size);
      for (const screen of screens) {
        await page.goto(screen.path);
        const canvas = page.getByTestId(screen.canvas);
        await canvas.waitFor();
        const share = await viewportShare(canvas);
        expect(share, `${screen.path} at ${size.width}×${size.height}`).toBeGreaterThanOrEqual(0.9);
      }
    }
    // The title and the breadcrumb sit in the bar over the map; the tabs are reachable.
    await page.goto(`/maps/${map.id}/show`);
    await page.getByRole('heading', { name: map.title, level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByText('Add New').waitFor();
    for (const tab of ['Layers and legend', 'Search', 'Filters', 'Bookmarks', 'Network'])
      await page.getByRole('tab', { name: tab }).waitFor();
    // The Layers tab carries each layer's legend: the pipes' materials, as the map colours them
    // (waitFor throws when one is not there).
    const pipesLegend = page.getByRole('group', { name: 'Legend of Pipes' });
    for (const material of ['Cast iron', 'Ductile iron', 'PVC', 'PE'])
      await pipesLegend.getByText(material, { exact: true }).waitFor({ state: 'visible' });
    // A bar tool's name shows as a tooltip on hover; Escape hides it where the pointer rests.
    const tool = page.locator('.viewer-bar .icon-button-labelled').first();
    const tip = tool.locator('.icon-label');
    const clip = () => tip.evaluate((element) => getComputedStyle(element).clipPath);
    await tool.hover();
    await eventually(clip, 'none');
    await page.keyboard.press('Escape');
    await eventually(clip, 'inset(50%)');
  });

  test('on a phone the map is on screen at load and a pipe opens in a sheet that Escape closes', async () => {
    const { admin } = suite.server();
    const page = await suite.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signInOverHttp(page, admin.email, admin.password);
    const map = await demoMap(page);
    await page.goto(`/maps/${map.id}/show`);
    const canvas = page.getByTestId('map-canvas');
    await canvas.waitFor();
    expect(await viewportShare(canvas)).toBeGreaterThanOrEqual(0.8);
    // The panels wait behind the toolbar's button.
    expect(await page.getByRole('tab', { name: 'Layers and legend' }).isVisible()).toBe(false);

    await openPipeBySearch(page.locator('.viewer-shell'), await aPipeName(page, map));
    const details = page.getByRole('complementary', { name: /^Pipes #\d+$/ });
    await details.waitFor();
    // One sheet at a time: the panel sheet made way for the pipe's details.
    expect(await page.getByRole('tab', { name: 'Search' }).isVisible()).toBe(false);
    // The sheet rises from the bottom of the screen with the pipe's details.
    const box = await details.boundingBox();
    expect(box && box.y > 0 && box.y < 844).toBe(true);
    expect(await details.getByText('Material').isVisible()).toBe(true);
    await details.getByRole('button', { name: 'Close feature details' }).focus();
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });
  });

  test('/map2 shows two maps side by side; moving one moves the other; an edit in one redraws the other', async () => {
    const { admin } = suite.server();
    const page = await suite.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInOverHttp(page, admin.email, admin.password);
    const map = await demoMap(page);
    // Both sides open on the last map viewed.
    await page.goto(`/maps/${map.id}/show`);
    await page.getByTestId('map-canvas').waitFor();
    await page.goto('/map2');
    const sides = page.locator('.two-maps-side');
    const left = sides.nth(0);
    const right = sides.nth(1);
    const leftCanvas = left.getByTestId('map-canvas');
    const rightCanvas = right.getByTestId('map-canvas');
    await leftCanvas.waitFor();
    await rightCanvas.waitFor();
    for (const canvas of [leftCanvas, rightCanvas]) {
      const box = await canvas.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(0.4 * 1440);
    }
    // Panels start collapsed on both.
    for (const side of [left, right]) {
      expect(await side.getByRole('button', { name: 'Panels' }).getAttribute('aria-expanded')).toBe('false');
    }
    expect(await page.getByRole('tab', { name: 'Layers and legend' }).count()).toBe(0);

    // Zooming the left map (OpenLayers' zoom button) zooms the right one too.
    await drawnAfter(leftCanvas, 0);
    let rightDrawn = await drawnAfter(rightCanvas, 0);
    const rightBefore = await rightCanvas.screenshot();
    await left.locator('.ol-zoom-in').click();
    await drawnAfter(rightCanvas, rightDrawn);
    expect((await rightCanvas.screenshot()).equals(rightBefore)).toBe(false);

    // Unlinked, the left map goes to a pipe alone; the right one stays where it is.
    await page.getByRole('button', { name: 'Link views' }).click();
    expect(await page.getByRole('button', { name: 'Link views' }).getAttribute('aria-pressed')).toBe('false');
    await openPipeBySearch(left, await aPipeName(page, map));
    const details = left.getByRole('complementary', { name: /^Pipes #\d+$/ });
    await details.waitFor();
    await page.waitForLoadState('networkidle');
    rightDrawn = Number((await rightCanvas.getAttribute('data-render-count')) ?? 0);

    // Saved on the left: the right map reloads the layer and draws again.
    await details.getByRole('button', { name: 'Edit', exact: true }).click();
    const form = details.getByRole('form', { name: 'Edit feature' });
    await form.getByRole('textbox', { name: 'Diameter (mm)', exact: true }).fill('321');
    await form.getByRole('button', { name: 'Save' }).click();
    await details.getByText(/→ 321$/).waitFor();
    expect(await drawnAfter(rightCanvas, rightDrawn)).toBeGreaterThan(rightDrawn);
  });
});
