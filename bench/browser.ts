import { createReadStream } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import { frameStats, framesWhilePanningAndZooming, renderedAfter, type FrameStats } from './frames.ts';
import type { Target } from './api-phases.ts';
import { loginFirstLoad, type FirstLoad } from './first-load.ts';
import type { Session } from './session.ts';
import { round } from './stats.ts';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--enable-unsafe-swiftshader',
];
const VIEWPORT = { width: 1280, height: 800 };
/** How long a map may take to draw before the benchmark gives up on it and says so. */
const DRAW_TIMEOUT = 180_000;
/** How long the pan and zoom gestures may take before the frames recorded so far are reported. */
const GESTURE_BUDGET = 150_000;

export interface MapRun {
  firstDrawMs: number | null;
  firstTileMs?: number | null;
  frames: FrameStats | null;
  note?: string;
}

export interface Credentials {
  email: string;
  password: string;
}

/**
 * A page signed in the way a person signs in: through the login form, which leaves the app
 * both the session cookie and its own signed-in state. (A context given only the cookie is
 * sent to /login by the route guards, which read the app's state, and from there home: the
 * viewer then never drew, or drew only when the start-up user fetch won the race.)
 */
async function signedInPage(
  browser: Browser,
  origin: string,
  who: Credentials,
  errors: string[],
  viewport = VIEWPORT,
) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.locator('form button[type=submit]').click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 60_000 });
  // Counted from here: the login screen's "who is signed in?" probe answers a guest 401,
  // which the browser logs as a failed resource.
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return page;
}

async function measureMap(page: Page, url: string, shot: string): Promise<MapRun> {
  const started = Date.now();
  let crashed = false;
  page.on('crash', () => (crashed = true));
  try {
    await page.goto(url);
    await renderedAfter(page, 0, DRAW_TIMEOUT);
  } catch (error) {
    // The plain canvas layer given a million points can take the renderer down (out of memory);
    // the wait then ends at once with a closed target, not at the timeout.
    const seconds = Math.round((Date.now() - started) / 1000);
    const gone = crashed || page.isClosed() || /crash|closed/i.test(String(error));
    const note = gone
      ? `the page crashed after ${seconds} s, before drawing`
      : `not drawn within ${DRAW_TIMEOUT / 1000} s`;
    return { firstDrawMs: null, frames: null, note };
  }
  const firstDrawMs = Date.now() - started;
  const firstTileMs = await page.evaluate(() => {
    const tiles = performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/tiles/'));
    return tiles.length
      ? Math.min(...tiles.map((entry) => (entry as PerformanceResourceTiming).responseEnd))
      : null;
  });
  await page.screenshot({ path: shot });
  const tile = firstTileMs === null ? null : round(firstTileMs, 0);
  // A map whose every frame takes seconds (the baseline at 1M points) would keep the gestures
  // going for most of an hour: after the budget, what was recorded so far is reported.
  let timer: NodeJS.Timeout | undefined;
  const outOfTime = new Promise<'late'>(
    (resolve) => (timer = setTimeout(() => resolve('late'), GESTURE_BUDGET)),
  );
  const gestures = framesWhilePanningAndZooming(page, '[data-testid=map-canvas]');
  gestures.catch(() => undefined);
  const frames = await Promise.race([gestures, outOfTime]);
  clearTimeout(timer);
  if (frames !== 'late') return { firstDrawMs, firstTileMs: tile, frames };
  const recorded = await Promise.race([
    page.evaluate(() => (window as { frameDeltas?: number[] }).frameDeltas ?? []),
    new Promise<number[]>((resolve) => setTimeout(() => resolve([]), 60_000)),
  ]);
  return {
    firstDrawMs,
    firstTileMs: tile,
    frames: recorded.length ? frameStats(recorded) : null,
    note: `gestures stopped after ${GESTURE_BUDGET / 1000} s (${recorded.length} frames recorded)`,
  };
}

/** Closes a page's context, which may already be gone with a crashed page. */
async function closeContext(page: Page): Promise<void> {
  await page
    .context()
    .close()
    .catch(() => undefined);
}

/** The plain OpenLayers page, bundled by Vite from bench/baseline into a temporary folder. */
async function buildBaseline(projectDir: string, outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: path.join(projectDir, 'bench/baseline'),
    base: './',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
}

/**
 * The baseline page and the exported GeoJSON from a plain static HTTP server, streamed from
 * disk as any web server would send them. (Playwright's route.fulfill holds a whole body in
 * memory and passes it over the DevTools protocol: a 150 MB file did not get through, so it
 * could not tell a failing bench from a failing map.)
 */
async function serveBaseline(dir: string, geojsonFile: string) {
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.geojson': 'application/geo+json',
  };
  const server = createServer((request, response) => {
    const name = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname).replace(/^\/+/, '');
    const file =
      name === 'points.geojson' ? geojsonFile : path.join(dir, path.normalize(name || 'index.html'));
    if (!file.startsWith(dir) && file !== geojsonFile) return void response.writeHead(404).end();
    const stream = createReadStream(file);
    stream.on('error', () => response.writeHead(404).end());
    stream.on('open', () => {
      response.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream' });
      stream.pipe(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface BrowserResults {
  firstLoad: FirstLoad;
  viewer: MapRun;
  baseline: MapRun;
  table: { maxDomRows: number; allowedRows: number; reachedLastRow: boolean; seconds: number };
  pageErrors: string[];
  screenshots: string[];
}

/** The viewer on the layer, the same points in plain OpenLayers, and the table to its end. */
export async function browserPhases(options: {
  projectDir: string;
  workDir: string;
  session: Session;
  /** Who the browser signs in as (the bench's admin). */
  credentials: Credentials;
  target: Target;
  view: { lon: number; lat: number; zoom: number };
  geojsonFile: string;
}): Promise<BrowserResults> {
  const { session, credentials, target, workDir, view } = options;
  const baselineDir = path.join(workDir, 'baseline');
  await buildBaseline(options.projectDir, baselineDir);
  const launch = () => chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  let browser = await launch();
  const errors: string[] = [];
  const shots = ['viewer.png', 'baseline.png', 'table.png'].map((name) => path.join(workDir, name));
  try {
    const firstLoad = await loginFirstLoad(browser, session.origin);
    const viewerPage = await signedInPage(browser, session.origin, credentials, errors);
    const viewer = await measureMap(
      viewerPage,
      `${session.origin}/maps/${target.mapId}/show`,
      shots[0] ?? '',
    );
    const canvas = await viewerPage
      .locator('[data-testid=map-canvas]')
      .boundingBox({ timeout: 5000 })
      .catch(() => null);
    await closeContext(viewerPage);

    // The baseline gets a window the size of the viewer's map, so both draw the same area.
    const size = canvas ? { width: Math.round(canvas.width), height: Math.round(canvas.height) } : VIEWPORT;
    const files = await serveBaseline(baselineDir, options.geojsonFile);
    const baselineContext = await browser.newContext({ viewport: size });
    const baselinePage = await baselineContext.newPage();
    baselinePage.on('pageerror', (error) => errors.push(`baseline: ${error.message}`));
    const query = new URLSearchParams({
      data: '/points.geojson',
      lon: String(view.lon),
      lat: String(view.lat),
      zoom: String(view.zoom),
    });
    const baseline = await measureMap(
      baselinePage,
      `${files.origin}/index.html?${query.toString()}`,
      shots[1] ?? '',
    );
    await files.close();
    await closeContext(baselinePage);

    // The baseline given a million points can take the whole browser down with its page.
    if (!browser.isConnected()) {
      // Its process may outlive the connection, and would keep the benchmark from exiting.
      await browser.close().catch(() => undefined);
      browser = await launch();
    }
    const tablePage = await signedInPage(browser, session.origin, credentials, errors);
    const table = await scrollTable(
      tablePage,
      `${session.origin}/maps/${target.mapId}/show/${target.layerId}/features`,
      target.count,
      shots[2] ?? '',
    );
    return { firstLoad, viewer, baseline, table, pageErrors: errors, screenshots: shots };
  } finally {
    await browser.close();
  }
}

const ROW_HEIGHT = 32;
const OVERSCAN = 8;

/** Scrolls the feature table from its first row to its last, counting the rows in the DOM. */
async function scrollTable(page: Page, url: string, count: number, shot: string) {
  const started = Date.now();
  await page.goto(url);
  const body = page.locator('.feature-table-body');
  try {
    // Generous: on a busy machine the lazily loaded screen and its first page take a while.
    await body.waitFor({ timeout: 120_000 });
    await page.locator('[role=row][aria-rowindex="2"] [role=cell]').first().waitFor({ timeout: 120_000 });
  } catch (error) {
    await page.screenshot({ path: shot });
    throw error;
  }
  const height = await body.evaluate((element) => element.clientHeight);
  const allowedRows = Math.ceil(height / ROW_HEIGHT) + 1 + 2 * OVERSCAN;
  let maxDomRows = 0;
  const steps = 40;
  for (let step = 1; step <= steps; step += 1) {
    await body.evaluate((element, fraction) => {
      element.scrollTop = (element.scrollHeight - element.clientHeight) * fraction;
    }, step / steps);
    await page.waitForTimeout(100);
    maxDomRows = Math.max(maxDomRows, await body.locator('[role=row]').count());
  }
  let reachedLastRow = true;
  try {
    // A row placeholder has cells too ("Loading…"); the last row counts once its id is shown.
    await page
      .locator(`[role=row][aria-rowindex="${count + 1}"] .cell-id`)
      .filter({ hasText: /\d/ })
      .waitFor({ timeout: 60_000 });
  } catch {
    reachedLastRow = false;
  }
  maxDomRows = Math.max(maxDomRows, await body.locator('[role=row]').count());
  await page.screenshot({ path: shot });
  return { maxDomRows, allowedRows, reachedLastRow, seconds: round((Date.now() - started) / 1000) };
}
