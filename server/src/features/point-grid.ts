/**
 * What is kept of each point's feature, by index, as the database wrote it for one version, so
 * a box or a tile is answered without reading the rows again.
 */
export interface PointFeatures {
  /** The point as GeoJSON text (ST_AsGeoJSON, 9 decimals). */
  geometries: readonly string[];
  /** The stored properties as text. */
  properties: readonly string[];
  /** The properties with every schema property missing from them as null (the OGC API's shape), where that differs. */
  withSchema: readonly (string | null)[];
  /** Who created and last changed it (NaN: nobody), and when (milliseconds). */
  createdBy: Float64Array;
  updatedBy: Float64Array;
  createdAt: Float64Array;
  updatedAt: Float64Array;
  /** Stored bytes (the answer budget's measure: withinAnswerBudget). */
  sizes: Uint32Array;
}

/**
 * The points of one layer in a uniform grid of typed arrays: about eight points a cell, the
 * points of each cell in id order. Built in two passes over the points (a counting sort by
 * cell), so a million points take a few tens of milliseconds and about 25 bytes each.
 * A box asks only the cells it touches and tests each of their points exactly, with the
 * boundary included, as PostGIS's `ST_Intersects` does for a point and an envelope.
 */
export class PointGrid {
  private readonly cols: number;
  private readonly rows: number;
  private readonly minX: number;
  private readonly minY: number;
  private readonly cellW: number;
  private readonly cellH: number;
  /** Point indexes ordered by cell, and in each cell by index (id order). */
  private readonly order: Int32Array;
  /** Where each cell's points start in `order`; one more entry than cells. */
  private readonly starts: Int32Array;

  /**
   * `ids` ascending; `xs` and `ys` the points' longitudes and latitudes in the same order;
   * `features` what a caller answers for each point without asking again (point-index.ts).
   */
  constructor(
    readonly ids: Int32Array,
    readonly xs: Float64Array,
    readonly ys: Float64Array,
    readonly features?: PointFeatures,
  ) {
    const n = ids.length;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let i = 0; i < n; i += 1) {
      const x = xs[i] as number;
      const y = ys[i] as number;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
    if (n === 0) minX = minY = maxX = maxY = 0;
    const width = Math.max(maxX - minX, 1e-9);
    const height = Math.max(maxY - minY, 1e-9);
    const cells = Math.max(1, Math.ceil(n / 8));
    this.cols = Math.max(1, Math.min(4096, Math.round(Math.sqrt((cells * width) / height))));
    this.rows = Math.max(1, Math.min(4096, Math.ceil(cells / this.cols)));
    this.minX = minX;
    this.minY = minY;
    this.cellW = width / this.cols;
    this.cellH = height / this.rows;
    const cellOf = new Int32Array(n);
    const starts = new Int32Array(this.cols * this.rows + 1);
    for (let i = 0; i < n; i += 1) {
      const cell = this.row(ys[i] as number) * this.cols + this.col(xs[i] as number);
      cellOf[i] = cell;
      starts[cell + 1] = (starts[cell + 1] as number) + 1;
    }
    for (let c = 1; c < starts.length; c += 1) starts[c] = (starts[c] as number) + (starts[c - 1] as number);
    const next = starts.slice(0, -1);
    const order = new Int32Array(n);
    for (let i = 0; i < n; i += 1) {
      const cell = cellOf[i] as number;
      order[next[cell] as number] = i;
      next[cell] = (next[cell] as number) + 1;
    }
    this.order = order;
    this.starts = starts;
  }

  get size(): number {
    return this.ids.length;
  }

  private held: number | undefined;

  /** Bytes held (the texts counted at one byte a character and a string's header), for the cache's bound. */
  get bytes(): number {
    if (this.held === undefined) {
      const { features } = this;
      let texts = 0;
      for (const list of [features?.geometries, features?.properties, features?.withSchema])
        for (const text of list ?? []) texts += 16 + (text?.length ?? 0);
      const arrays = [
        this.ids,
        this.xs,
        this.ys,
        this.order,
        this.starts,
        features?.createdBy,
        features?.updatedBy,
        features?.createdAt,
        features?.updatedAt,
        features?.sizes,
      ];
      this.held = texts + arrays.reduce((sum, array) => sum + (array?.byteLength ?? 0), 0);
    }
    return this.held;
  }

  private col(x: number): number {
    return Math.min(this.cols - 1, Math.max(0, Math.floor((x - this.minX) / this.cellW)));
  }

  private row(y: number): number {
    return Math.min(this.rows - 1, Math.max(0, Math.floor((y - this.minY) / this.cellH)));
  }

  /** How many points the cells a box touches hold: what a search of it looks at, at most. */
  touched(minX: number, minY: number, maxX: number, maxY: number): number {
    if (this.size === 0 || maxX < minX || maxY < minY) return 0;
    const c0 = this.col(minX);
    const c1 = this.col(maxX);
    let touched = 0;
    for (let r = this.row(minY); r <= this.row(maxY); r += 1)
      touched +=
        (this.starts[r * this.cols + c1 + 1] as number) - (this.starts[r * this.cols + c0] as number);
    return touched;
  }

  /**
   * The indexes of the points inside the box (boundary included), ascending (so in id order);
   * `undefined` when the cells it touches hold more than `cap` points, so a box over most of
   * a large layer is left to the database rather than sorted here.
   */
  search(minX: number, minY: number, maxX: number, maxY: number, cap: number): Int32Array | undefined {
    if (this.size === 0 || maxX < minX || maxY < minY) return new Int32Array(0);
    const c0 = this.col(minX);
    const c1 = this.col(maxX);
    const r0 = this.row(minY);
    const r1 = this.row(maxY);
    const touched = this.touched(minX, minY, maxX, maxY);
    if (touched > cap) return undefined;
    const found = new Int32Array(touched);
    let count = 0;
    for (let r = r0; r <= r1; r += 1) {
      const end = this.starts[r * this.cols + c1 + 1] as number;
      for (let k = this.starts[r * this.cols + c0] as number; k < end; k += 1) {
        const i = this.order[k] as number;
        const x = this.xs[i] as number;
        const y = this.ys[i] as number;
        if (x >= minX && x <= maxX && y >= minY && y <= maxY) found[count++] = i;
      }
    }
    return found.subarray(0, count).sort();
  }
}
