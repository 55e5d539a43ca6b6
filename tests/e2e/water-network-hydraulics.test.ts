import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { PRESSURE_CLASSES } from '../../src/screens/map-viewer/network/hydraulic-layers';
import { useRealServer } from './support/real-server-suite';
import { signInOverHttp } from './support/ui';

type LayerInfo = { id: number; name: string; type: string };

async function demoLayers(page: Page): Promise<{ mapId: number; hydrants: LayerInfo }> {
  const list = await page.request.get('/api/maps?per_page=50');
  const maps = ((await list.json()) as { data: { id: number; layers_count: number }[] }).data;
  const demo = maps.find((map) => map.layers_count > 0);
  if (!demo) throw new Error('no demo map on the server');
  const show = await page.request.get(`/api/maps/${demo.id}/show?with_layers=true`);
  const layers = ((await show.json()) as { data: { layers: LayerInfo[] } }).data.layers;
  const hydrants = layers.find((layer) => layer.name === 'Hydrants');
  if (!hydrants) throw new Error('the demo map has no hydrant layer');
  return { mapId: demo.id, hydrants };
}

/** Map pixels within a few levels of `hex`, from a screenshot of the map. */
async function pixelsOfColour(page: Page, hex: string): Promise<number> {
  const png = (await page.getByTestId('map-canvas').screenshot()).toString('base64');
  return page.evaluate(
    async ({ png, hex }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d');
      if (!context) return -1;
      context.drawImage(image, 0, 0);
      const target = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
      const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
      let count = 0;
      for (let i = 0; i < data.length; i += 4)
        if (target.every((value, channel) => Math.abs((data[i + channel] ?? 0) - value) <= 4)) count++;
      return count;
    },
    { png, hex },
  );
}

describe('hydraulic simulation in the viewer', () => {
  const suite = useRealServer({ demoSeed: true });

  test('the demo town simulates from the Network tab: pressure drawn with a legend, and a hydrant’s fire flow', async () => {
    const { admin } = suite.server();
    const page = await suite.newPage();
    await signInOverHttp(page, admin.email, admin.password);
    const { mapId, hydrants } = await demoLayers(page);

    // A hydrant, opened the way a user would: from the table.
    await page.goto(`/maps/${mapId}/show/${hydrants.id}/features`);
    const row = page.locator('[role=row][aria-rowindex="3"]');
    const hydrantId = ((await row.locator('.cell-id').textContent()) ?? '').trim();
    await row.getByRole('button', { name: /Show on map/ }).click();
    await page.getByRole('complementary', { name: `${hydrants.name} #${hydrantId}` }).waitFor();

    await page.getByRole('tab', { name: 'Network' }).click();
    const panel = page.getByRole('region', { name: 'Hydraulic simulation' });
    // The demo's pressures (68–72 m) all fall in one class: its colour appears on the map.
    const colour = PRESSURE_CLASSES.find((entry) => entry.min === 60)?.color ?? '';
    const before = await pixelsOfColour(page, colour);
    await panel.getByRole('button', { name: 'Run the simulation' }).click();
    const result = panel.getByRole('region', { name: 'Simulation result' });
    await result.waitFor({ timeout: 60_000 });
    const legend = result.getByRole('region', { name: 'Pressure at nodes (m)' });
    await legend.getByText('60 – 80').waitFor();
    await result.getByRole('region', { name: 'Velocity in pipes (m/s)' }).waitFor();
    expect(await result.locator('.network-summary').textContent()).toMatch(/^Pressure \d+\.\d–\d+\.\d m/);
    let after = 0;
    for (let attempt = 0; attempt < 20 && after <= before + 100; attempt += 1) {
      await page.waitForTimeout(250);
      after = await pixelsOfColour(page, colour);
    }
    expect(after).toBeGreaterThan(before + 100);

    await panel.getByRole('button', { name: 'Fire flow at this hydrant' }).click();
    const fire = panel.getByRole('region', { name: `Fire flow at #${hydrantId}` });
    await fire.waitFor({ timeout: 60_000 });
    expect(await fire.locator('.fire-flow-answer').textContent()).toMatch(
      /^\d+\.\d L\/s while 1\.4 bar remain \(static pressure \d+\.\d\d bar\)\.$/,
    );
  });
});
