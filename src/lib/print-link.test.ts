import { describe, expect, test } from 'vitest';
import { printPath, readPrintStart } from './print-link';

describe('print link', () => {
  test('carries the map, its view and visible layers there and back', () => {
    const start = {
      mapId: 3,
      view: { center: [-9.1, 38.7] as [number, number], zoom: 14.5, rotation: 30 },
      visibleLayerIds: [2, 4],
    };
    const path = printPath(start);
    expect(path).toBe('/pdf?map=3&center=-9.1,38.7&zoom=14.5&rotation=30&layers=2,4');
    expect(readPrintStart(new URL(path, 'http://x').searchParams)).toEqual(start);
  });

  test('no layers visible is kept apart from no layers given', () => {
    expect(readPrintStart(new URLSearchParams('map=1&layers=')).visibleLayerIds).toEqual([]);
    expect(readPrintStart(new URLSearchParams('map=1')).visibleLayerIds).toBeNull();
  });

  test('malformed values are ignored, not trusted', () => {
    expect(readPrintStart(new URLSearchParams('map=x&center=1&zoom=a&layers=1,b'))).toEqual({
      mapId: null,
      view: null,
      visibleLayerIds: null,
    });
  });
});
