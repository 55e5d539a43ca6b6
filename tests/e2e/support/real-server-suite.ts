import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, newUserPage, screenshotFailures, type PageViewport } from './browser';
import { startServer, type RunningServer } from './server';
import { startSmtpListener, type SmtpListener } from './smtp';

export type RealServerSuite = {
  server: () => RunningServer;
  smtp: () => SmtpListener;
  /** A fresh browser context (own cookies and storage) on the server; closed after the file. */
  newPage: (viewport?: PageViewport) => Promise<Page>;
};

/**
 * One `npm start`, one SMTP listener and one Chromium for the whole test file; every
 * person in a flow gets a context of their own. Failures screenshot the newest page.
 */
export function useRealServer({ demoSeed = false }: { demoSeed?: boolean } = {}): RealServerSuite {
  let smtp: SmtpListener | undefined;
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  let latestPage: Page | undefined;
  screenshotFailures(() => latestPage);

  beforeAll(async () => {
    smtp = await startSmtpListener();
    [server, browser] = await Promise.all([startServer({ smtpUrl: smtp.url, demoSeed }), launchChromium()]);
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  const required = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} did not start (see beforeAll)`);
    return value;
  };

  return {
    server: () => required(server, 'the server'),
    smtp: () => required(smtp, 'the SMTP listener'),
    newPage: async (viewport?: PageViewport) => {
      const { context, page } = await newUserPage(
        required(browser, 'Chromium'),
        required(server, 'the server').baseUrl,
        viewport,
      );
      contexts.push(context);
      latestPage = page;
      return page;
    },
  };
}
