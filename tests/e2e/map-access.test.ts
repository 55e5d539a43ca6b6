import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { uniqueAccount } from './support/accounts';
import { registerAccount } from './support/api';
import { useRealServer } from './support/real-server-suite';
import { expectPath, signIn } from './support/ui';

type LayerInfo = { id: number; name: string; type: string };

describe('what a viewer of a map is offered', () => {
  const suite = useRealServer({ demoSeed: true });

  test('a plain account on the demo town reads a pipe but gets no edit tools, and no way to manage the map', async () => {
    const person = uniqueAccount('Map Viewer');
    await registerAccount(suite.server().baseUrl, person, suite.smtp());
    const page = await suite.newPage();
    await signIn(page, person.email, person.password, person.name);

    const list = await page.request.get('/api/maps?per_page=50');
    const maps = ((await list.json()) as { data: { id: number; title: string; layers_count: number }[] })
      .data;
    const map = maps.find((entry) => entry.layers_count > 0);
    if (!map) throw new Error('no demo map on the server');
    const show = await page.request.get(`/api/maps/${map.id}/show?with_layers=true`);
    const layers = ((await show.json()) as { data: { layers: LayerInfo[] } }).data.layers;
    const pipes = layers.find((layer) => layer.type === 'vector' && layer.name === 'Pipes');
    if (!pipes) throw new Error('the demo map has no Pipes layer');

    // The maps list opens the map but offers no "Manage".
    await page.goto('/dashboard/maps');
    await page.getByRole('link', { name: `Open ${map.title}` }).waitFor();
    expect(await page.getByRole('link', { name: `Manage ${map.title}` }).count()).toBe(0);

    // The table: the pipes are listed, with no bulk edit for a viewer.
    await page.goto(`/maps/${map.id}/show/${pipes.id}/features`);
    await page.getByRole('table', { name: `Features of ${pipes.name}` }).waitFor();
    const firstRow = page.locator('[role=row][aria-rowindex="2"]');
    await firstRow.waitFor();
    await firstRow.getByRole('button', { name: /Show on map/ }).click();
    await expectPath(page, `/maps/${map.id}/show`);

    const panel = page.getByRole('complementary', { name: new RegExp(`^${pipes.name} #\\d+$`) });
    await panel.getByRole('heading', { name: 'History' }).waitFor();
    await panel.getByRole('heading', { name: 'Attachments' }).waitFor();
    for (const name of ['Edit', 'Edit geometry', 'Delete feature'])
      expect(await panel.getByRole('button', { name, exact: true }).count()).toBe(0);
    expect(await panel.getByText('Attach files').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Drawing' }).count()).toBe(0);

    const shot = join(tmpdir(), 'atlasboard-viewer-no-edit-tools.png');
    await page.screenshot({ path: shot });
  });
});
