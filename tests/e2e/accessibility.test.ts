import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { useRealServer } from './support/real-server-suite';
import { signInOverHttp } from './support/ui';

/** Fails with the list of serious and critical findings, each with the elements it hit. */
async function expectNoSeriousViolations(page: Page, screen: string): Promise<void> {
  const violations = await seriousViolations(page);
  if (violations.length > 0) console.error(`axe on ${screen}:\n${JSON.stringify(violations, null, 2)}`);
  expect(violations, `serious or critical axe violations on ${screen}`).toEqual([]);
}

// Flow 8: axe-core on the sign-in, users and profile screens as they are served.
describe('accessibility', () => {
  const suite = useRealServer();

  test('the sign-in screen has no serious or critical axe violations', async () => {
    const page = await suite.newPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor();
    await expectNoSeriousViolations(page, '/login');
  });

  test('the users and profile screens have no serious or critical axe violations', async () => {
    const { admin } = suite.server();
    const page = await suite.newPage();
    await signInOverHttp(page, admin.email, admin.password);

    // A fresh load, so the sign-in popup is not part of what is checked.
    await page.goto('/users');
    await page.getByRole('grid', { name: 'Users' }).getByRole('rowheader', { name: admin.name }).waitFor();
    await expectNoSeriousViolations(page, '/users');

    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Enable two-factor authentication' }).waitFor();
    await expectNoSeriousViolations(page, '/profile');
  });
});

// The map screens on the seeded demo town, on a laptop and on a phone.
describe('accessibility of the map screens', () => {
  const suite = useRealServer({ demoSeed: true });

  test('the viewer, the 3D viewer, /map2 and /pdf have no serious or critical axe violations', async () => {
    const { admin } = suite.server();
    const page = await suite.newPage();
    await signInOverHttp(page, admin.email, admin.password);
    const maps = await page.request.get('/api/maps?per_page=50');
    const demo = ((await maps.json()) as { data: { id: number; layers_count: number }[] }).data.find(
      (map) => map.layers_count > 0,
    );
    if (!demo) throw new Error('no demo map on the server');
    const screens = [
      { path: `/maps/${demo.id}/show`, ready: () => page.getByTestId('map-canvas').waitFor() },
      { path: `/maps/${demo.id}/show3d`, ready: () => page.getByTestId('globe-canvas').waitFor() },
      { path: '/map2', ready: () => page.getByTestId('map-canvas').nth(1).waitFor() },
      // /pdf opens on the last map viewed, with its preview.
      { path: '/pdf', ready: () => page.getByRole('button', { name: 'Download PDF' }).waitFor() },
    ];
    for (const size of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      for (const screen of screens) {
        await page.goto(screen.path);
        await screen.ready();
        await page.waitForLoadState('networkidle');
        await expectNoSeriousViolations(page, `${screen.path} at ${size.width}×${size.height}`);
      }
    }
  });
});
