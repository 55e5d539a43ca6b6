import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousViolations } from './support/axe';
import { demoMap } from './support/demo-map';
import { useRealServer } from './support/real-server-suite';
import { signInOverHttp } from './support/ui';

/** Waits until the swipe map has drawn more than `after` times and the network is quiet. */
async function drawnAfter(canvas: Locator, after: number): Promise<number> {
  const read = async () => Number((await canvas.getAttribute('data-render-count')) ?? 0);
  const deadline = Date.now() + 20_000;
  while ((await read()) <= after && Date.now() < deadline) await canvas.page().waitForTimeout(100);
  await canvas.page().waitForLoadState('networkidle');
  // One more frame after the tiles arrived, then the picture stands still.
  await canvas.page().waitForTimeout(300);
  return read();
}

async function choose(page: Page, side: 'Left' | 'Right', option: RegExp): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`${side} of the divider`) }).click();
  await page.getByRole('option', { name: option }).click();
}

async function xsrfHeaders(page: Page): Promise<Record<string, string>> {
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN');
  if (!xsrf) throw new Error('no XSRF-TOKEN cookie');
  return { 'X-XSRF-TOKEN': decodeURIComponent(xsrf.value), 'X-Requested-With': 'XMLHttpRequest' };
}

type Band = { from: number; to: number };

/**
 * How many pixels differ between screenshots `a` and `b` within column bands (shares of the
 * width) below row `top` and above the status bar (the last `bottom` rows): decoded in the
 * page, which has the PNG decoder at hand.
 */
async function differing(
  page: Page,
  a: Buffer,
  b: Buffer,
  bands: Band[],
  top: number,
  bottom = 40,
): Promise<number> {
  return page.evaluate(
    async ({ a, b, bands, top, bottom }) => {
      const pixels = async (png: string) => {
        const image = new Image();
        image.src = `data:image/png;base64,${png}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2D context');
        context.drawImage(image, 0, 0);
        return context.getImageData(0, 0, image.width, image.height);
      };
      const [first, second] = [await pixels(a), await pixels(b)];
      let count = 0;
      for (const band of bands) {
        const x0 = Math.round(band.from * first.width);
        const x1 = Math.round(band.to * first.width);
        // The bottom rows hold the pointer's coordinates, which follow the mouse.
        for (let y = Math.round(top); y < first.height - bottom; y++) {
          for (let x = x0; x < x1; x++) {
            const i = (y * first.width + x) * 4;
            const d = [0, 1, 2].some(
              (c) => Math.abs((first.data[i + c] ?? 0) - (second.data[i + c] ?? 0)) > 8,
            );
            if (d) count++;
          }
        }
      }
      return count;
    },
    { a: a.toString('base64'), b: b.toString('base64'), bands, top, bottom },
  );
}

describe('/map2 swipe', () => {
  const suite = useRealServer({ demoSeed: true });

  test('swipe shows one layer left of a divider and another right of it; dragging and arrow keys move it', async () => {
    const { admin } = suite.server();
    const page = await suite.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInOverHttp(page, admin.email, admin.password);
    const list = await page.request.get('/api/maps?per_page=50');
    const maps = ((await list.json()) as { data: { id: number; layers_count: number }[] }).data;
    const demo = maps.find((map) => map.layers_count > 0);
    if (!demo) throw new Error('no demo map');
    // Both sides of /map2 open on the last map viewed.
    await page.goto(`/maps/${demo.id}/show`);
    await page.getByTestId('map-canvas').waitFor();
    await page.goto('/map2');
    await page.getByTestId('map-canvas').nth(1).waitFor();

    await page.getByRole('button', { name: 'Swipe' }).click();
    expect(await page.getByRole('button', { name: 'Swipe' }).getAttribute('aria-pressed')).toBe('true');
    // One map now, split by the divider.
    const canvas = page.getByTestId('map-canvas');
    await canvas.waitFor();
    expect(await canvas.count()).toBe(1);
    const divider = page.getByRole('separator', { name: /Swipe divider/ });
    expect(await divider.getAttribute('aria-valuenow')).toBe('50');
    const box = await canvas.boundingBox();
    const bar = await page.locator('.swipe-bar').boundingBox();
    if (!box || !bar) throw new Error('the swipe map is not on screen');
    // Below the pickers' bar (its text changes with each choice).
    const top = bar.y + bar.height - box.y + 4;

    let drawn = await drawnAfter(canvas, 0);
    const shot = async () => {
      drawn = await drawnAfter(canvas, drawn);
      return canvas.screenshot();
    };
    // The references: each layer on both sides, then zones left and streets right.
    await choose(page, 'Left', /› Pressure zones$/);
    await choose(page, 'Right', /› Pressure zones$/);
    const zones = await shot();
    await choose(page, 'Left', /› Streets$/);
    await choose(page, 'Right', /› Streets$/);
    const streets = await shot();
    await choose(page, 'Left', /› Pressure zones$/);
    const split = await shot();

    const left: Band = { from: 0, to: 0.48 };
    const right: Band = { from: 0.52, to: 1 };
    // The two layers look different on both halves, so the comparison means something ...
    const apartLeft = await differing(page, zones, streets, [left], top);
    const apartRight = await differing(page, zones, streets, [right], top);
    expect(apartLeft).toBeGreaterThan(500);
    expect(apartRight).toBeGreaterThan(500);
    // ... and the split map is the zones on the left, the streets on the right.
    expect(await differing(page, split, zones, [left], top)).toBeLessThan(apartLeft * 0.02);
    expect(await differing(page, split, streets, [right], top)).toBeLessThan(apartRight * 0.02);

    // Dragged to 30 %: what lay between 30 % and 50 % is the right side's now.
    const handle = await divider.boundingBox();
    if (!handle) throw new Error('the divider is not on screen');
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.3, handle.y + handle.height / 2, { steps: 8 });
    await page.mouse.up();
    expect(Number(await divider.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(29);
    expect(Number(await divider.getAttribute('aria-valuenow'))).toBeLessThanOrEqual(31);
    await page.mouse.move(box.x + box.width * 0.9, box.y + box.height * 0.9);
    const dragged = await shot();
    const between: Band = { from: 0.32, to: 0.48 };
    const apartBetween = await differing(page, zones, streets, [between], top);
    expect(apartBetween).toBeGreaterThan(100);
    expect(await differing(page, dragged, streets, [between, right], top)).toBeLessThan(
      (apartBetween + apartRight) * 0.02,
    );
    expect(await differing(page, dragged, zones, [{ from: 0, to: 0.28 }], top)).toBeLessThan(
      apartLeft * 0.02,
    );

    // The keyboard moves it too: two steps right from 30 %.
    await divider.focus();
    const before = Number(await divider.getAttribute('aria-valuenow'));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(Number(await divider.getAttribute('aria-valuenow'))).toBe(before + 10);

    // The divider, the pickers and the toggle pass axe (serious and critical).
    expect(await seriousViolations(page)).toEqual([]);

    // Back to side by side: two maps again.
    await page.getByRole('button', { name: 'Swipe' }).click();
    await page.getByTestId('map-canvas').nth(1).waitFor();
  });

  test('then on the left and now on the right: pipes removed since are drawn left of the divider only', async () => {
    const { admin } = suite.server();
    const page = await suite.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInOverHttp(page, admin.email, admin.password);
    const map = await demoMap(page);
    const pipes = map.layers.find((layer) => layer.type === 'vector' && layer.name === 'Pipes');
    if (!pipes) throw new Error('the demo map has no Pipes layer');

    // The moment before the works, then every other pipe of the first three hundred taken
    // out, spread over the town so that both halves of the view lose some.
    const before = new Date(Date.now() - 1_000);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const ids: number[] = [];
    for (const pageNumber of [1, 2, 3]) {
      const listed = await page.request.get(
        `/api/maps/${map.id}/layers/${pipes.id}/features?per_page=100&page=${pageNumber}`,
      );
      ids.push(...((await listed.json()) as { data: { id: number }[] }).data.map((pipe) => pipe.id));
    }
    const removed = ids.filter((_, index) => index % 2 === 0);
    expect(removed.length).toBeGreaterThan(100);
    const save = await page.request.post(`/api/maps/${map.id}/updateFeatures`, {
      headers: await xsrfHeaders(page),
      data: { features: [], delete_ids: removed },
    });
    expect(save.status(), await save.text()).toBe(200);

    // Both sides of /map2 open on the last map viewed; a moment in the address opens the swipe.
    await page.goto(`/maps/${map.id}/show`);
    await page.getByTestId('map-canvas').waitFor();
    const open = async (search: string) => {
      await page.goto(`/map2?${search}`);
      expect(await page.getByRole('button', { name: 'Swipe' }).getAttribute('aria-pressed')).toBe('true');
      const canvas = page.getByTestId('map-canvas');
      await canvas.waitFor();
      expect(await canvas.count()).toBe(1);
      await choose(page, 'Left', /› Pipes$/);
      await choose(page, 'Right', /› Pipes$/);
      await page.mouse.move(0, 0);
      return canvas;
    };
    const moment = encodeURIComponent(before.toISOString());

    // Then on both sides: the reference for the pipes of then.
    let canvas = await open(`left_as_of=${moment}&right_as_of=${moment}`);
    await drawnAfter(canvas, 0);
    const thenBoth = await canvas.screenshot({ path: 'test-results/swipe-then-both.png' });

    // Then on the left, now on the right, each side labelled by its moment.
    canvas = await open(`left_as_of=${moment}`);
    const drawn = await drawnAfter(canvas, 0);
    const split = await canvas.screenshot({ path: 'test-results/swipe-then-now.png' });
    const divider = await page.getByRole('separator', { name: /Swipe divider/ }).boundingBox();
    const thenLabel = page.locator('.swipe-moment-label-left');
    const nowLabel = page.locator('.swipe-moment-label-right');
    expect(await thenLabel.textContent()).toMatch(new RegExp(`^As it was on .*${before.getFullYear()}`));
    expect(await nowLabel.textContent()).toBe('Now');
    const thenBox = await thenLabel.boundingBox();
    const nowBox = await nowLabel.boundingBox();
    if (!divider || !thenBox || !nowBox) throw new Error('the divider or the labels are not on screen');
    const middle = divider.x + divider.width / 2;
    expect(thenBox.x + thenBox.width).toBeLessThan(middle);
    expect(nowBox.x).toBeGreaterThan(middle);

    // Back to now on the left: the address loses the moment, both sides are now.
    await page
      .getByRole('group', { name: 'Left of the divider' })
      .getByRole('button', { name: 'Back to now' })
      .click();
    await page.waitForURL((url) => !url.search.includes('as_of'));
    await drawnAfter(canvas, drawn);
    const nowBoth = await canvas.screenshot({ path: 'test-results/swipe-now-both.png' });

    const box = await canvas.boundingBox();
    const bar = await page.locator('.swipe-bar').boundingBox();
    if (!box || !bar) throw new Error('the swipe map is not on screen');
    // Below the pickers' bar and above the moments' labels.
    const top = bar.y + bar.height - box.y + 4;
    const bottom = box.y + box.height - thenBox.y + 4;
    const left: Band = { from: 0, to: 0.48 };
    const right: Band = { from: 0.52, to: 1 };
    // The removed pipes change both halves, so the comparison means something ...
    const goneLeft = await differing(page, thenBoth, nowBoth, [left], top, bottom);
    const goneRight = await differing(page, thenBoth, nowBoth, [right], top, bottom);
    expect(goneLeft).toBeGreaterThan(200);
    expect(goneRight).toBeGreaterThan(200);
    // ... and the split map draws them on the left of the divider and not on the right.
    expect(await differing(page, split, thenBoth, [left], top, bottom)).toBeLessThan(goneLeft * 0.05);
    expect(await differing(page, split, nowBoth, [right], top, bottom)).toBeLessThan(goneRight * 0.05);
  });
});
