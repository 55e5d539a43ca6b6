import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { demoMap } from './support/demo-map';
import { globeReady } from './support/globe';
import { useRealServer } from './support/real-server-suite';
import { eventually, setLayerShown, signInOverHttp } from './support/ui';

/** The demo pipes' material colours (shared/demo/configuration.ts). */
const PIPE_COLOURS = ['#8c510a', '#2166ac', '#4d4d4d', '#d95f02', '#1b9e77', '#7570b3'];

/** Waits until OpenLayers has drawn again after `after` draws, and the tiles have arrived. */
async function renderedAfter(page: Page, after: number): Promise<number> {
  await page.waitForFunction(
    (count) =>
      Number(document.querySelector<HTMLElement>('[data-testid=map-canvas]')?.dataset.renderCount ?? 0) >
      count,
    after,
  );
  await page.waitForLoadState('networkidle');
  return Number((await page.getByTestId('map-canvas').getAttribute('data-render-count')) ?? 0);
}

/** Pixels of the map drawn in a pipe colour: how much of the network is on screen. */
async function pipePixels(page: Page): Promise<number> {
  return page.evaluate((colours) => {
    const targets = colours.map((hex) => [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16)));
    let count = 0;
    for (const canvas of document.querySelectorAll<HTMLCanvasElement>('[data-testid=map-canvas] canvas')) {
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0 || canvas.height === 0) continue;
      const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 0; i < data.length; i += 4) {
        if ((data[i + 3] ?? 0) < 128) continue;
        if (targets.some((target) => target.every((value, c) => Math.abs((data[i + c] ?? 0) - value) <= 12)))
          count++;
      }
    }
    return count;
  }, PIPE_COLOURS);
}

const timeOf = (page: Page) => new URL(page.url()).searchParams.get('time');

describe('the time slider in the map viewer', () => {
  const suite = useRealServer({ demoSeed: true });

  test('a range in the address draws and finds fewer pipes, plays one step, moves by arrow key and survives 3D', async () => {
    const { admin } = suite.server();
    const page = await suite.newPage();
    await page.setViewportSize({ width: 1280, height: 860 });
    await signInOverHttp(page, admin.email, admin.password);
    const map = await demoMap(page);
    const others = map.layers.filter((layer) => layer.type === 'vector' && layer.name !== 'Pipes');

    await page.goto(`/maps/${map.id}/show?time=1990-01-01/1994-12-31&time_step=year`);
    await page.getByRole('heading', { name: map.title, level: 1 }).waitFor();
    const slider = page.getByRole('region', { name: 'Time' });
    await slider.getByText('Showing 1990 – 1994').waitFor();
    let renders = await renderedAfter(page, 0);
    for (const layer of others) await setLayerShown(page, layer.name, false);
    renders = await renderedAfter(page, renders);
    const inRange = await pipePixels(page);
    await page.screenshot({ path: join(tmpdir(), 'atlasboard-time-range.png') });

    // Play one step: the whole range moves a year later, the map redraws without a reload.
    await slider.getByRole('button', { name: 'Play' }).click();
    await eventually(async () => timeOf(page), '1991-01-01/1995-12-31', 5_000);
    await slider.getByRole('button', { name: 'Pause' }).click();
    // On a busy machine a second step may come before the pause: read where play stopped.
    const [from = 0, to = 0] = (timeOf(page) ?? '').split('/').map((day) => Number(day.slice(0, 4)));
    expect(from).toBeGreaterThanOrEqual(1991);
    expect(to - from).toBe(4);
    await slider.getByText(`Showing ${from} – ${to}`).waitFor();
    renders = await renderedAfter(page, renders);
    await page.screenshot({ path: join(tmpdir(), 'atlasboard-time-played.png') });

    // The arrow keys move a thumb one step.
    await slider.getByRole('slider', { name: 'To' }).focus();
    await page.keyboard.press('ArrowRight');
    await eventually(async () => timeOf(page), `${from}-01-01/${to + 1}-12-31`);

    // Every date: more of the network is drawn than in five years.
    await slider.getByRole('button', { name: 'Show all dates' }).click();
    await eventually(async () => timeOf(page), null);
    await renderedAfter(page, renders);
    const all = await pipePixels(page);
    await page.screenshot({ path: join(tmpdir(), 'atlasboard-time-all.png') });
    expect(inRange).toBeGreaterThan(0);
    expect(all).toBeGreaterThan(inRange * 1.5);

    // Search results follow the range: a month finds fewer pipes than every date (20 at most).
    const searchResults = async () => {
      await page.getByRole('tab', { name: 'Search' }).click();
      await page.getByLabel('Search Pipes').fill('P-');
      const list = page.getByRole('list', { name: 'Search results' });
      await list.waitFor();
      await page.waitForLoadState('networkidle');
      return list.getByRole('listitem').count();
    };
    expect(await searchResults()).toBe(20);
    await page.goto(`/maps/${map.id}/show?time=1990-06-01/1990-06-30&time_step=month`);
    await page.getByRole('heading', { name: map.title, level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Search' }).click();
    await page.getByLabel('Search Pipes').fill('P-');
    await page.getByRole('list', { name: 'Search results' }).or(page.getByText('Nothing found.')).waitFor();
    await page.waitForLoadState('networkidle');
    const inMonth = await page.locator('.main-search-results li').count();
    expect(inMonth).toBeLessThan(20);

    // The switch to 3D keeps the range.
    await page.getByRole('button', { name: 'View in 3D' }).click();
    await page.waitForURL(/show3d/);
    expect(timeOf(page)).toBe('1990-06-01/1990-06-30');
    await page
      .getByRole('region', { name: 'Time' })
      .getByText(/Showing Jun 1990/)
      .waitFor();
    // The globe draws only the pipes of that month (none or a few) over its imagery.
    await globeReady(page);
    await page.screenshot({ path: join(tmpdir(), 'atlasboard-time-3d.png') });
  });

  test('works at phone width: the slider fits and its controls are reachable', async () => {
    const { admin } = suite.server();
    const page = await suite.newPage();
    await page.setViewportSize({ width: 390, height: 800 });
    await signInOverHttp(page, admin.email, admin.password);
    const map = await demoMap(page);
    await page.goto(`/maps/${map.id}/show?time=1990-01-01/1994-12-31&time_step=year`);
    await page.getByRole('heading', { name: map.title, level: 1 }).waitFor();
    // Below lg the panels open from the toolbar.
    const slider = page.getByRole('region', { name: 'Time' });
    if (!(await slider.isVisible())) await page.getByRole('button', { name: 'Panels', exact: true }).click();
    await slider.waitFor();
    const box = await slider.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await slider.getByRole('button', { name: 'Play' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(tmpdir(), 'atlasboard-time-phone.png') });
  });
});
