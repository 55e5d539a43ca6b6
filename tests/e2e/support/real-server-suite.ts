import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newUserPage, screenshotFailures, workerBrowser, type PageViewport } from './browser';
import { startServer, type ExtraEnv, type RunningServer } from './server';
import { startSmtpListener, type SmtpListener } from './smtp';

export type RealServerSuite = {
  server: () => RunningServer;
  smtp: () => SmtpListener;
  /** A fresh browser context (own cookies and storage) on the server; closed after the file. */
  newPage: (viewport?: PageViewport) => Promise<Page>;
};

type ServerWithMail = { server: RunningServer; smtp: SmtpListener };

/** A server and the SMTP listener it sends to. */
async function startServerWithMail(demoSeed: boolean, extraEnv?: ExtraEnv): Promise<ServerWithMail> {
  const smtp = await startSmtpListener();
  try {
    return { smtp, server: await startServer({ smtpUrl: smtp.url, demoSeed, extraEnv }) };
  } catch (error) {
    await smtp.close();
    throw error;
  }
}

/**
 * The next file's server, by kind (demo-seeded or empty), started while this file runs. Each file
 * still gets a server of its own on a fresh copy of the data dir; only the wait for its start
 * (about 11 s, mostly loading PostGIS) overlaps the previous file's tests. Each worker runs its
 * files one after another and keeps this module (isolate: false in vitest.config.ts).
 */
const nextServers = new Map<boolean, Promise<ServerWithMail>>();

async function takeServer(demoSeed: boolean): Promise<ServerWithMail> {
  const started = nextServers.get(demoSeed);
  nextServers.delete(demoSeed);
  const taken = await (started ?? startServerWithMail(demoSeed));
  const next = startServerWithMail(demoSeed);
  // A failed start is reported by the file that takes it.
  next.catch(() => undefined);
  nextServers.set(demoSeed, next);
  return taken;
}

/**
 * One `npm start` and one SMTP listener for the whole test file, and the worker's Chromium
 * (workerBrowser); every person in a flow gets a context of their own. Failures screenshot the newest page.
 * A file with `extraEnv` starts its own server with it (never one started early, and the one
 * started early for the next file stays for that file).
 */
export function useRealServer({
  demoSeed = false,
  extraEnv,
}: { demoSeed?: boolean; extraEnv?: ExtraEnv } = {}): RealServerSuite {
  let smtp: SmtpListener | undefined;
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  let latestPage: Page | undefined;
  screenshotFailures(() => latestPage);

  beforeAll(async () => {
    const [started, launched] = await Promise.all([
      extraEnv ? startServerWithMail(demoSeed, extraEnv) : takeServer(demoSeed),
      workerBrowser(),
    ]);
    ({ server, smtp } = started);
    browser = launched;
  });

  afterAll(async () => {
    // The worker's browser stays for its next file; this file's people leave with their contexts.
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
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
