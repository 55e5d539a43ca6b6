import { describe, expect, test } from 'vitest';
import { viewFromQuery, viewToQuery, withView } from './view-query';

describe('the view carried between 2D and 3D', () => {
  test('a view written to the address reads back the same', () => {
    const view = { center: [-9.1393, 38.7223] as [number, number], zoom: 14.5, rotation: 30 };
    expect(viewFromQuery(new URLSearchParams(viewToQuery(view)))).toEqual(view);
  });

  test('an address without a view, or with a broken one, gives none', () => {
    expect(viewFromQuery(new URLSearchParams(''))).toBeNull();
    expect(viewFromQuery(new URLSearchParams('lon=1&lat=2'))).toBeNull();
    expect(viewFromQuery(new URLSearchParams('lon=x&lat=2&zoom=3'))).toBeNull();
    expect(viewFromQuery(new URLSearchParams('lon=200&lat=2&zoom=3'))).toBeNull();
  });

  test('rotation may be left out', () => {
    expect(viewFromQuery(new URLSearchParams('lon=1&lat=2&zoom=3'))).toEqual({
      center: [1, 2],
      zoom: 3,
      rotation: 0,
    });
  });

  test('the carried view replaces the stored one, and no view keeps it', () => {
    const map = { id: 1, center: [0, 0], zoom: 2, rotation: 0 };
    expect(withView(map, { center: [5, 6], zoom: 9, rotation: 10 })).toEqual({
      id: 1,
      center: [5, 6],
      zoom: 9,
      rotation: 10,
    });
    expect(withView(map, null)).toBe(map);
  });
});
