import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { demoMap } from './support/demo-map';
import { useRealServer } from './support/real-server-suite';
import { signInOverHttp } from './support/ui';

type Pipe = { id: number; geometry: object; properties: Record<string, unknown> };

async function xsrfHeaders(page: Page): Promise<Record<string, string>> {
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN');
  if (!xsrf) throw new Error('no XSRF-TOKEN cookie');
  return { 'X-XSRF-TOKEN': decodeURIComponent(xsrf.value), 'X-Requested-With': 'XMLHttpRequest' };
}

/** A `datetime-local` value (local time, to the minute) for a moment. */
function localInput(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** How many pixels of a screenshot are close to each colour (counted in the page, on a canvas). */
async function colourCounts(page: Page, png: Buffer, hexes: string[]): Promise<number[]> {
  return page.evaluate(
    async ({ data, hexes }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d');
      if (!context) return hexes.map(() => 0);
      context.drawImage(image, 0, 0);
      const pixels = context.getImageData(0, 0, image.width, image.height).data;
      const wanted = hexes.map((hex) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)));
      const counts = hexes.map(() => 0);
      for (let i = 0; i < pixels.length; i += 4)
        wanted.forEach(([r = 0, g = 0, b = 0], index) => {
          const near =
            Math.abs((pixels[i] ?? 0) - r) < 30 &&
            Math.abs((pixels[i + 1] ?? 0) - g) < 30 &&
            Math.abs((pixels[i + 2] ?? 0) - b) < 30;
          if (near) counts[index] = (counts[index] ?? 0) + 1;
        });
      return counts;
    },
    { data: png.toString('base64'), hexes },
  );
}

const GREEN = '#1a9641';
const AMBER = '#f0a202';
const RED = '#d7191c';

describe('the map as it was, and what changed since', () => {
  const suite = useRealServer({ demoSeed: true });

  test('a past moment shows the old pipes; the changes since are listed and drawn green, amber and red', async () => {
    const { admin } = suite.server();
    const page = await suite.newPage();
    await signInOverHttp(page, admin.email, admin.password);
    const map = await demoMap(page);
    const pipes = map.layers.find((layer) => layer.type === 'vector' && layer.name === 'Pipes');
    if (!pipes) throw new Error('the demo map has no Pipes layer');
    const listed = await page.request.get(`/api/maps/${map.id}/layers/${pipes.id}/features?per_page=3`);
    const [edited, deleted, model] = ((await listed.json()) as { data: Pipe[] }).data;
    if (!edited || !deleted || !model) throw new Error('the demo has fewer than three pipes');

    // The moment before the edits, then a pipe changed, one deleted, one added.
    const before = new Date(Date.now() - 1_000);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const headers = await xsrfHeaders(page);
    const save = await page.request.post(`/api/maps/${map.id}/updateFeatures`, {
      headers,
      data: {
        features: [{ type: 'Feature', id: edited.id, layer_id: pipes.id, properties: { diameter_mm: 999 } }],
        delete_ids: [deleted.id],
      },
    });
    expect(save.status()).toBe(200);
    const created = await page.request.post(`/api/maps/${map.id}/layers/${pipes.id}/features`, {
      headers,
      data: {
        type: 'Feature',
        geometry: model.geometry,
        properties: { ...model.properties, diameter_mm: 111 },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const added = ((await created.json()) as { data: { id: number } }).data.id;

    // The map as it was: the banner, and the deleted pipe is there in the table of then.
    await page.goto(`/maps/${map.id}/show?as_of=${encodeURIComponent(before.toISOString())}`);
    await page
      .getByRole('status')
      .filter({ hasText: /^Showing the map as it was on/ })
      .waitFor();
    await page.waitForLoadState('networkidle');
    const canvas = page.getByTestId('map-canvas');
    const past = await canvas.screenshot({ path: 'test-results/as-of-past.png' });

    // What changed from the moment to a little after now, on the Pipes layer.
    const panel = page.getByRole('region', { name: 'What changed' });
    await panel.getByLabel('Layer').selectOption(String(pipes.id));
    await panel.getByLabel('From').fill(localInput(new Date(before.getTime() - 60_000)));
    await panel.getByLabel('To').fill(localInput(new Date(Date.now() + 120_000)));
    await panel.getByRole('button', { name: 'Show changes' }).press('Enter');
    await panel.getByRole('status').filter({ hasText: '3 features changed.' }).waitFor();
    const rows = panel.locator('.changes-list > li > button');
    const texts = await rows.allTextContents();
    expect(texts.map((text) => text.split(',')[0])).toEqual([
      `Added: feature ${added}`,
      `Removed: feature ${deleted.id}`,
      `Changed: feature ${edited.id}`,
    ]);

    // Drawn over the map in their colours, the view fitted to them.
    await panel.getByRole('button', { name: 'Zoom to the changes' }).click();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1_500);
    const shot = await canvas.screenshot({ path: 'test-results/as-of-changes.png' });
    const [green = 0, amber = 0, red = 0] = await colourCounts(page, shot, [GREEN, AMBER, RED]);
    // The same view with the changes cleared: the colours come from the changes, not the map.
    await panel.getByRole('button', { name: 'Clear' }).click();
    await page.waitForTimeout(1_500);
    const cleared = await canvas.screenshot({ path: 'test-results/as-of-cleared.png' });
    const [pastGreen = 0, pastAmber = 0, pastRed = 0] = await colourCounts(page, cleared, [
      GREEN,
      AMBER,
      RED,
    ]);
    expect(past.length).toBeGreaterThan(10_000);
    await panel.getByRole('button', { name: 'Show changes' }).click();
    await panel.getByRole('status').filter({ hasText: '3 features changed.' }).waitFor();
    expect({ green: green > pastGreen + 20, amber: amber > pastAmber + 20, red: red > pastRed + 20 }).toEqual(
      {
        green: true,
        amber: true,
        red: true,
      },
    );

    // A row opens that feature's history, from the keyboard.
    const removedRow = rows.filter({ hasText: `Removed: feature ${deleted.id}` });
    await removedRow.focus();
    await page.keyboard.press('Enter');
    expect(await removedRow.getAttribute('aria-expanded')).toBe('true');
    await panel
      .getByText(/deleted/i)
      .first()
      .waitFor();

    // The list downloads as CSV, built from the answer.
    const download = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Download CSV' }).click();
    const file = await (await download).path();
    const { readFile } = await import('node:fs/promises');
    const lines = (await readFile(file, 'utf8')).trim().split('\r\n');
    expect(lines[0]).toBe('feature_id,effect,change,at,user,geometry');
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 2).join(','))).toEqual([
      `${added},added`,
      `${deleted.id},removed`,
      `${edited.id},changed`,
    ]);
  });
});
