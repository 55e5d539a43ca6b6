import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useRealServer } from './support/real-server-suite';
import { signInOverHttp } from './support/ui';

type LayerInfo = { id: number; name: string; geometry_type: string | null; type: string };
type MapInfo = { id: number; title: string; layers: LayerInfo[] };
type Position = [number, number];
type StoredFeature = { id: number; geometry: { type: string; coordinates: unknown } };

async function demoMap(page: Page): Promise<MapInfo> {
  const list = await page.request.get('/api/maps?per_page=50');
  const maps = ((await list.json()) as { data: { id: number; layers_count: number }[] }).data;
  const withLayers = maps.find((map) => map.layers_count > 0);
  if (!withLayers) throw new Error('no demo map with layers on the server');
  const show = await page.request.get(`/api/maps/${withLayers.id}/show?with_layers=true`);
  return ((await show.json()) as { data: MapInfo }).data;
}

function layerNamed(map: MapInfo, name: string): LayerInfo {
  const layer = map.layers.find((candidate) => candidate.name === name);
  if (!layer) throw new Error(`the demo map has no layer ${name}`);
  return layer;
}

async function features(
  page: Page,
  map: MapInfo,
  layer: LayerInfo,
  perPage: number,
): Promise<StoredFeature[]> {
  const response = await page.request.get(
    `/api/maps/${map.id}/layers/${layer.id}/features?per_page=${perPage}`,
  );
  return ((await response.json()) as { data: StoredFeature[] }).data;
}

/** Ray casting on the outer ring: whether the zone polygon holds the point. */
function ringHolds(ring: Position[], [x, y]: Position): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi = 0, yi = 0] = ring[i] ?? [];
    const [xj = 0, yj = 0] = ring[j] ?? [];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function outerRings(geometry: StoredFeature['geometry']): Position[][] {
  if (geometry.type === 'Polygon') return [(geometry.coordinates as Position[][])[0] ?? []];
  if (geometry.type === 'MultiPolygon')
    return (geometry.coordinates as Position[][][]).map((p) => p[0] ?? []);
  return [];
}

function firstSegment(geometry: StoredFeature['geometry']): [Position, Position] | null {
  const line =
    geometry.type === 'LineString'
      ? (geometry.coordinates as Position[])
      : geometry.type === 'MultiLineString'
        ? ((geometry.coordinates as Position[][])[0] ?? [])
        : [];
  const [a, b] = line;
  return a && b ? [a, b] : null;
}

async function waitForDrawn(page: Page, after = 0): Promise<number> {
  await page.waitForFunction(
    (count) =>
      Number(document.querySelector<HTMLElement>('[data-testid=map-canvas]')?.dataset.renderCount ?? 0) >
      count,
    after,
  );
  await page.waitForLoadState('networkidle');
  return Number((await page.getByTestId('map-canvas').getAttribute('data-render-count')) ?? 0);
}

/**
 * Pixels of the map as shown within a few levels of `hex`: read from a screenshot, since a
 * layer's background colour may be the CSS background of its container, not canvas pixels.
 */
async function pixelsOfColour(page: Page, hex: string): Promise<number> {
  const png = (await page.getByTestId('map-canvas').screenshot()).toString('base64');
  return page.evaluate(
    async ({ png, hex }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d');
      if (!context) return -1;
      context.drawImage(image, 0, 0);
      const target = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
      const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
      let count = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (target.every((value, channel) => Math.abs((data[i + channel] ?? 0) - value) <= 4)) count++;
      }
      return count;
    },
    { png, hex },
  );
}

/** A pipe whose first segment's middle lies inside a pressure zone. */
async function pipeInZone(page: Page, map: MapInfo) {
  const pipes = layerNamed(map, 'Pipes');
  const zones = (await features(page, map, layerNamed(map, 'Pressure zones'), 50)).flatMap((zone) =>
    outerRings(zone.geometry),
  );
  const candidates = (await features(page, map, pipes, 100)).flatMap((pipe) => {
    const segment = firstSegment(pipe.geometry);
    if (!segment) return [];
    const [[ax, ay], [bx, by]] = segment;
    const middle: Position = [(ax + bx) / 2, (ay + by) / 2];
    return zones.some((ring) => ringHolds(ring, middle)) ? [{ pipe, segment, middle }] : [];
  });
  const chosen = candidates[0];
  if (!chosen) throw new Error('no demo pipe lies inside a pressure zone');
  return chosen;
}

/** `distance` px across the segment from its middle, in the map's CSS pixels (Web Mercator). */
function across([[ax, ay], [bx, by]]: [Position, Position], latitude: number, distance: number) {
  const dx = bx - ax;
  const dy = -(by - ay) / Math.cos((latitude * Math.PI) / 180);
  const length = Math.hypot(dx, dy);
  return { x: (-dy / length) * distance, y: (dx / length) * distance };
}

async function scaleText(page: Page): Promise<string> {
  return ((await page.locator('.ol-scale-line-inner').first().textContent()) ?? '').trim();
}

describe('map tools and identify', () => {
  const suite = useRealServer({ demoSeed: true });

  test('a click beside a pipe opens that pipe, not the pressure zone under it; the cursor shows it', async () => {
    const { admin } = suite.server();
    const page = await suite.newPage();
    await signInOverHttp(page, admin.email, admin.password);
    const map = await demoMap(page);
    const chosen = await pipeInZone(page, map);

    // The pipe's middle at the centre of the map, close in.
    await page.goto(`/maps/${map.id}/show?lon=${chosen.middle[0]}&lat=${chosen.middle[1]}&zoom=19`);
    await waitForDrawn(page);
    const box = await page.getByTestId('map-canvas').boundingBox();
    if (!box) throw new Error('the map has no box');
    // 2 px across the pipe (a 2.5 px line): where a tap on a phone lands, still on the pipe.
    const offset = across(chosen.segment, chosen.middle[1], 2);
    const at = { x: box.x + box.width / 2 + offset.x, y: box.y + box.height / 2 + offset.y };

    await page.mouse.move(at.x, at.y);
    await expect
      .poll(() => page.getByTestId('map-canvas').evaluate((element) => getComputedStyle(element).cursor))
      .toBe('pointer');
    await page.mouse.click(at.x, at.y);
    await page.getByRole('complementary', { name: `Pipes #${chosen.pipe.id}` }).waitFor();
    expect(await page.getByRole('complementary', { name: /^Pressure zones #/ }).count()).toBe(0);
  });

  test('a two-click measure shows a length; Escape cancels', async () => {
    const { admin } = suite.server();
    const page = await suite.newPage();
    await signInOverHttp(page, admin.email, admin.password);
    const map = await demoMap(page);
    await page.goto(`/maps/${map.id}/show`);
    await waitForDrawn(page);
    const box = await page.getByTestId('map-canvas').boundingBox();
    if (!box) throw new Error('the map has no box');

    await page.getByRole('button', { name: 'Measure distance' }).click();
    const result = page.getByRole('status').filter({ hasText: /^Distance:/ });
    await page.mouse.click(box.x + box.width / 2 - 100, box.y + box.height / 2);
    await page.mouse.click(box.x + box.width / 2 + 100, box.y + box.height / 2);
    await result.waitFor();
    expect(await result.textContent()).toMatch(/^Distance: [\d.,]+ (m|km)$/);
    // Measuring is not selecting: no feature panel opened on the way.
    expect(await page.getByRole('complementary', { name: /#\d+$/ }).count()).toBe(0);

    await page.keyboard.press('Escape');
    await result.waitFor({ state: 'detached' });
  });

  test('the basemap switcher choice survives a reload', async () => {
    const { admin } = suite.server();
    const page = await suite.newPage();
    await signInOverHttp(page, admin.email, admin.password);
    const map = await demoMap(page);
    // Far enough out for the offline world's sea to show.
    await page.goto(`/maps/${map.id}/show?lon=0&lat=0&zoom=2`);
    const renders = await waitForDrawn(page);
    const sea = '#c9dcea';
    const withSea = await pixelsOfColour(page, sea);
    expect(withSea).toBeGreaterThan(1000);

    await page.getByRole('button', { name: 'Basemap' }).click();
    await page.getByRole('radio', { name: 'None' }).check();
    await waitForDrawn(page, renders);
    // A few anti-aliased pixels of the tools may come near the colour; the sea is gone.
    expect(await pixelsOfColour(page, sea)).toBeLessThan(withSea / 100);

    await page.reload();
    await waitForDrawn(page);
    expect(await pixelsOfColour(page, sea)).toBeLessThan(withSea / 100);
    await page.getByRole('button', { name: 'Basemap' }).click();
    expect(await page.getByRole('radio', { name: 'None' }).isChecked()).toBe(true);
  });

  test('on a 390×844 phone a finger pans, pinches and taps a pipe', async () => {
    const { admin, baseUrl } = suite.server();
    const desktop = await suite.newPage();
    const browser = desktop.context().browser();
    if (!browser) throw new Error('no browser behind the page');
    const context = await browser.newContext({
      baseURL: baseUrl,
      locale: 'en-US',
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    try {
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      await signInOverHttp(page, admin.email, admin.password);
      const map = await demoMap(page);
      const chosen = await pipeInZone(page, map);
      await page.goto(`/maps/${map.id}/show?lon=${chosen.middle[0]}&lat=${chosen.middle[1]}&zoom=19`);
      await waitForDrawn(page);
      const canvas = page.getByTestId('map-canvas');
      await canvas.scrollIntoViewIfNeeded();
      const box = await canvas.boundingBox();
      if (!box) throw new Error('the map has no box');
      const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };

      // A finger is not a mouse: 6 px beside the pipe still hits it.
      const offset = across(chosen.segment, chosen.middle[1], 6);
      await page.touchscreen.tap(centre.x + offset.x, centre.y + offset.y);
      const sheet = page.getByRole('complementary', { name: `Pipes #${chosen.pipe.id}` });
      await sheet.waitFor();
      // On a phone the feature opens as a sheet over the lower half of the map: put it away first.
      await page.keyboard.press('Escape');
      await sheet.waitFor({ state: 'hidden' });

      const cdp = await context.newCDPSession(page);
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) =>
        cdp.send('Input.dispatchTouchEvent', {
          type,
          touchPoints: points.map((point, id) => ({ ...point, id })),
        });
      const steps = 8;

      // One finger drags the map: what is drawn moves. (The panel that opened may have moved the map.)
      await canvas.scrollIntoViewIfNeeded();
      const moved = await canvas.boundingBox();
      if (!moved) throw new Error('the map has no box');
      centre.x = moved.x + moved.width / 2;
      centre.y = moved.y + moved.height / 2;
      const rendered = await waitForDrawn(page);
      const still = await canvas.screenshot();
      await touch('touchStart', [{ x: centre.x, y: centre.y }]);
      for (let step = 1; step <= steps; step++)
        await touch('touchMove', [{ x: centre.x + step * 10, y: centre.y }]);
      await touch('touchEnd', []);
      await waitForDrawn(page, rendered);
      expect((await canvas.screenshot()).equals(still)).toBe(false);

      // Two fingers pinched together: the map zooms out, its scale bar says so.
      const before = await scaleText(page);
      await touch('touchStart', [
        { x: centre.x - 20, y: centre.y },
        { x: centre.x + 20, y: centre.y },
      ]);
      for (let step = 1; step <= steps; step++) {
        await touch('touchMove', [
          { x: centre.x - 20 + step * 4, y: centre.y },
          { x: centre.x + 20 - step * 4, y: centre.y },
        ]);
      }
      await touch('touchEnd', []);
      await expect.poll(() => scaleText(page)).not.toBe(before);
    } finally {
      await context.close();
    }
  });

  test('on a phone a pipe tapped low on the map stays in sight above its sheet', async () => {
    const { admin, baseUrl } = suite.server();
    const desktop = await suite.newPage();
    const browser = desktop.context().browser();
    if (!browser) throw new Error('no browser behind the page');
    const context = await browser.newContext({
      baseURL: baseUrl,
      locale: 'en-US',
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    try {
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      await signInOverHttp(page, admin.email, admin.password);
      const map = await demoMap(page);
      const chosen = await pipeInZone(page, map);
      // The map opens with the pipe's middle 30 % of the map's height below the centre, where
      // the feature sheet will cover it (Web Mercator: degrees per pixel at this zoom).
      const zoom = 17;
      const size = await page.viewportSize();
      const below = Math.round(0.3 * (size?.height ?? 844) * 0.9);
      const degreesPerPixel = 360 / (256 * 2 ** zoom);
      const [lon, lat] = chosen.middle;
      const centreLat = lat + below * degreesPerPixel * Math.cos((lat * Math.PI) / 180);
      await page.goto(`/maps/${map.id}/show?lon=${lon}&lat=${centreLat}&zoom=${zoom}`);
      const drawn = await waitForDrawn(page);
      const canvas = page.getByTestId('map-canvas');
      const box = await canvas.boundingBox();
      if (!box) throw new Error('the map has no box');
      const tapped = { x: box.x + box.width / 2, y: box.y + box.height / 2 + below };
      await page.touchscreen.tap(tapped.x, tapped.y);
      const sheet = page.getByRole('complementary', { name: `Pipes #${chosen.pipe.id}` });
      await sheet.waitFor();
      const sheetBox = await sheet.boundingBox();
      // The tap was under where the sheet now is ...
      expect(sheetBox && sheetBox.y < tapped.y).toBe(true);
      await waitForDrawn(page, drawn);
      await page.waitForTimeout(500);
      // ... yet the selected pipe (drawn in the selection colour) shows above the sheet.
      expect(await pixelsOfColour(page, '#d6007a')).toBeGreaterThan(20);
    } finally {
      await context.close();
    }
  });
});
