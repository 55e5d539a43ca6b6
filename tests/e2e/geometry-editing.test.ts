import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useRealServer } from './support/real-server-suite';
import { eventually, signInOverHttp } from './support/ui';

type Position = [number, number];
type LayerInfo = { id: number; name: string; type: string };
type StoredFeature = { id: number; geometry: { type: string; coordinates: Position[] } };

async function demoMap(page: Page): Promise<{ id: number; pipes: LayerInfo }> {
  const list = await page.request.get('/api/maps?per_page=50');
  const maps = ((await list.json()) as { data: { id: number; layers_count: number }[] }).data;
  const withLayers = maps.find((map) => map.layers_count > 0);
  if (!withLayers) throw new Error('no demo map with layers on the server');
  const show = await page.request.get(`/api/maps/${withLayers.id}/show?with_layers=true`);
  const layers = ((await show.json()) as { data: { layers: LayerInfo[] } }).data.layers;
  const pipes = layers.find((layer) => layer.type === 'vector' && layer.name === 'Pipes');
  if (!pipes) throw new Error('the demo map has no Pipes layer');
  return { id: withLayers.id, pipes };
}

/** The pipes as stored, newest first. */
async function storedPipes(
  page: Page,
  mapId: number,
  layerId: number,
  perPage: number,
): Promise<StoredFeature[]> {
  const answer = await page.request.get(
    `/api/maps/${mapId}/layers/${layerId}/features?sort=-id&per_page=${perPage}`,
  );
  if (!answer.ok()) throw new Error(`listLayerFeatures answered ${answer.status()}`);
  return ((await answer.json()) as { data: StoredFeature[] }).data;
}

type NetworkCheck = {
  components: { id: number; pipe_ids: number[] }[];
  dangling: { pipe_id: number; point: { coordinates: Position } }[];
};

/** The admin's topology check of the map's water network, as the Network tab runs it. */
async function networkCheck(page: Page, mapId: number): Promise<NetworkCheck> {
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN');
  if (!xsrf) throw new Error('no XSRF-TOKEN cookie');
  const answer = await page.request.post(`/api/maps/${mapId}/water-network/check`, {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf.value), 'X-Requested-With': 'XMLHttpRequest' },
  });
  if (!answer.ok()) throw new Error(`checkWaterNetwork answered ${answer.status()}`);
  return ((await answer.json()) as { data: NetworkCheck }).data;
}

async function renderedOnce(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      Number(document.querySelector<HTMLElement>('[data-testid=map-canvas]')?.dataset.renderCount ?? 0) > 0,
  );
  await page.waitForLoadState('networkidle');
}

describe('drawing on the demo network', () => {
  const suite = useRealServer({ demoSeed: true });

  test('a new pipe snaps to an existing pipe end, a vertex is undone, a required field says so, and a cancelled reshape stores nothing', async () => {
    const { admin } = suite.server();
    const page = await suite.newPage();
    await signInOverHttp(page, admin.email, admin.password);
    const map = await demoMap(page);
    const [existing] = await storedPipes(page, map.id, map.pipes.id, 1);
    const end = existing?.geometry.coordinates.at(-1);
    if (!existing || !end) throw new Error('no stored pipe to snap to');

    // The view centred on that pipe end at street level: the end is the canvas centre.
    await page.goto(`/maps/${map.id}/show?lon=${end[0]}&lat=${end[1]}&zoom=18`);
    await renderedOnce(page);
    const box = await page.getByTestId('map-canvas').boundingBox();
    if (!box) throw new Error('the map has no box');
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };

    const tools = page.getByRole('region', { name: 'Drawing' });
    await tools.getByRole('combobox', { name: 'Layer to draw on' }).fill('Pipes');
    await page.getByRole('option', { name: 'Pipes', exact: true }).click();
    // What a drawing snaps to is read once drawing starts (the whole pipes in view); the pipe end
    // can catch the pointer only after that answer is in.
    const snapTargets = page.waitForResponse(
      (response) =>
        response.url().includes(`/api/maps/${map.id}/layers/${map.pipes.id}?`) &&
        response.url().includes('include_data=true'),
    );
    await tools.getByRole('button', { name: 'Draw a new feature' }).click();
    await snapTargets;
    const editBar = page.getByRole('toolbar', { name: 'Geometry editing' });
    const undo = editBar.getByRole('button', { name: 'Undo (Ctrl+Z)' });
    const redo = editBar.getByRole('button', { name: 'Redo (Ctrl+Shift+Z)' });
    expect(await undo.isDisabled()).toBe(true);

    // Two vertices, the second a slip: Ctrl+Z takes it back (and Redo could return it).
    const start = { x: centre.x + 150, y: centre.y + 110 };
    await page.mouse.click(start.x, start.y);
    await page.mouse.click(centre.x - 140, centre.y + 170);
    await eventually(() => undo.isEnabled(), true);
    await page.keyboard.press('Control+z');
    await eventually(() => redo.isEnabled(), true);

    // Finished a few pixels off the pipe end: the vertex snaps onto it.
    await page.mouse.move(centre.x + 3, centre.y - 4, { steps: 4 });
    await page.mouse.dblclick(centre.x + 3, centre.y - 4);

    const form = page.getByRole('form', { name: 'New feature on Pipes' });
    await form.waitFor();
    // Saved with nothing filled in: the required Name says so beside itself, nothing is stored.
    await form.getByRole('button', { name: 'Save new feature' }).click();
    const nameField = form.locator('.field', {
      has: page.getByRole('textbox', { name: 'Name', exact: true }),
    });
    await eventually(async () => (await nameField.locator('.field-error').textContent())?.trim(), 'Required');
    expect((await storedPipes(page, map.id, map.pipes.id, 1))[0]?.id).toBe(existing.id);

    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Snapped pipe');
    await form.getByRole('textbox', { name: 'Street', exact: true }).fill('Test Street');
    await form.getByRole('combobox', { name: 'Material' }).fill('PVC');
    await page.getByRole('option', { name: 'pvc', exact: true }).click();
    await form.getByRole('textbox', { name: 'Diameter (mm)', exact: true }).fill('110');
    await form.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option').first().click();
    await form.getByRole('button', { name: 'Save new feature' }).click();
    await page.getByRole('complementary', { name: /^Pipes #\d+$/ }).waitFor();

    const [created] = await storedPipes(page, map.id, map.pipes.id, 1);
    expect(created?.id).toBeGreaterThan(existing.id);
    const coordinates = created?.geometry.coordinates ?? [];
    // The undone vertex is gone: the first click and the snapped end.
    expect(coordinates).toHaveLength(2);
    expect(coordinates.at(-1)).toEqual(end);
    // The network stays connected: the topology check puts the new pipe in the same part
    // as the pipe it snapped to, and finds no loose end of it at the snapped point.
    const check = await networkCheck(page, map.id);
    const part = check.components.find((component) => component.pipe_ids.includes(existing.id));
    expect(part?.pipe_ids).toContain(created?.id);
    expect(
      check.dangling.filter(
        (loose) => loose.pipe_id === created?.id && loose.point.coordinates.join() === end.join(),
      ),
    ).toEqual([]);

    // Reshaped, then cancelled: the stored pipe is as it was.
    const panel = page.getByRole('complementary', { name: `Pipes #${created?.id}` });
    await panel.getByRole('button', { name: 'Edit geometry' }).click();
    await page.mouse.move(start.x, start.y, { steps: 3 });
    await page.mouse.down();
    await page.mouse.move(start.x - 60, start.y - 80, { steps: 6 });
    await page.mouse.up();
    await eventually(() => undo.isEnabled(), true);
    await tools.getByRole('button', { name: 'Cancel' }).click();
    await eventually(() => editBar.isVisible(), false);
    const [afterCancel] = await storedPipes(page, map.id, map.pipes.id, 1);
    expect(afterCancel?.geometry.coordinates).toEqual(coordinates);
  });
});
