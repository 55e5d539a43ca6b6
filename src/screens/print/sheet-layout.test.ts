import { describe, expect, test } from 'vitest';
import {
  type Box,
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

describe('sheet layout with widgets', () => {
  const inside = (box: Box, sheet: { width: number; height: number }) =>
    box.x >= 10 &&
    box.y >= 10 &&
    box.x + box.width <= sheet.width - 10 &&
    box.y + box.height <= sheet.height - 10;
  const overlap = (a: Box, b: Box) =>
    a.x < b.x + b.width - 1e-9 &&
    b.x < a.x + a.width - 1e-9 &&
    a.y < b.y + b.height - 1e-9 &&
    b.y < a.y + a.height - 1e-9;

  test('none chosen: the map keeps the whole body of the sheet', () => {
    expect(sheetLayout('a4', 'landscape', 0)).toEqual({ ...sheetLayout('a4', 'landscape'), widgets: [] });
  });

  test('landscape: a column right of the map, one widget under another, the map narrower', () => {
    const plain = sheetLayout('a4', 'landscape');
    const layout = sheetLayout('a4', 'landscape', 3);
    expect(layout.widgets).toHaveLength(3);
    expect(layout.map.height).toBe(plain.map.height);
    expect(layout.map.width).toBeLessThan(plain.map.width);
    for (const box of layout.widgets) {
      expect(box.x).toBeGreaterThan(layout.map.x + layout.map.width);
      expect(box.width).toBeGreaterThan(60);
    }
    expect(layout.widgets[0]?.y).toBe(layout.map.y);
    const last = layout.widgets.at(-1);
    expect((last?.y ?? 0) + (last?.height ?? 0)).toBeCloseTo(layout.map.y + layout.map.height, 9);
  });

  test('portrait: a row below the map, two rows past three widgets', () => {
    const plain = sheetLayout('a4', 'portrait');
    const layout = sheetLayout('a4', 'portrait', 2);
    expect(layout.map.width).toBe(plain.map.width);
    expect(layout.map.height).toBeLessThan(plain.map.height);
    expect(layout.widgets.map((box) => box.y)).toEqual([layout.widgets[0]?.y, layout.widgets[0]?.y]);
    expect(layout.widgets[0]?.y).toBeGreaterThan(layout.map.y + layout.map.height);
    const five = sheetLayout('a4', 'portrait', 5);
    expect(new Set(five.widgets.map((box) => box.y)).size).toBe(2);
  });

  test('a counter gets less room than a chart: a third of its height beside the map, of its width below', () => {
    const beside = sheetLayout('a4', 'landscape', ['small', 'large']);
    const [counter, chart] = beside.widgets;
    expect((counter?.height ?? 0) * 3).toBeCloseTo(chart?.height ?? 0, 9);
    expect(counter?.width).toBe(chart?.width);
    // The map is the same size whatever the widgets are: only how many decides it.
    expect(beside.map).toEqual(sheetLayout('a4', 'landscape', 2).map);
    const below = sheetLayout('a4', 'portrait', ['large', 'small']);
    expect((below.widgets[1]?.width ?? 0) * 3).toBeCloseTo(below.widgets[0]?.width ?? 0, 9);
    expect(below.widgets[1]?.x).toBeGreaterThan(below.widgets[0]?.x ?? 0);
  });

  test.each([
    ['a4', 'landscape'],
    ['a4', 'portrait'],
    ['a3', 'landscape'],
    ['a3', 'portrait'],
  ] as const)('%s %s: no widget overlaps the title, map, footer or another widget', (paper, orientation) => {
    const mixes: (number | ('small' | 'large')[])[] = [
      1,
      2,
      4,
      6,
      ['small', 'large', 'small'],
      ['large', 'small', 'small', 'large', 'small'],
    ];
    for (const widgets of mixes) {
      const count = typeof widgets === 'number' ? widgets : widgets.length;
      const layout = sheetLayout(paper, orientation, widgets);
      expect(layout.widgets).toHaveLength(count);
      const others = [layout.header, layout.map, layout.footer];
      layout.widgets.forEach((box, index) => {
        expect(inside(box, layout)).toBe(true);
        expect(box.width).toBeGreaterThan(0);
        expect(box.height).toBeGreaterThan(0);
        for (const other of [...others, ...layout.widgets.slice(index + 1)])
          expect(overlap(box, other)).toBe(false);
      });
    }
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
