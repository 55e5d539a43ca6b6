import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { demoMap } from './support/demo-map';
import { useRealServer } from './support/real-server-suite';
import { signInOverHttp } from './support/ui';

const tile = (page: Page, title: string): Locator =>
  page.locator('.map-dashboard-tile').filter({ has: page.getByRole('heading', { name: title, level: 3 }) });

/** The number a counter shows, once it shows one. */
async function counterValue(page: Page, title: string): Promise<string> {
  const counter = tile(page, title).locator('.dashboard-counter');
  await counter.filter({ hasText: /\d/ }).waitFor({ timeout: 15_000 });
  return ((await counter.textContent()) ?? '').trim();
}

/** Non-blank pixels of the map tile's canvases: a blank map is a bug. */
async function drawnPixels(page: Page): Promise<number> {
  return page.evaluate(() => {
    let count = 0;
    for (const canvas of document.querySelectorAll<HTMLCanvasElement>('.map-dashboard-map canvas')) {
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0 || canvas.height === 0) continue;
      const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) count++;
    }
    return count;
  });
}

describe('the full-window dashboard', () => {
  const suite = useRealServer({ demoSeed: true });

  test('shows the numbers beside a drawn map; a click on a bar filters the counters until the chip clears it', async () => {
    const { admin } = suite.server();
    const page = await suite.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInOverHttp(page, admin.email, admin.password);
    const map = await demoMap(page);

    await page.goto(`/maps/${map.id}/dashboard`);
    await page.getByRole('heading', { name: `${map.title}: dashboard`, level: 1 }).waitFor();
    const before = await counterValue(page, 'Network length (m)');
    expect(before).toMatch(/^[\d,.]+$/);
    expect(await counterValue(page, 'Hydrants in view')).toMatch(/^[\d,.]+$/);
    await page.waitForFunction(
      () =>
        Number(document.querySelector<HTMLElement>('[data-testid=map-canvas]')?.dataset.renderCount ?? 0) > 0,
    );
    await page.waitForLoadState('networkidle');
    expect(await drawnPixels(page)).toBeGreaterThan(1000);
    await page.screenshot({ path: join(tmpdir(), 'atlasboard-dashboard.png') });

    // The first bar of the material chart (the longest material), clicked near its foot.
    const chart = tile(page, 'Network length by material (m)');
    const canvas = chart.locator('.widget-chart canvas').first();
    await canvas.waitFor();
    const bars = await chart.locator('tbody tr').count();
    const box = await canvas.boundingBox();
    if (!box) throw new Error('the chart has no box');
    const slot = (box.width - 60) / bars;
    await canvas.click({ position: { x: 48 + slot / 2, y: box.height - 48 - 6 } });

    const chip = page.getByRole('button', {
      name: /^Clear the selection Network length by material \(m\): /,
    });
    await chip.waitFor();
    await expect.poll(() => counterValue(page, 'Network length (m)'), { timeout: 15_000 }).not.toBe(before);
    await page.screenshot({ path: join(tmpdir(), 'atlasboard-dashboard-selected.png') });

    await chip.click();
    await expect.poll(() => counterValue(page, 'Network length (m)'), { timeout: 15_000 }).toBe(before);

    // A manager arranges: a widget moved one column right stays there after a reload.
    await page.getByRole('button', { name: 'Arrange widgets' }).click();
    await page.getByRole('button', { name: 'Move Network length (m) right' }).click();
    await expect.poll(() => tile(page, 'Network length (m)').getAttribute('data-layout')).toBe('1,0,3,2');
    await page.getByText('Saving the layout…').waitFor({ state: 'detached' });
    await page.reload();
    await expect
      .poll(() => tile(page, 'Network length (m)').getAttribute('data-layout'), { timeout: 15_000 })
      .toBe('1,0,3,2');

    // A phone: the map full width on top, the widgets one under another below it.
    await page.setViewportSize({ width: 390, height: 844 });
    // The charts and the map size themselves to the narrower window over the next frames, so the
    // boxes are read until they have settled into one column.
    const phoneLayout = async () => {
      const mapBox = await page.locator('.map-dashboard-map').boundingBox();
      const first = await tile(page, 'Network length (m)').boundingBox();
      const second = await tile(page, 'Hydrants in view').boundingBox();
      if (!mapBox || !first || !second) throw new Error('a tile has no box');
      return {
        mapFullWidth: mapBox.width > 380,
        firstBelowMap: first.y >= mapBox.y + mapBox.height,
        firstFullWidth: first.width > 300,
        secondBelowFirst: second.y >= first.y + first.height,
      };
    };
    await expect
      .poll(phoneLayout, { timeout: 15_000 })
      .toEqual({ mapFullWidth: true, firstBelowMap: true, firstFullWidth: true, secondBelowFirst: true });
    await page.screenshot({ path: join(tmpdir(), 'atlasboard-dashboard-phone.png'), fullPage: true });
  });
});
