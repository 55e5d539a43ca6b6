import { describe, expect, it } from 'vitest';
import { pgRound } from '../tiles/tile-points.ts';
import { PointGrid } from './point-grid.ts';

function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('the point grid', () => {
  const next = random(7);
  const n = 5_000;
  // Clustered points, a lattice (exact edges) and duplicates.
  const xs = Float64Array.from({ length: n }, (_, i) => (i % 5 === 0 ? (i % 50) * 0.1 : next() ** 3 * 10));
  const ys = Float64Array.from({ length: n }, (_, i) =>
    i % 5 === 0 ? Math.floor(i / 50) * 0.1 : next() * 5,
  );
  const ids = Int32Array.from({ length: n }, (_, i) => 3 + i * 2);
  const grid = new PointGrid(ids, xs, ys);
  const brute = (minX: number, minY: number, maxX: number, maxY: number) =>
    [...xs.keys()].filter((i) => xs[i]! >= minX && xs[i]! <= maxX && ys[i]! >= minY && ys[i]! <= maxY);

  it('finds exactly the points in a box, edges included, in id order', () => {
    const boxes: [number, number, number, number][] = [
      [0.1, 0.1, 0.5, 0.3],
      [-1, -1, 11, 6],
      [2, 2, 2, 2],
      [4.9, 9.9, 5, 10],
      [20, 20, 30, 30],
    ];
    for (let k = 0; k < 200; k += 1) {
      const x = next() * 11 - 0.5;
      const y = next() * 6 - 0.5;
      boxes.push([x, y, x + next() * 2, y + next()]);
    }
    for (const box of boxes) expect([...(grid.search(...box, n) ?? [])]).toEqual(brute(...box));
  });

  it('leaves a box over more points than asked to the caller', () => {
    expect(grid.search(-1, -1, 11, 6, 100)).toBeUndefined();
    expect(grid.search(8, 4, 8.2, 4.2, 100)).toBeDefined();
  });

  it('holds an empty layer and a layer of one place', () => {
    expect([
      ...(new PointGrid(new Int32Array(0), new Float64Array(0), new Float64Array(0)).search(
        0,
        0,
        1,
        1,
        10,
      ) ?? [1]),
    ]).toEqual([]);
    const one = new PointGrid(Int32Array.of(1, 2), Float64Array.of(3, 3), Float64Array.of(4, 4));
    expect([...(one.search(3, 4, 3, 4, 10) ?? [])]).toEqual([0, 1]);
  });
});

describe("PostgreSQL's round", () => {
  it('takes halves to the even integer', () => {
    expect([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 2.4, 2.6, -2.6].map(pgRound)).toEqual([
      -2, -2, 0, 0, 2, 2, 2, 3, -3,
    ]);
  });
});
