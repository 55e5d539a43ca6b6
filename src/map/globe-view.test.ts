import { describe, expect, test } from 'vitest';
import { heightForZoom, zoomForHeight } from './globe-view';

const FOVY = Math.PI / 3;

describe('camera height and zoom', () => {
  test('a zoom turned into a height comes back as the same zoom', () => {
    for (const zoom of [2, 9.5, 14, 18]) {
      const height = heightForZoom(zoom, 38.7, 800, FOVY);
      expect(zoomForHeight(height, 38.7, 800, FOVY)).toBeCloseTo(zoom, 2);
    }
  });

  test('one zoom step in closer halves the height', () => {
    const far = heightForZoom(13, 0, 600, FOVY);
    expect(heightForZoom(14, 0, 600, FOVY)).toBeCloseTo(far / 2, 6);
  });

  test('a town at zoom 14 is seen from a few kilometres up', () => {
    const height = heightForZoom(14, 45, 900, FOVY);
    expect(height).toBeGreaterThan(2_000);
    expect(height).toBeLessThan(10_000);
  });

  test('heights beyond the world are clamped to the zooms the 2D viewer has', () => {
    expect(zoomForHeight(1e9, 0, 800, FOVY)).toBe(0);
    expect(zoomForHeight(0.001, 0, 800, FOVY)).toBe(22);
  });
});
