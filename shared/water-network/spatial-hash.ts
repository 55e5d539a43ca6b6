/**
 * A uniform grid over the plane: items go into every cell their box touches, and a query
 * returns the items of the cells a box touches (candidates, to be checked exactly). With a
 * cell about the size of the search radius a lookup touches a handful of cells.
 */
export class SpatialHash<T> {
  private readonly cells = new Map<number, T[]>();

  constructor(private readonly cellSize: number) {}

  // One number per cell (rows within ±2^21 of the origin: thousands of km even at 1 m cells).
  private key(col: number, row: number): number {
    return col * 4_194_304 + row;
  }

  private span(min: number, max: number): [number, number] {
    return [Math.floor(min / this.cellSize), Math.floor(max / this.cellSize)];
  }

  insert(item: T, minX: number, minY: number, maxX: number, maxY: number): void {
    const [c0, c1] = this.span(minX, maxX);
    const [r0, r1] = this.span(minY, maxY);
    for (let col = c0; col <= c1; col += 1)
      for (let row = r0; row <= r1; row += 1) {
        const key = this.key(col, row);
        const cell = this.cells.get(key);
        if (cell) cell.push(item);
        else this.cells.set(key, [item]);
      }
  }

  /** Items whose cells touch the square of half-size `radius` around (x, y); each item once. */
  near(x: number, y: number, radius: number): T[] {
    const [c0, c1] = this.span(x - radius, x + radius);
    const [r0, r1] = this.span(y - radius, y + radius);
    const found = new Set<T>();
    for (let col = c0; col <= c1; col += 1)
      for (let row = r0; row <= r1; row += 1)
        for (const item of this.cells.get(this.key(col, row)) ?? []) found.add(item);
    return [...found];
  }
}
