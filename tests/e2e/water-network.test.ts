import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useRealServer } from './support/real-server-suite';
import { expectPath, signInOverHttp } from './support/ui';

type LayerInfo = { id: number; name: string; geometry_type: string | null; type: string };

/** The demo map (the only map with layers on a fresh database) and its pipe layer. */
async function demoPipes(page: Page): Promise<{ mapId: number; pipes: LayerInfo }> {
  const list = await page.request.get('/api/maps?per_page=50');
  const maps = ((await list.json()) as { data: { id: number; layers_count: number }[] }).data;
  const demo = maps.find((map) => map.layers_count > 0);
  if (!demo) throw new Error('no demo map on the server');
  const show = await page.request.get(`/api/maps/${demo.id}/show?with_layers=true`);
  const layers = ((await show.json()) as { data: { layers: LayerInfo[] } }).data.layers;
  const pipes = layers.find((layer) => layer.type === 'vector' && layer.name === 'Pipes');
  if (!pipes) throw new Error('the demo map has no pipe layer');
  return { mapId: demo.id, pipes };
}

describe('water network', () => {
  const suite = useRealServer({ demoSeed: true });

  test('an admin sets up the demo network and the check lists its planted errors; show on map opens the pipe', async () => {
    const { admin } = suite.server();
    const page = await suite.newPage();
    await signInOverHttp(page, admin.email, admin.password);
    const { mapId, pipes } = await demoPipes(page);

    await page.goto(`/dashboard/maps/${mapId}/water-network`);
    const form = page.getByRole('form', { name: 'Network layers' });
    await form.getByRole('combobox', { name: 'Pipe layer' }).waitFor();
    expect(await form.getByRole('combobox', { name: 'Pipe layer' }).inputValue()).toBe(pipes.name);
    await form.getByLabel('Snapping tolerance (m)').fill('0.5');
    await form.getByRole('button', { name: 'Save network' }).click();
    await page.getByText('Network saved').waitFor();

    await page.getByRole('button', { name: 'Run the check' }).click();
    const result = page.getByRole('region', { name: 'Check result' });
    await result.waitFor();
    // The demo town's two planted digitising errors (shared/demo/planted-errors.ts).
    const dangling = result.getByRole('region', { name: 'Pipe ends that miss another pipe' });
    await dangling.getByText(/P-03360 Beco do Fim \(#3360\) ends 1\.0 m from pipe #\d+/).waitFor();
    const offNetwork = result.getByRole('region', { name: 'Valves and nodes off the network' });
    await offNetwork.getByText('V-0905 (#4265) is not on any pipe').waitFor();

    await dangling.getByRole('button', { name: 'Show on map' }).click();
    await expectPath(page, `/maps/${mapId}/show`);
    await page.getByRole('complementary', { name: `${pipes.name} #3360` }).waitFor();
  });

  test('isolating a pipe in the viewer lists the valves to close and the pipes that go dry', async () => {
    const { admin } = suite.server();
    const page = await suite.newPage();
    await signInOverHttp(page, admin.email, admin.password);
    const { mapId, pipes } = await demoPipes(page);

    // A pipe in the middle of the first street, opened the way a user would: from the table.
    await page.goto(`/maps/${mapId}/show/${pipes.id}/features`);
    const row = page.locator('[role=row][aria-rowindex="12"]');
    const pipeId = ((await row.locator('.cell-id').textContent()) ?? '').trim();
    await row.getByRole('button', { name: /Show on map/ }).click();
    await page.getByRole('complementary', { name: `${pipes.name} #${pipeId}` }).waitFor();

    await page.getByRole('tab', { name: 'Network' }).click();
    const tools = page.getByRole('region', { name: 'Water network' });
    await tools.getByRole('button', { name: 'Isolate' }).click();
    const isolation = tools.getByRole('region', { name: `Isolation of #${pipeId}` });
    await isolation.waitFor();
    const valves = isolation.getByRole('region', { name: 'Valves to close' });
    await valves
      .getByRole('button', { name: /^V-\d{4}$/ })
      .first()
      .waitFor();
    const valveNames = await valves.getByRole('button').allTextContents();
    expect(valveNames.length).toBeGreaterThan(0);
    const summary = (await isolation.locator('.network-summary').textContent()) ?? '';
    expect(summary).toContain(`Close ${valveNames.length} valves`);

    const dry = isolation.getByRole('region', { name: 'Pipes out of service' });
    // The pipes' names arrive after the valves' (their own lookups): wait for them too.
    await dry
      .getByRole('button', { name: /^P-\d{5} / })
      .first()
      .waitFor();
    const dryNames = await dry.getByRole('button').allTextContents();
    expect(dryNames.length).toBeGreaterThan(0);
    expect(dryNames.every((name) => /^P-\d{5} /.test(name))).toBe(true);

    // The list downloads as CSV with the same valves.
    const download = page.waitForEvent('download');
    await isolation.getByRole('button', { name: 'Export list (CSV)' }).click();
    const path = await (await download).path();
    const csv = await readFile(path, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('role,layer,id,name');
    for (const name of valveNames) expect(csv).toContain(`,${name}\r\n`);

    // Picking a valve from the list opens it and keeps the isolation on screen.
    await valves.getByRole('button', { name: valveNames[0] }).click();
    await page.getByRole('complementary', { name: /^Valves #\d+$/ }).waitFor();
    await isolation.waitFor();
  });
});
