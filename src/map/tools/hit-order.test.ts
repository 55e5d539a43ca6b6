import { describe, expect, test } from 'vitest';
import { geometryRank, orderHits, type Candidate } from './hit-order';

const hit = (layerId: number, featureId: number, geometryType: string, distance: number, zIndex = layerId) =>
  ({ layerId, featureId, geometryType, distance, zIndex }) satisfies Candidate;

describe('what a click picks', () => {
  test('points over lines over polygons', () => {
    expect(['Polygon', 'MultiLineString', 'Point', 'GeometryCollection'].map(geometryRank)).toEqual([
      2, 1, 0, 3,
    ]);
    // The zone is right under the click, the pipe 3 px away: the pipe is picked.
    const picked = orderHits([hit(1, 10, 'Polygon', 0), hit(2, 20, 'LineString', 3)]);
    expect(picked.map((candidate) => candidate.featureId)).toEqual([20]);
    const valve = orderHits([
      hit(2, 20, 'LineString', 0),
      hit(3, 30, 'Point', 4),
      hit(1, 10, 'MultiPolygon', 0),
    ]);
    expect(valve.map((candidate) => candidate.featureId)).toEqual([30]);
  });

  test('several of the same kind at the same place are offered nearest first, each once', () => {
    const picked = orderHits([
      hit(2, 21, 'LineString', 1),
      hit(2, 20, 'LineString', 0),
      hit(2, 21, 'LineString', 0.5),
      hit(2, 22, 'LineString', 4),
      hit(1, 10, 'Polygon', 0),
    ]);
    expect(picked.map((candidate) => [candidate.featureId, candidate.distance])).toEqual([
      [20, 0],
      [21, 0.5],
    ]);
  });

  test('a line over a line of a lower layer (a pipe along the street under it): the upper one', () => {
    // The street's wide casing is nearer the click than the pipe drawn on top of it.
    const picked = orderHits([hit(1, 10, 'LineString', 0, 1), hit(5, 50, 'LineString', 1.5, 5)]);
    expect(picked.map((candidate) => candidate.featureId)).toEqual([50]);
    // Two pipes of the upper layer meeting there are still both offered.
    const junction = orderHits([
      hit(1, 10, 'LineString', 0, 1),
      hit(5, 50, 'LineString', 1, 5),
      hit(5, 51, 'LineString', 1.5, 5),
    ]);
    expect(junction.map((candidate) => candidate.featureId)).toEqual([50, 51]);
  });

  test('at one distance the topmost layer comes first; the list is short', () => {
    const picked = orderHits([hit(3, 30, 'Point', 0, 3), hit(4, 40, 'Point', 0, 4)]);
    expect(picked.map((candidate) => candidate.layerId)).toEqual([4, 3]);
    const many = Array.from({ length: 20 }, (_, index) => hit(2, index, 'Point', 0));
    expect(orderHits(many)).toHaveLength(8);
    expect(orderHits([])).toEqual([]);
  });
});
