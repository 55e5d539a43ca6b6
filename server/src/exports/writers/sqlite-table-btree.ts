import { putVarint, varintLength } from './sqlite-record.ts';

/** Where finished pages go, in page-number order. */
export interface PageSink {
  write(page: Uint8Array): Promise<void>;
}

/** A child page and the largest rowid under it: one cell of an interior page. */
interface ChildEntry {
  page: number;
  key: number;
}

const LEAF = 0x0d;
const INTERIOR = 0x05;

/**
 * A table b-tree (https://www.sqlite.org/fileformat2.html §1.6) built bottom-up from rows
 * given in ascending rowid order. Each page is written as soon as it is full, numbered from
 * `firstPage` in the order written; only one open page per level is kept, so memory is
 * O(depth × page size) however many rows go in. `finish()` returns the root page, which the
 * caller places at the table's root page number (a page outside the numbered run).
 */
export function tableBTree(sink: PageSink, pageSize: number, firstPage: number) {
  const usable = pageSize;
  // Local payload thresholds for table leaves (§1.6: X, M).
  const maxLocal = usable - 35;
  const minLocal = Math.floor(((usable - 12) * 32) / 255) - 23;
  let nextPage = firstPage;
  let leafCells: Uint8Array[] = [];
  let leafBytes = 0;
  let lastRowid = 0;
  let rows = 0;
  // levels[0] is the interior level just above the leaves.
  const levels: ChildEntry[][] = [];

  async function writePage(page: Uint8Array): Promise<number> {
    const number = nextPage;
    nextPage += 1;
    await sink.write(page);
    return number;
  }

  /** The payload's local part in the cell, the rest in a chain of overflow pages. */
  async function leafCell(rowid: number, payload: Uint8Array): Promise<Uint8Array> {
    const size = payload.length;
    let local = size;
    if (size > maxLocal) {
      const k = minLocal + ((size - minLocal) % (usable - 4));
      local = k <= maxLocal ? k : minLocal;
    }
    const overflows = local < size;
    const cell = new Uint8Array(varintLength(size) + varintLength(rowid) + local + (overflows ? 4 : 0));
    let offset = putVarint(cell, 0, size);
    offset = putVarint(cell, offset, rowid);
    cell.set(payload.subarray(0, local), offset);
    if (overflows) {
      // The chain takes the next page numbers, one after another, before the leaf is written.
      new DataView(cell.buffer).setUint32(offset + local, nextPage);
      for (let start = local; start < size; start += usable - 4) {
        const page = new Uint8Array(usable);
        const end = Math.min(size, start + usable - 4);
        new DataView(page.buffer).setUint32(0, end < size ? nextPage + 1 : 0);
        page.set(payload.subarray(start, end), 4);
        await writePage(page);
      }
    }
    return cell;
  }

  /** Cells packed at the end of the page, pointers (in key order) after the header. */
  function btreePage(kind: number, cells: Uint8Array[], rightChild?: number): Uint8Array {
    const page = new Uint8Array(pageSize);
    const view = new DataView(page.buffer);
    const headerSize = kind === LEAF ? 8 : 12;
    let content = usable;
    cells.forEach((cell, index) => {
      content -= cell.length;
      page.set(cell, content);
      view.setUint16(headerSize + index * 2, content);
    });
    page[0] = kind;
    view.setUint16(3, cells.length);
    view.setUint16(5, content === 65536 ? 0 : content);
    if (rightChild !== undefined) view.setUint32(8, rightChild);
    return page;
  }

  function interiorCell(entry: ChildEntry): Uint8Array {
    const cell = new Uint8Array(4 + varintLength(entry.key));
    new DataView(cell.buffer).setUint32(0, entry.page);
    putVarint(cell, 4, entry.key);
    return cell;
  }

  /** An interior page: every entry but the last is a cell, the last is the right child. */
  function interiorPage(entries: ChildEntry[]): Uint8Array {
    const last = entries[entries.length - 1];
    if (!last || entries.length < 2) throw new Error('an interior page needs at least one cell');
    return btreePage(INTERIOR, entries.slice(0, -1).map(interiorCell), last.page);
  }

  const interiorBytes = (entries: ChildEntry[]) =>
    12 + entries.reduce((sum, entry) => sum + 2 + 4 + varintLength(entry.key), 0);

  async function addChild(level: number, entry: ChildEntry): Promise<void> {
    const entries = (levels[level] ??= []);
    // With `entry` as the right child, the current entries would all be cells.
    if (interiorBytes(entries) <= usable) {
      entries.push(entry);
      return;
    }
    // Full: write all but the last entry and keep it beside the new one, so every page this
    // level writes later (finish included) has two entries, i.e. at least one cell.
    const kept = entries.splice(entries.length - 1, 1);
    const page = await writePage(interiorPage(entries));
    const key = entries[entries.length - 1]?.key ?? 0;
    levels[level] = [...kept, entry];
    await addChild(level + 1, { page, key });
  }

  async function flushLeaf(): Promise<void> {
    const page = await writePage(btreePage(LEAF, leafCells));
    leafCells = [];
    leafBytes = 0;
    await addChild(0, { page, key: lastRowid });
  }

  return {
    async add(rowid: number, payload: Uint8Array): Promise<void> {
      if (rows > 0 && rowid <= lastRowid) throw new Error(`rowid ${rowid} after ${lastRowid}`);
      const cell = await leafCell(rowid, payload);
      if (8 + (leafCells.length + 1) * 2 + leafBytes + cell.length > usable) await flushLeaf();
      leafCells.push(cell);
      leafBytes += cell.length;
      lastRowid = rowid;
      rows += 1;
    },
    /** Writes the open pages below the root and returns the root page. */
    async finish(): Promise<Uint8Array> {
      if (levels.length === 0) return btreePage(LEAF, leafCells);
      // After the first flush a leaf always holds the cell that did not fit, so it is not empty.
      await flushLeaf();
      for (let level = 0; level < levels.length - 1; level += 1) {
        const page = await writePage(interiorPage(levels[level] ?? []));
        const key = levels[level]?.at(-1)?.key ?? 0;
        levels[level] = [];
        await addChild(level + 1, { page, key });
      }
      return interiorPage(levels[levels.length - 1] ?? []);
    },
    /** Pages written so far (the run starts at `firstPage`). */
    get pagesWritten() {
      return nextPage - firstPage;
    },
  };
}
