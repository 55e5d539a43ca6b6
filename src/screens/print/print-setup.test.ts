import { describe, expect, test } from 'vitest';
import { initialSetup, printScale, withPaper, withPreviewWidth, withScale, withView } from './print-setup';
import { mmToCssPixels, previewZoomOfPrint, sheetLayout, zoomForScale } from './sheet-layout';

const view = { center: [-9.14, 38.72] as [number, number], zoom: 14, rotation: 0 };

function requestedZoom(setup: ReturnType<typeof initialSetup>): number | null {
  return setup.request && 'view' in setup.request ? setup.request.view.zoom : null;
}

describe('print setup', () => {
  test('until the preview is laid out there is no scale to print at', () => {
    expect(printScale(initialSetup(view))).toBeNull();
  });

  test('following the preview, the scale comes from its zoom and width', () => {
    const setup = withPreviewWidth(initialSetup(view), 800);
    const scale = printScale(setup);
    expect(scale).not.toBeNull();
    // Twice as wide a preview at the same zoom shows twice the ground on the same paper.
    const wider = printScale(withPreviewWidth(setup, 1600));
    expect(wider).toBeCloseTo((scale ?? 0) * 2, -1);
  });

  test('a picked scale zooms the preview to show exactly what the sheet prints', () => {
    const setup = withScale(withPreviewWidth(initialSetup(view), 800), 10000);
    expect(printScale(setup)).toBe(10000);
    const printWidth = mmToCssPixels(sheetLayout('a4', 'landscape').map.width);
    expect(requestedZoom(setup)).toBeCloseTo(
      previewZoomOfPrint(zoomForScale(10000, view.center[1]), 800, printWidth),
      9,
    );
  });

  test('a picked scale holds when the paper changes: the preview zooms instead', () => {
    const picked = withScale(withPreviewWidth(initialSetup(view), 800), 10000);
    const a3 = withPaper(picked, 'a3', 'landscape');
    expect(printScale(a3)).toBe(10000);
    expect(requestedZoom(a3)).not.toBeCloseTo(requestedZoom(picked) ?? 0, 3);
  });

  test('the preview arriving where it was asked keeps the scale; a zoom by the user lets go of it', () => {
    const picked = withScale(withPreviewWidth(initialSetup(view), 800), 10000);
    const arrived = withView(picked, { ...view, zoom: Math.round((requestedZoom(picked) ?? 0) * 100) / 100 });
    expect(arrived.pickedScale).toBe(10000);
    const zoomedByUser = withView(arrived, { ...arrived.view, zoom: arrived.view.zoom + 1 });
    expect(zoomedByUser.pickedScale).toBeNull();
    const panned = withView(arrived, { ...arrived.view, center: [-9.1, 38.7] });
    expect(panned.pickedScale).toBe(10000);
  });
});
