import { LineString } from 'ol/geom';
import { fromLonLat } from 'ol/proj';
import { describe, expect, test } from 'vitest';
import { createExactCoordinates } from './exact-coordinates';

describe('coordinates written back from an edit', () => {
  test('a vertex on a stored one keeps its stored numbers; a new one is rounded to 1e-7°', () => {
    const end = [-9.11626871, 38.72201125];
    const exact = createExactCoordinates();
    exact.remember('targets', [{ type: 'Point', coordinates: end }]);
    const drawn = new LineString([fromLonLat([-9.115123456789, 38.72345678912]), fromLonLat(end)]);
    expect(exact.write(drawn)).toEqual({
      type: 'LineString',
      coordinates: [[-9.1151235, 38.7234568], end],
    });
    // Forgotten once the targets are replaced: the trip through web mercator shows in the digits.
    exact.remember('targets', []);
    expect((exact.write(drawn).coordinates as number[][])[1]).toEqual([-9.1162687, 38.7220112]);
  });
});
