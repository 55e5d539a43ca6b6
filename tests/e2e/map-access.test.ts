import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { uniqueAccount } from './support/accounts';
import { registerAccount } from './support/api';
import { demoMap } from './support/demo-map';
import { useRealServer } from './support/real-server-suite';
import { expectPath, signInOverHttp } from './support/ui';

/** Whether the map's canvases hold any drawn (opaque) pixel: a blank map has none. */
async function mapHasPixels(page: Page): Promise<boolean> {
  await page.waitForFunction(
    () =>
      Number(document.querySelector<HTMLElement>('[data-testid=map-canvas]')?.dataset.renderCount ?? 0) > 0,
  );
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLCanvasElement>('[data-testid=map-canvas] canvas')].some((canvas) => {
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0 || canvas.height === 0) return false;
      const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) return true;
      return false;
    }),
  );
}

describe('access per map, end to end', () => {
  const suite = useRealServer({ demoSeed: true });

  test('the admin hides a property and shares the map; a viewer sees neither the property nor edit tools; the link and the embed open the map without an account', async () => {
    const { admin } = suite.server();
    const viewer = uniqueAccount('Map Viewer');
    await registerAccount(suite.server().baseUrl, viewer, suite.smtp());

    // The admin, on the map's Access screen: a layer rule hiding the pipes' material, and a link.
    const adminPage = await suite.newPage();
    await signInOverHttp(adminPage, admin.email, admin.password);
    const map = await demoMap(adminPage);
    const pipes = map.layers.find((layer) => layer.type === 'vector' && layer.name === 'Pipes');
    if (!pipes) throw new Error('the demo map has no Pipes layer');
    await adminPage.goto(`/dashboard/maps/${map.id}/access`);
    const form = adminPage.getByRole('form', { name: 'Map access' });
    await form.waitFor();
    await form.getByRole('button', { name: 'Add a layer rule' }).click();
    await form.getByLabel('Layer of rule 1').selectOption(String(pipes.id));
    // The checkbox's input is visually hidden behind its drawn box: the person clicks the label.
    const hidden = form.getByRole('group', { name: 'Hidden properties (rule 1)' });
    await hidden.getByText('Material', { exact: true }).click();
    expect(await hidden.getByRole('checkbox', { name: 'Material' }).isChecked()).toBe(true);
    await form.getByRole('button', { name: 'Save access' }).click();
    await adminPage.getByText('Access saved').waitFor();
    const log = adminPage.getByRole('table', { name: 'Access changes' });
    await log.getByText(admin.name).first().waitFor();

    const linkForm = adminPage.getByRole('form', { name: 'New share link' });
    await linkForm.getByLabel('Label').fill('Contractor survey');
    await linkForm.getByRole('button', { name: 'Create link' }).click();
    const made = adminPage.getByRole('region', { name: 'New share link' });
    await made.waitFor();
    const link = await made.getByLabel('Link', { exact: true }).inputValue();
    const embedCode = await made.getByLabel('Embed code', { exact: true }).inputValue();
    expect(link).toMatch(/\/s\/[^/]+$/);
    const embedPath = /src="[^"]*?(\/embed\/[^"]+)"/.exec(embedCode)?.[1]?.replaceAll('&amp;', '&');
    if (!embedPath) throw new Error(`no embed address in: ${embedCode}`);
    await adminPage.screenshot({ path: join(tmpdir(), 'atlasboard-access-screen.png'), fullPage: true });

    // The viewer: the table has no Material column; the feature panel offers no edit tools.
    const page = await suite.newPage();
    await signInOverHttp(page, viewer.email, viewer.password);
    await page.goto(`/maps/${map.id}/show/${pipes.id}/features`);
    const table = page.getByRole('table', { name: `Features of ${pipes.name}` });
    await table.waitFor();
    await table.getByRole('columnheader', { name: /Diameter/ }).waitFor();
    expect(await table.getByRole('columnheader', { name: 'Material' }).count()).toBe(0);
    const firstRow = page.locator('[role=row][aria-rowindex="2"]');
    await firstRow.getByRole('button', { name: /Show on map/ }).click();
    await expectPath(page, `/maps/${map.id}/show`);
    const panel = page.getByRole('complementary', { name: new RegExp(`^${pipes.name} #\\d+$`) });
    await panel.getByRole('heading', { name: 'History' }).waitFor();
    await panel
      .getByText(/Diameter/)
      .first()
      .waitFor();
    expect(await panel.getByText('Material', { exact: true }).count()).toBe(0);
    for (const name of ['Edit', 'Edit geometry', 'Delete feature'])
      expect(await panel.getByRole('button', { name, exact: true }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Drawing' }).count()).toBe(0);
    await page.screenshot({ path: join(tmpdir(), 'atlasboard-viewer-no-edit-tools.png') });

    // Without an account: the share link opens the viewer on that map, and only that map.
    const guest = await suite.newPage();
    await guest.goto(link);
    await expectPath(guest, `/maps/${map.id}/show`);
    await guest.getByRole('heading', { name: map.title, level: 1 }).waitFor();
    expect(await mapHasPixels(guest)).toBe(true);
    expect((await guest.request.get('/api/user')).status()).toBe(401);
    // Read only: layers, search and filters; nothing that needs an account.
    await guest.getByRole('tab', { name: 'Search' }).waitFor();
    for (const name of ['Bookmarks', 'Network', 'Dashboard'])
      expect(await guest.getByRole('tab', { name }).count()).toBe(0);
    expect(guest.url()).not.toContain('/login');
    await guest.screenshot({ path: join(tmpdir(), 'atlasboard-share-link.png') });

    // The embed code's address, in a browser that has never seen the link: the map alone.
    const framed = await suite.newPage();
    await framed.goto(embedPath);
    await framed.getByRole('heading', { name: map.title, level: 1 }).waitFor();
    expect(await mapHasPixels(framed)).toBe(true);
    await framed.screenshot({ path: join(tmpdir(), 'atlasboard-embed.png') });
  });
});
