import type { WidgetLayout } from '@generated/model';

/** The full-window dashboard's grid: 12 columns, rows as many as needed (the server's bounds). */
export const GRID_COLUMNS = 12;
export const MAX_ROW = 1000;
export const MAX_HEIGHT = 12;

export type Box = WidgetLayout;
/** Each widget's box by its id. */
export type Arrangement = ReadonlyMap<number, Box>;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, Math.round(value)));

/** The nearest box the grid accepts: at least 1×1, within the 12 columns, not above the first row. */
export function withinBounds(box: Box): Box {
  const w = clamp(box.w, 1, GRID_COLUMNS);
  const h = clamp(box.h, 1, MAX_HEIGHT);
  return { x: clamp(box.x, 0, GRID_COLUMNS - w), y: clamp(box.y, 0, MAX_ROW), w, h };
}

export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/**
 * Puts widget `id` at `box` (kept within bounds) and pushes every widget it would cover down,
 * each below what it collides with, in reading order, so no two overlap and the rest keep their
 * columns and their order.
 */
export function place(arrangement: Arrangement, id: number, box: Box): Map<number, Box> {
  const settled: [number, Box][] = [[id, withinBounds(box)]];
  const others = [...arrangement.entries()]
    .filter(([other]) => other !== id)
    .sort(([ia, a], [ib, b]) => a.y - b.y || a.x - b.x || ia - ib);
  for (const [other, start] of others) {
    let next = { ...start };
    for (;;) {
      const hit = settled.find(([, placed]) => overlaps(placed, next));
      if (!hit) break;
      next = { ...next, y: hit[1].y + hit[1].h };
    }
    settled.push([other, next]);
  }
  return new Map([...arrangement.keys()].map((key) => [key, settled.find(([at]) => at === key)?.[1] ?? box]));
}

/** A widget moved by whole cells (arrow keys and buttons), the others making room. */
export function moveBy(arrangement: Arrangement, id: number, dx: number, dy: number): Map<number, Box> {
  const box = arrangement.get(id);
  if (!box) return new Map(arrangement);
  return place(arrangement, id, { ...box, x: box.x + dx, y: box.y + dy });
}

/** A widget grown or shrunk by whole cells from its top-left corner, the others making room. */
export function resizeBy(arrangement: Arrangement, id: number, dw: number, dh: number): Map<number, Box> {
  const box = arrangement.get(id);
  if (!box) return new Map(arrangement);
  const w = clamp(box.w + dw, 1, GRID_COLUMNS - box.x);
  return place(arrangement, id, { ...box, w, h: box.h + dh });
}

/** A pointer's travel in pixels as whole cells of the grid (a half cell or more counts as one). */
export function cellsOf(dxPixels: number, dyPixels: number, cellWidth: number, rowHeight: number) {
  return {
    dx: cellWidth > 0 ? Math.round(dxPixels / cellWidth) : 0,
    dy: rowHeight > 0 ? Math.round(dyPixels / rowHeight) : 0,
  };
}

/** The widgets whose box differs between two arrangements: what must be saved. */
export function changed(before: Arrangement, after: Arrangement): [number, Box][] {
  return [...after.entries()].filter(([id, box]) => {
    const old = before.get(id);
    return !old || old.x !== box.x || old.y !== box.y || old.w !== box.w || old.h !== box.h;
  });
}

/** On a phone the widgets stack in one column in the grid's reading order: row by row, left to right. */
export function phoneOrder(arrangement: Arrangement): number[] {
  return [...arrangement.entries()]
    .sort(([ia, a], [ib, b]) => a.y - b.y || a.x - b.x || ia - ib)
    .map(([id]) => id);
}
