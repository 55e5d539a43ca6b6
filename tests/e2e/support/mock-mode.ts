import type { Frame, Page } from 'playwright-core';
import { freePort } from './ports';
import { startProcessGroup } from './process-group';
import { childEnv, repoRoot } from './child-env';
import { waitForHttp } from './wait-for-http';

export type RunningMockMode = { baseUrl: string; stop: () => Promise<void> };

/** Mock mode as the README starts it: Vite with MSW in the browser, no server behind it. */
export async function startMockMode(): Promise<RunningMockMode> {
  const port = await freePort();
  const group = startProcessGroup(
    'npm',
    ['run', 'dev:mock', '--', '--port', String(port), '--strictPort'],
    childEnv({}),
    repoRoot,
  );
  const baseUrl = `http://localhost:${port}`;
  try {
    await waitForHttp(`${baseUrl}/`, (status) => status === 200, group, 90_000);
  } catch (error) {
    await group.stop();
    throw error;
  }
  return { baseUrl, stop: group.stop };
}

/**
 * Vite optimises dependencies on the first page load and then reloads the page, which
 * would wipe a half-filled form. Load once and wait until the page stops reloading.
 */
export async function waitForDevServerToSettle(page: Page, path: string, quietMs = 3000): Promise<void> {
  let lastNavigation = Date.now();
  const onNavigate = (frame: Frame) => {
    if (frame === page.mainFrame()) lastNavigation = Date.now();
  };
  page.on('framenavigated', onNavigate);
  try {
    // The first load is when Vite compiles the app and its dependencies: longer than a page of
    // the built app takes, the more so on a busy machine.
    await page.goto(path, { timeout: 90_000 });
    const deadline = Date.now() + 60_000;
    while (Date.now() - lastNavigation < quietMs && Date.now() < deadline) {
      await page.waitForTimeout(250);
    }
    await page.locator('#app h1').first().waitFor();
  } finally {
    page.off('framenavigated', onNavigate);
  }
}
