import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { repoRoot } from './child-env';

/** Debian's Chromium; playwright-core brings no browser of its own. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--enable-unsafe-swiftshader',
    ],
  });
}

let kept: Promise<Browser> | undefined;

/**
 * One Chromium for all the files a worker runs (vitest.config.ts keeps this module per worker):
 * starting one costs more than most of a small file's tests, and each person in a flow gets a
 * context of their own anyway (own cookies and storage), closed by the file. A browser that
 * crashed or was closed is started again for the next file.
 */
export async function workerBrowser(): Promise<Browser> {
  const current = kept && (await kept.catch(() => undefined));
  if (current?.isConnected()) return current;
  kept = launchChromium();
  return kept;
}

export type PageViewport = { width: number; height: number };

/** The desktop layout (the viewer's wide layout starts at 1280 px). */
export const DESKTOP_VIEWPORT: PageViewport = { width: 1280, height: 900 };

/** A fresh context per user, so cookies and storage never leak from one person to the next. */
export async function newUserPage(
  browser: Browser,
  baseURL: string,
  viewport: PageViewport = DESKTOP_VIEWPORT,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, locale: 'en-US', viewport });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  recordPageEvents(page);
  return { context, page };
}

const pageLogs = new WeakMap<Page, string[]>();

/** Keeps the last console errors, page errors and navigations, to print when a test fails. */
function recordPageEvents(page: Page): void {
  const log: string[] = [];
  pageLogs.set(page, log);
  const started = Date.now();
  const add = (line: string) => {
    log.push(`+${((Date.now() - started) / 1000).toFixed(1)}s ${line}`);
    if (log.length > 60) log.shift();
  };
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      add(`console.${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => add(`page error: ${error.message}`));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) add(`navigated to ${frame.url()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400)
      add(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
}

/**
 * Registers, for every test in the file, a full-page screenshot of the page in use to
 * test-results/ when the test fails, so a red run shows what the user would have seen.
 */
export function screenshotFailures(currentPage: () => Page | undefined): void {
  beforeEach(({ onTestFailed, task }) => {
    onTestFailed(async () => {
      const page = currentPage();
      if (!page || page.isClosed()) return;
      const dir = join(repoRoot, 'test-results');
      await mkdir(dir, { recursive: true });
      const name = `${task.file.name.split('/').pop() ?? 'e2e'}-${task.name}`.replace(/[^a-z0-9.-]+/gi, '-');
      await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true }).catch(() => undefined);
      const log = (pageLogs.get(page) ?? []).join('\n  ');
      console.error(`failed at ${page.url()}; screenshot test-results/${name}.png\n  ${log}`);
    });
  });
}
