import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { round } from './stats.ts';

export interface FirstLoad {
  gzipKb: number;
  files: number;
  mapEngineFiles: string[];
  /** The five biggest files (gzip KB): where a smaller first load would have to come from. */
  biggest: [name: string, gzipKb: number][];
}

/**
 * What a signed-out visitor's browser fetches to show /login: every JS and CSS file,
 * gzipped as a server would send it, and whether any of them is a map engine's chunk.
 */
export async function loginFirstLoad(browser: Browser, origin: string): Promise<FirstLoad> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const bodies: Promise<{ url: string; bytes: Buffer }>[] = [];
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (/javascript|text\/css/.test(type))
      bodies.push(response.body().then((bytes) => ({ url: response.url(), bytes })));
  });
  await page.goto(`${origin}/login`, { waitUntil: 'networkidle' });
  await page.getByRole('button').first().waitFor();
  const files = await Promise.all(bodies);
  await context.close();
  const sized = files.map((file) => ({
    name: new URL(file.url).pathname.split('/').pop() ?? '',
    gzip: gzipSync(file.bytes, { level: 9 }).byteLength,
  }));
  const gzipped = sized.reduce((sum, file) => sum + file.gzip, 0);
  return {
    gzipKb: round(gzipped / 1024),
    files: files.length,
    mapEngineFiles: sized
      .map((file) => file.name)
      .filter((name) => /^(ol|ol-map-canvas|cesium|Cesium)[-.]/.test(name)),
    biggest: sized
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, 5)
      .map((file) => [file.name, round(file.gzip / 1024)]),
  };
}
