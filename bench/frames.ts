import type { Page } from 'playwright-core';
import { percentile, round } from './stats.ts';

export interface FrameStats {
  frames: number;
  p50: number;
  p95: number;
  worst: number;
}

/**
 * Pans and zooms the map under `selector` the same way every time (drags, wheel in, drag,
 * wheel out) while a requestAnimationFrame loop records the time between frames.
 */
export async function framesWhilePanningAndZooming(page: Page, selector: string): Promise<FrameStats> {
  const box = await page.locator(selector).boundingBox();
  if (!box) throw new Error(`${selector} has no box`);
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  // A string, not a function: the TypeScript runner would wrap a named function in a helper
  // the page does not have.
  await page.evaluate(`(() => {
    const frames = [];
    window.frameDeltas = frames;
    let last = 0;
    const tick = (now) => {
      frames.push(now - last);
      last = now;
      if (!window.stopFrames) requestAnimationFrame(tick);
    };
    requestAnimationFrame((now) => {
      last = now;
      requestAnimationFrame(tick);
    });
  })()`);
  const drag = async (dx: number, dy: number) => {
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx + dx, cy + dy, { steps: 30 });
    await page.mouse.up();
    await page.waitForTimeout(300);
  };
  const wheel = async (deltaY: number, notches: number) => {
    await page.mouse.move(cx, cy);
    for (let notch = 0; notch < notches; notch += 1) {
      await page.mouse.wheel(0, deltaY);
      await page.waitForTimeout(400);
    }
  };
  await drag(250, 0);
  await drag(-150, 120);
  await wheel(-120, 4);
  await drag(200, -100);
  await drag(-200, 0);
  await wheel(120, 4);
  await drag(0, 150);
  await page.waitForTimeout(1500);
  const deltas = await page.evaluate(() => {
    (window as { stopFrames?: boolean }).stopFrames = true;
    return (window as { frameDeltas?: number[] }).frameDeltas ?? [];
  });
  return frameStats(deltas);
}

export function frameStats(deltas: number[]): FrameStats {
  return {
    frames: deltas.length,
    p50: round(percentile(deltas, 50)),
    p95: round(percentile(deltas, 95)),
    worst: round(Math.max(...deltas), 0),
  };
}

/** Waits until the map has completed `after` + 1 renders (the data-render-count both maps keep). */
export async function renderedAfter(page: Page, after: number, timeout: number): Promise<void> {
  await page.waitForFunction(
    (count) =>
      Number(document.querySelector<HTMLElement>('[data-testid=map-canvas]')?.dataset.renderCount ?? 0) >
      count,
    after,
    { timeout, polling: 50 },
  );
}
