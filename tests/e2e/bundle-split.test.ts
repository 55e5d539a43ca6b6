import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import en from '../../src/locales/en.json';
import zhCN from '../../src/locales/zh-CN.json';
import { useRealServer } from './support/real-server-suite';
import { signIn } from './support/ui';

/**
 * Text only one part carries, whatever its chunk is called: OpenLayers' map, Cesium's widget,
 * CASL's rule engine, react-router's data router (an error message of its createRouter), the
 * signed-in route tree (a breadcrumb key only src/app/routes.tsx names), a text of a signed-in
 * screen (English) and the sign-in title in English and in Chinese.
 */
const ENGINES = {
  ol: 'ol-overlaycontainer',
  cesium: 'cesium-widget',
  casl: '__caslSubjectType__',
  dataRouter: 'You must provide a non-empty routes array',
  signedInRoutes: 'breadcrumb.user_edit',
  signedInTexts: en.viewer.load_failed,
  englishLogin: en.auth.login_intro,
  chineseLogin: zhCN.auth.login_intro,
} as const;

type Loaded = {
  urls: string[];
  engines: Set<keyof typeof ENGINES>;
  /** Waits for the bodies of every response seen so far to be read (each is read as it comes). */
  settled: () => Promise<void>;
};

/** Every script and style the page loads from now on, and which of the parts above they contain. */
function recordScripts(page: Page): Loaded {
  const reads: Promise<void>[] = [];
  const loaded: Loaded = {
    urls: [],
    engines: new Set(),
    settled: async () => {
      await Promise.all(reads);
    },
  };
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    loaded.urls.push(new URL(response.url()).pathname);
    reads.push(
      response
        .text()
        .then((body) => {
          for (const [engine, marker] of Object.entries(ENGINES) as [keyof typeof ENGINES, string][])
            if (body.includes(marker)) loaded.engines.add(engine);
        })
        .catch(() => undefined),
    );
  });
  return loaded;
}

const engineChunk = /\/(ol|cesium)[-/.]|ol-map-canvas|cesium-map-canvas/i;

describe('bundle split', () => {
  const suite = useRealServer({ demoSeed: true });

  test('/login loads no map engine, no CASL, no data router, no signed-in routes and only its own English texts; each arrives where it belongs', async () => {
    const { admin } = suite.server();
    const page = await suite.newPage();
    const loaded = recordScripts(page);

    await page.goto('/login');
    await page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    await loaded.settled();
    expect(loaded.urls.length).toBeGreaterThan(0);
    // A handful of files (vite.config.ts chunk groups), not one per shared module: each file is
    // gzipped alone, so many small ones cost more bytes as well as more requests.
    expect(loaded.urls.length).toBeLessThanOrEqual(8);
    expect(loaded.urls.filter((url) => engineChunk.test(url))).toEqual([]);
    // Only the sign-in texts of the visitor's language: no engine, no CASL, no data router, no
    // signed-in route tree, no signed-in screen's text.
    expect([...loaded.engines]).toEqual(['englishLogin']);

    // The same detector sees each engine where it belongs, so the check above can fail.
    await signIn(page, admin.email, admin.password, admin.name);
    const maps = (await (await page.request.get('/api/maps?per_page=50')).json()) as {
      data: { id: number; layers_count: number }[];
    };
    const map = maps.data.find((candidate) => candidate.layers_count > 0);
    if (!map) throw new Error('no demo map');
    await page.goto(`/maps/${map.id}/show`);
    await page.getByTestId('map-canvas').waitFor();
    await page.waitForLoadState('networkidle');
    await loaded.settled();
    expect(loaded.engines.has('ol')).toBe(true);
    expect(loaded.engines.has('cesium')).toBe(false);
    // Signing in brought the rule engine, the signed-in routes and their texts, still in English only.
    expect(loaded.engines.has('casl')).toBe(true);
    expect(loaded.engines.has('signedInRoutes')).toBe(true);
    expect(loaded.engines.has('signedInTexts')).toBe(true);
    expect(loaded.engines.has('chineseLogin')).toBe(false);

    await page.goto(`/maps/${map.id}/show3d`);
    await page.getByTestId('globe-canvas').waitFor();
    await page.waitForLoadState('networkidle');
    await loaded.settled();
    expect(loaded.engines.has('cesium')).toBe(true);
    // The routes need no data router anywhere (docs/architecture.md#first-load).
    expect(loaded.engines.has('dataRouter')).toBe(false);
  });

  test('a Chinese visitor of /login loads the Chinese sign-in texts and no English ones', async () => {
    const page = await suite.newPage();
    await page.context().addCookies([{ name: 'locale', value: 'zh-CN', url: suite.server().baseUrl }]);
    const loaded = recordScripts(page);

    await page.goto('/login');
    await page.getByRole('heading', { name: zhCN.auth.login_title, level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    await loaded.settled();
    expect([...loaded.engines]).toEqual(['chineseLogin']);

    // Switching language loads the other one's texts without a reload.
    await page.getByRole('combobox', { name: zhCN.nav.language }).selectOption('en');
    await page.getByRole('heading', { name: en.auth.login_title, level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    await loaded.settled();
    expect(loaded.engines.has('englishLogin')).toBe(true);
  });
});
