import { describe, expect, it } from 'vitest';
import {
  cellsOf,
  changed,
  moveBy,
  overlaps,
  phoneOrder,
  place,
  resizeBy,
  withinBounds,
  type Box,
} from './grid-layout';

const arrangement = (entries: [number, Box][]) => new Map(entries);
const noOverlap = (boxes: Map<number, Box>) => {
  const all = [...boxes.values()];
  return all.every((a, i) => all.slice(i + 1).every((b) => !overlaps(a, b)));
};

describe('the dashboard grid', () => {
  it('keeps a box within 12 columns, at least one cell, never above the first row', () => {
    expect(withinBounds({ x: 10, y: 0, w: 6, h: 4 })).toEqual({ x: 6, y: 0, w: 6, h: 4 });
    expect(withinBounds({ x: -3, y: -2, w: 0, h: 0 })).toEqual({ x: 0, y: 0, w: 1, h: 1 });
    expect(withinBounds({ x: 0, y: 5, w: 20, h: 40 })).toEqual({ x: 0, y: 5, w: 12, h: 12 });
  });

  it('pushes what a moved widget would cover down below it, and the rest follow without overlap', () => {
    const start = arrangement([
      [1, { x: 0, y: 0, w: 6, h: 4 }],
      [2, { x: 6, y: 0, w: 6, h: 4 }],
      [3, { x: 6, y: 4, w: 6, h: 2 }],
    ]);
    const next = place(start, 1, { x: 6, y: 0, w: 6, h: 4 });
    expect(next.get(1)).toEqual({ x: 6, y: 0, w: 6, h: 4 });
    expect(next.get(2)).toEqual({ x: 6, y: 4, w: 6, h: 4 });
    expect(next.get(3)).toEqual({ x: 6, y: 8, w: 6, h: 2 });
    expect(noOverlap(next)).toBe(true);
  });

  it('moves by keys one cell at a time and stops at the edges', () => {
    const start = arrangement([
      [1, { x: 0, y: 0, w: 4, h: 2 }],
      [2, { x: 4, y: 0, w: 4, h: 2 }],
    ]);
    expect(moveBy(start, 1, -1, -1).get(1)).toEqual({ x: 0, y: 0, w: 4, h: 2 });
    const right = moveBy(start, 1, 1, 0);
    expect(right.get(1)).toEqual({ x: 1, y: 0, w: 4, h: 2 });
    expect(right.get(2)).toEqual({ x: 4, y: 2, w: 4, h: 2 });
    expect(moveBy(start, 2, 10, 0).get(2)).toEqual({ x: 8, y: 0, w: 4, h: 2 });
  });

  it('resizes from the top-left corner within the columns left, making room below', () => {
    const start = arrangement([
      [1, { x: 8, y: 0, w: 3, h: 2 }],
      [2, { x: 8, y: 2, w: 4, h: 2 }],
    ]);
    const wider = resizeBy(start, 1, 3, 0);
    expect(wider.get(1)).toEqual({ x: 8, y: 0, w: 4, h: 2 });
    const taller = resizeBy(start, 1, 0, 1);
    expect(taller.get(1)).toEqual({ x: 8, y: 0, w: 3, h: 3 });
    expect(taller.get(2)).toEqual({ x: 8, y: 3, w: 4, h: 2 });
    expect(resizeBy(start, 1, -5, -5).get(1)).toEqual({ x: 8, y: 0, w: 1, h: 1 });
  });

  it('turns a drag in pixels into whole cells, a half cell or more counting as one', () => {
    expect(cellsOf(149, -31, 100, 60)).toEqual({ dx: 1, dy: -1 });
    expect(cellsOf(151, 29, 100, 60)).toEqual({ dx: 2, dy: 0 });
  });

  it('saves only the widgets whose box changed', () => {
    const start = arrangement([
      [1, { x: 0, y: 0, w: 6, h: 4 }],
      [2, { x: 6, y: 0, w: 6, h: 4 }],
      [3, { x: 0, y: 9, w: 6, h: 4 }],
    ]);
    expect(changed(start, place(start, 1, { x: 6, y: 0, w: 6, h: 4 }))).toEqual([
      [1, { x: 6, y: 0, w: 6, h: 4 }],
      [2, { x: 6, y: 4, w: 6, h: 4 }],
    ]);
  });

  it('stacks for a phone in reading order, row by row and left to right', () => {
    const start = arrangement([
      [7, { x: 6, y: 4, w: 6, h: 4 }],
      [3, { x: 9, y: 0, w: 3, h: 2 }],
      [5, { x: 0, y: 4, w: 6, h: 4 }],
      [9, { x: 0, y: 0, w: 3, h: 2 }],
    ]);
    expect(phoneOrder(start)).toEqual([9, 3, 5, 7]);
  });
});
