import { describe, expect, test } from 'vitest';
import {
  printFileName,
  printZoomOfPreview,
  scaleBarLength,
  scaleForZoom,
  sheetLayout,
  standardScaleNear,
  zoomForScale,
} from './sheet-layout';

describe('sheet layout', () => {
  test('A4 landscape is 297 × 210 mm and the map fills it between header and footer', () => {
    const layout = sheetLayout('a4', 'landscape');
    expect([layout.width, layout.height]).toEqual([297, 210]);
    expect(layout.map.x).toBe(layout.footer.x);
    expect(layout.map.y + layout.map.height).toBe(layout.footer.y);
    expect(layout.footer.y + layout.footer.height).toBe(200);
  });

  test('A3 portrait is 297 × 420 mm', () => {
    const layout = sheetLayout('a3', 'portrait');
    expect([layout.width, layout.height]).toEqual([297, 420]);
  });
});

describe('scale', () => {
  test('zoom and scale are inverses, and Web Mercator is stretched away from the equator', () => {
    const zoom = zoomForScale(5000, 38.7);
    expect(scaleForZoom(zoom, 38.7)).toBeCloseTo(5000, 6);
    // At 60° a pixel covers half the ground it covers at the equator: the same scale is one zoom out.
    expect(zoomForScale(5000, 60) - zoomForScale(5000, 0)).toBeCloseTo(-1, 6);
  });

  test('at zoom 0 on the equator one CSS pixel is 156 km, so the scale is about 1:591,658,000', () => {
    expect(scaleForZoom(0, 0) / 1e6).toBeCloseTo(591.658, 2);
  });

  test('a preview half as wide as the printed map is one zoom level out', () => {
    expect(printZoomOfPreview(14, 500, 1000)).toBeCloseTo(15, 9);
  });

  test('scales within half a percent of a standard one snap to it', () => {
    expect(standardScaleNear(5012)).toBe(5000);
    expect(standardScaleNear(5100)).toBeNull();
  });

  test('the scale bar is a round distance that fits', () => {
    expect(scaleBarLength(10000, 54)).toEqual({ metres: 500, mm: 50 });
    expect(scaleBarLength(24436, 54)).toEqual({ metres: 1000, mm: 1000000 / 24436 });
    expect(scaleBarLength(1000, 54)).toEqual({ metres: 50, mm: 50 });
  });
});

describe('file name', () => {
  test('keeps letters of any script and the day', () => {
    const day = new Date(2026, 10, 2);
    expect(printFileName('Demo town: water / network', day)).toBe('demo-town-water-network-2026-11-02.pdf');
    expect(printFileName('供水管网', day)).toBe('供水管网-2026-11-02.pdf');
    expect(printFileName('  ///  ', day)).toBe('map-2026-11-02.pdf');
  });
});
