import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousViolations } from './support/axe';
import { demoMap } from './support/demo-map';
import { useRealServer } from './support/real-server-suite';
import { eventually, expectPath, setLayerShown, signInOverHttp } from './support/ui';

/** Waits until OpenLayers has finished drawing (tiles loaded) at least `after` + 1 times. */
async function renderedAfter(page: Page, after: number): Promise<number> {
  const canvas = page.getByTestId('map-canvas');
  await page.waitForFunction(
    (count) =>
      Number(document.querySelector<HTMLElement>('[data-testid=map-canvas]')?.dataset.renderCount ?? 0) >
      count,
    after,
  );
  await page.waitForLoadState('networkidle');
  return Number((await canvas.getAttribute('data-render-count')) ?? 0);
}

async function mapPixels(page: Page): Promise<Buffer> {
  return page.getByTestId('map-canvas').screenshot();
}

/** Pixels of the map's canvases within `tolerance` of `hex` (e.g. the highlight colour). */
async function pixelsOfColour(page: Page, hex: string, tolerance = 30): Promise<number> {
  return page.evaluate(
    ({ hex, tolerance }) => {
      const target = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
      let count = 0;
      for (const canvas of document.querySelectorAll<HTMLCanvasElement>('[data-testid=map-canvas] canvas')) {
        const context = canvas.getContext('2d');
        if (!context || canvas.width === 0 || canvas.height === 0) continue;
        const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
        for (let i = 0; i < data.length; i += 4) {
          if ((data[i + 3] ?? 0) < 128) continue;
          if (target.every((value, channel) => Math.abs((data[i + channel] ?? 0) - value) <= tolerance))
            count++;
        }
      }
      return count;
    },
    { hex, tolerance },
  );
}

async function scaleText(page: Page): Promise<string> {
  return ((await page.locator('.ol-scale-line-inner').first().textContent()) ?? '').trim();
}

describe('2D map viewer and feature table', () => {
  const suite = useRealServer({ demoSeed: true });

  test('draws the network, toggles a layer, opens a clicked pipe, and the table reaches its last row', async () => {
    const { admin } = suite.server();
    const page = await suite.newPage();
    await signInOverHttp(page, admin.email, admin.password);
    const map = await demoMap(page);
    // By name: the demo's Streets are lines too.
    const pipes = map.layers.find((layer) => layer.type === 'vector' && layer.name === 'Pipes');
    if (!pipes) throw new Error('the demo map has no line layer');

    await page.goto(`/maps/${map.id}/show`);
    await page.getByRole('heading', { name: map.title, level: 1 }).waitFor();
    let renders = await renderedAfter(page, 0);
    const withNetwork = await mapPixels(page);

    // Every vector layer off: what is left is the basemap, and it must look different.
    const vectorNames = map.layers.filter((layer) => layer.type === 'vector').map((layer) => layer.name);
    for (const name of vectorNames) await setLayerShown(page, name, false);
    renders = await renderedAfter(page, renders);
    const basemapOnly = await mapPixels(page);
    expect(basemapOnly.equals(withNetwork)).toBe(false);

    // Only the pipes back on: different again from the basemap alone.
    await setLayerShown(page, pipes.name, true);
    await renderedAfter(page, renders);
    const pipesOnly = await mapPixels(page);
    expect(pipesOnly.equals(basemapOnly)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);

    // The table: scroll to the bottom and find the last row, then show one pipe on the map.
    await page.goto(`/maps/${map.id}/show/${pipes.id}/features`);
    const table = page.getByRole('table', { name: `Features of ${pipes.name}` });
    await table.waitFor();
    const total = Number(((await page.getByText(/^Features: \d+/).textContent()) ?? '').replace(/\D+/g, ''));
    expect(total).toBeGreaterThan(0);
    await page.locator('.feature-table-body').evaluate((body) => {
      body.scrollTop = body.scrollHeight;
    });
    await page
      .locator(`[role=row][aria-rowindex="${total + 1}"] [role=cell]`)
      .first()
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const firstRow = page.locator('[role=row][aria-rowindex="2"]');
    await page.locator('.feature-table-body').evaluate((body) => {
      body.scrollTop = 0;
    });
    const firstId = ((await firstRow.locator('.cell-id').textContent()) ?? '').trim();
    await firstRow.getByRole('button', { name: /Show on map/ }).click();
    await expectPath(page, `/maps/${map.id}/show`);
    const panel = page.getByRole('complementary', { name: `${pipes.name} #${firstId}` });
    await panel.waitFor();
    // The stored feature is looked up (files included): the panel knows this pipe has none.
    await panel.getByText('No files attached.', { exact: true }).waitFor();

    // Closed, then clicked for real: the map is centred on that pipe's extent, so the centre
    // of the canvas lies on it.
    await panel.getByRole('button', { name: 'Close feature details' }).click();
    await renderedAfter(page, 0);
    const box = await page.getByTestId('map-canvas').boundingBox();
    if (!box) throw new Error('the map has no box');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.getByRole('complementary', { name: new RegExp(`^${pipes.name} #\\d+$`) }).waitFor();
    await page.getByRole('heading', { name: 'History' }).waitFor();

    // An edit is saved and shows in the pipe's history as old → new.
    const clicked = page.getByRole('complementary', { name: new RegExp(`^${pipes.name} #\\d+$`) });
    await clicked.getByRole('button', { name: 'Edit', exact: true }).click();
    const form = clicked.getByRole('form', { name: 'Edit feature' });
    await form.getByRole('textbox', { name: 'Diameter (mm)', exact: true }).fill('123');
    await form.getByRole('button', { name: 'Save' }).click();
    await clicked.getByText(`Changed by ${admin.name}`, { exact: false }).waitFor();
    await clicked.getByText(/→ 123$/).waitFor();
  });

  test('a filter narrows the map and the list; a bookmark brings its view back after a reload', async () => {
    const { admin } = suite.server();
    const page = await suite.newPage();
    await signInOverHttp(page, admin.email, admin.password);
    const map = await demoMap(page);
    await page.goto(`/maps/${map.id}/show`);
    await page.getByRole('heading', { name: map.title, level: 1 }).waitFor();
    let renders = await renderedAfter(page, 0);
    // Nothing is highlighted before a filter is applied (the highlight colour of the map styles).
    const highlight = '#ff7a00';
    expect(await pixelsOfColour(page, highlight)).toBeLessThan(20);

    // Steel pipes only: a part of the network, listed and drawn in the highlight colour.
    await page.getByRole('tab', { name: 'Filters' }).click();
    await page.getByRole('combobox', { name: /^Material/ }).click();
    await page.getByRole('option', { name: /^steel$/i }).click();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const status = page.getByRole('status').filter({ hasText: /^Matching features: \d+/ });
    await status.waitFor();
    const matching = Number(((await status.textContent()) ?? '').replace(/\D+/g, ''));
    const everyPipe = await page.request.get(
      `/api/maps/${map.id}/layers/${map.layers.find((layer) => layer.name === 'Pipes')?.id ?? 0}/features?per_page=1`,
    );
    const pipesTotal = ((await everyPipe.json()) as { meta: { total: number } }).meta.total;
    expect(matching).toBeGreaterThan(0);
    expect(matching).toBeLessThan(pipesTotal);
    const listed = page.getByRole('list', { name: 'Matching features' }).getByRole('listitem');
    expect(await listed.count()).toBe(Math.min(matching, 100));
    expect(await listed.first().textContent()).toMatch(/^Pipes #\d+/);
    renders = await renderedAfter(page, renders);
    const highlighted = await pixelsOfColour(page, highlight);
    expect(highlighted).toBeGreaterThan(200);

    // Cleared: the highlight goes again.
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    renders = await renderedAfter(page, renders);
    expect(await pixelsOfColour(page, highlight)).toBeLessThan(highlighted / 10);

    // A closer view without the hydrants, saved as a bookmark.
    const opening = await scaleText(page);
    // OpenLayers' zoom button (its accessible name is its '+' glyph); each zoom drawn before the next.
    await page.locator('.ol-zoom-in').click();
    renders = await renderedAfter(page, renders);
    await page.locator('.ol-zoom-in').click();
    renders = await renderedAfter(page, renders);
    await page.getByRole('tab', { name: 'Layers and legend' }).click();
    await setLayerShown(page, 'Hydrants', false);
    await renderedAfter(page, renders);
    const saved = await scaleText(page);
    expect(saved).not.toBe(opening);
    await page.getByRole('tab', { name: 'Bookmarks' }).click();
    const form = page.getByRole('form', { name: 'Save the current view' });
    await form.getByLabel('Bookmark name').fill('Close look');
    await form.getByRole('button', { name: 'Save view' }).click();
    const bookmarks = page.getByRole('list', { name: 'Saved views' });
    await bookmarks.getByRole('button', { name: 'Close look', exact: true }).waitFor();

    // After a reload the map opens at its own view with every layer; the bookmark restores both.
    await page.reload();
    await page.getByRole('heading', { name: map.title, level: 1 }).waitFor();
    renders = await renderedAfter(page, 0);
    expect(await scaleText(page)).toBe(opening);
    expect(await page.getByLabel('Hydrants', { exact: true }).isChecked()).toBe(true);
    await page.getByRole('tab', { name: 'Bookmarks' }).click();
    await bookmarks.getByRole('button', { name: 'Close look', exact: true }).click();
    await renderedAfter(page, renders);
    await eventually(() => scaleText(page), saved);
    expect(await page.getByLabel('Hydrants', { exact: true }).isChecked()).toBe(false);
  });
});
