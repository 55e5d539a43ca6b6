import type { Page } from 'playwright-core';

/** Waits for the globe to draw a frame with its imagery tiles loaded and feature layers mounted. */
export async function globeReady(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.querySelector<HTMLElement>('[data-testid=globe-canvas]')?.dataset.ready === 'true',
    undefined,
    { timeout: 90_000 },
  );
  await page.waitForLoadState('networkidle');
}

/** Samples until `accept` holds (entities become primitives over a few frames), or fails with the last sample. */
export async function sampleUntil(
  page: Page,
  hex: string,
  accept: (sample: ColourSample) => boolean,
  timeoutMs = 30_000,
): Promise<ColourSample> {
  const deadline = Date.now() + timeoutMs;
  let sample = await sampleColour(page, hex);
  while (!accept(sample) && Date.now() < deadline) {
    await page.waitForTimeout(250);
    sample = await sampleColour(page, hex);
  }
  return sample;
}

export type ColourSample = { count: number; points: [number, number][] };

/**
 * The globe's pixels within `tolerance` of a colour, and where they are in page
 * coordinates (the canvas keeps its last frame: preserveDrawingBuffer).
 */
export async function sampleColour(page: Page, hex: string, tolerance = 40): Promise<ColourSample> {
  const [sample] = await sampleColours(page, [hex], tolerance);
  if (!sample) throw new Error('no sample');
  return sample;
}

/**
 * `sampleColour` for several colours from one copy of one frame: reading a software-GL canvas
 * back is the costly part, so it is done once, however many colours are counted.
 */
export async function sampleColours(page: Page, hexes: string[], tolerance = 40): Promise<ColourSample[]> {
  return page.evaluate(
    ({ hexes, tolerance }) => {
      const canvas = document.querySelector<HTMLCanvasElement>('[data-testid=globe-canvas] canvas');
      if (!canvas) throw new Error('no globe canvas');
      const copy = document.createElement('canvas');
      copy.width = canvas.width;
      copy.height = canvas.height;
      const context = copy.getContext('2d');
      if (!context) throw new Error('no 2D context');
      context.drawImage(canvas, 0, 0);
      const { data } = context.getImageData(0, 0, copy.width, copy.height);
      const box = canvas.getBoundingClientRect();
      const scale = box.width / canvas.width;
      return hexes.map((hex) => {
        const [r, g, b] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16)) as [
          number,
          number,
          number,
        ];
        const points: [number, number][] = [];
        for (let index = 0; index < data.length; index += 4) {
          const distance =
            Math.abs((data[index] ?? 0) - r) +
            Math.abs((data[index + 1] ?? 0) - g) +
            Math.abs((data[index + 2] ?? 0) - b);
          if (distance <= tolerance) {
            const pixel = index / 4;
            points.push([
              box.x + (pixel % copy.width) * scale,
              box.y + Math.floor(pixel / copy.width) * scale,
            ]);
          }
        }
        return { count: points.length, points: points.filter((_, index) => index % 7 === 0).slice(0, 400) };
      });
    },
    { hexes, tolerance },
  );
}
