import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useRealServer } from './support/real-server-suite';
import { eventually, expectPath, signInOverHttp } from './support/ui';

type LayerInfo = { id: number; name: string; type: string };
type Pipe = { id: number; properties: Record<string, unknown> };

async function demoPipes(page: Page): Promise<{ mapId: number; pipes: LayerInfo }> {
  const list = await page.request.get('/api/maps?per_page=50');
  const maps = ((await list.json()) as { data: { id: number; layers_count: number }[] }).data;
  const map = maps.find((entry) => entry.layers_count > 0);
  if (!map) throw new Error('no demo map on the server');
  const show = await page.request.get(`/api/maps/${map.id}/show?with_layers=true`);
  const layers = ((await show.json()) as { data: { layers: LayerInfo[] } }).data.layers;
  const pipes = layers.find((layer) => layer.type === 'vector' && layer.name === 'Pipes');
  if (!pipes) throw new Error('the demo map has no Pipes layer');
  return { mapId: map.id, pipes };
}

async function storedPipe(page: Page, mapId: number, layerId: number, id: number): Promise<Pipe> {
  const answer = await page.request.get(
    `/api/maps/${mapId}/layers/${layerId}/features?per_page=1&after_id=${id - 1}`,
  );
  const [pipe] = ((await answer.json()) as { data: Pipe[] }).data;
  if (pipe?.id !== id) throw new Error(`pipe ${id} not found`);
  return pipe;
}

describe("going back in a feature's history, and splitting a line", () => {
  const suite = useRealServer({ demoSeed: true });

  test('an edited demo pipe gets its earlier diameter back from its history, in the drawer and the table', async () => {
    const { admin } = suite.server();
    const page = await suite.newPage();
    await signInOverHttp(page, admin.email, admin.password);
    const { mapId, pipes } = await demoPipes(page);

    // The first pipe of the table, opened on the map.
    await page.goto(`/maps/${mapId}/show/${pipes.id}/features`);
    const table = page.getByRole('table', { name: `Features of ${pipes.name}` });
    await table.waitFor();
    const firstRow = page.locator('[role=row][aria-rowindex="2"]');
    const id = Number(((await firstRow.locator('.cell-id').textContent()) ?? '').trim());
    const before = await storedPipe(page, mapId, pipes.id, id);
    const diameter = Number(before.properties.diameter_mm);
    expect(diameter).toBeGreaterThan(0);
    await firstRow.getByRole('button', { name: /Show on map/ }).click();
    await expectPath(page, `/maps/${mapId}/show`);
    const panel = page.getByRole('complementary', { name: `${pipes.name} #${id}` });
    await panel.getByRole('heading', { name: 'History' }).waitFor();

    // An edit: the diameter becomes 777.
    await panel.getByRole('button', { name: 'Edit', exact: true }).click();
    const form = panel.getByRole('form', { name: 'Edit feature' });
    const input = form.getByLabel(/^Diameter/);
    expect(Number(await input.inputValue())).toBe(diameter);
    await input.fill('777');
    await form.getByRole('button', { name: 'Save' }).click();
    await panel.getByText(/→ 777$/).waitFor();
    await panel.getByText('Version 2', { exact: true }).waitFor();

    // Version 1 (the pipe as the demo loaded it) is put back, after a confirmation.
    await panel.getByRole('button', { name: 'Restore this version' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Restore version 1 of feature ${id}?` });
    await dialog.getByRole('button', { name: 'Restore this version' }).click();
    await dialog.waitFor({ state: 'detached' });
    await panel.getByText('restore of version 1', { exact: false }).waitFor();
    await panel.getByText(`777 → ${diameter}`, { exact: false }).waitFor();
    // The drawer's properties show the old value again.
    const shown = panel
      .locator('.feature-properties div')
      .filter({ hasText: /^Diameter/ })
      .locator('dd');
    await eventually(async () => ((await shown.textContent()) ?? '').replace(/\D+/g, ''), String(diameter));
    expect((await storedPipe(page, mapId, pipes.id, id)).properties.diameter_mm).toBe(diameter);

    // The table shows it too.
    await page.goto(`/maps/${mapId}/show/${pipes.id}/features`);
    await table.waitFor();
    const row = page.locator('[role=row][aria-rowindex="2"]');
    await eventually(async () => ((await row.locator('.cell-id').textContent()) ?? '').trim(), String(id));
    await row.getByRole('cell', { name: String(diameter), exact: true }).waitFor();
    expect(await row.getByRole('cell', { name: '777', exact: true }).count()).toBe(0);
  });

  test('a clicked demo pipe is cut in two there; both histories name the pipe it came from', async () => {
    const { admin } = suite.server();
    const page = await suite.newPage();
    await signInOverHttp(page, admin.email, admin.password);
    const { mapId, pipes } = await demoPipes(page);
    const count = async () => {
      const answer = await page.request.get(`/api/maps/${mapId}/layers/${pipes.id}/features?per_page=1`);
      return ((await answer.json()) as { meta: { total: number } }).meta.total;
    };
    const before = await count();

    // A pipe shown on the map from the table: the view is fitted to it, so the centre lies on it.
    await page.goto(`/maps/${mapId}/show/${pipes.id}/features`);
    await page.getByRole('table', { name: `Features of ${pipes.name}` }).waitFor();
    const firstRow = page.locator('[role=row][aria-rowindex="2"]');
    const id = Number(((await firstRow.locator('.cell-id').textContent()) ?? '').trim());
    await firstRow.getByRole('button', { name: /Show on map/ }).click();
    await expectPath(page, `/maps/${mapId}/show`);
    const opened = page.getByRole('complementary', { name: `${pipes.name} #${id}` });
    await opened.waitFor();
    // Opened from the table there is no clicked place to cut at.
    expect(await opened.getByRole('button', { name: 'Split here' }).count()).toBe(0);
    await opened.getByRole('button', { name: 'Close feature details' }).click();
    await page.waitForLoadState('networkidle');
    const box = await page.getByTestId('map-canvas').boundingBox();
    if (!box) throw new Error('the map has no box');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const panel = page.getByRole('complementary', { name: new RegExp(`^${pipes.name} #\\d+$`) });
    await panel.waitFor();
    const title = (await panel.locator('#feature-panel-title').textContent()) ?? '';
    const clicked = Number(/#(\d+)$/.exec(title.trim())?.[1] ?? NaN);

    await panel.getByRole('button', { name: 'Split here' }).click();
    const done = panel.getByRole('status').filter({ hasText: /^Split where you clicked/ });
    await done.waitFor();
    const other = Number(/new #(\d+)/.exec((await done.textContent()) ?? '')?.[1] ?? NaN);
    expect(other).toBeGreaterThan(clicked);
    await eventually(count, before + 1);
    const history = async (feature: number) =>
      (
        (await (await page.request.get(`/api/maps/${mapId}/features/${feature}/history`)).json()) as {
          data: { split_from: { feature_id: number } | null }[];
        }
      ).data[0]?.split_from?.feature_id;
    expect(await history(clicked)).toBe(clicked);
    expect(await history(other)).toBe(clicked);
    await panel.getByText(`split from feature ${clicked}`, { exact: false }).waitFor();
  });
});
