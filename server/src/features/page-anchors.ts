import type { Queryable } from '../db/database.ts';

/** Every this many rows of a layer (in id order) one id is remembered. */
export const ANCHOR_EVERY = 1000;
/** Layers whose anchors are kept per database; each costs 8 bytes per thousand features. */
const LAYERS_KEPT = 64;

const anchorsByDb = new WeakMap<object, Map<string, Promise<number[]>>>();
/** The same anchors once read, for callers that cannot wait (one-statement pages). */
const readAnchorsByDb = new WeakMap<object, Map<string, number[]>>();

/**
 * The ids at row 0, 1000, 2000, … of a layer, read once per layer version by one pass over
 * the (layer_id, id) index. A page number typed with no cursor then starts from the nearest
 * anchor and skips fewer than a thousand rows, where OFFSET 900,000 reads 900,000 rows.
 */
function anchorsOf(db: Queryable, layerId: number, versionKey: string): Promise<number[]> {
  let cache = anchorsByDb.get(db);
  if (!cache) {
    cache = new Map();
    anchorsByDb.set(db, cache);
  }
  const key = `${layerId}:${versionKey}`;
  const known = cache.get(key);
  if (known) return known;
  const reading = db
    .query<{ id: number }>(
      `SELECT id FROM (
         SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM features WHERE layer_id = $1
       ) numbered WHERE n % ${ANCHOR_EVERY} = 0 ORDER BY id`,
      [layerId],
    )
    .then((rows) => {
      const ids = rows.map((row) => Number(row.id));
      const read = readAnchorsByDb.get(db) ?? new Map<string, number[]>();
      readAnchorsByDb.set(db, read);
      read.set(key, ids);
      if (read.size > LAYERS_KEPT) read.delete(read.keys().next().value ?? key);
      return ids;
    });
  // A failed read is not remembered; the next request tries again.
  reading.catch(() => cache.delete(key));
  cache.set(key, reading);
  if (cache.size > LAYERS_KEPT) cache.delete(cache.keys().next().value ?? key);
  return reading;
}

/**
 * Where a page at `offset` starts: the first id to read from and how many rows to skip
 * after it. Undefined when the offset is small enough for OFFSET alone, or past the anchors.
 */
export async function pageStart(
  db: Queryable,
  layerId: number,
  versionKey: string,
  offset: number,
): Promise<{ fromId: number; skip: number } | undefined> {
  if (offset < ANCHOR_EVERY) return undefined;
  return startAmong(await anchorsOf(db, layerId, versionKey), offset);
}

function startAmong(anchors: readonly number[], offset: number) {
  const index = Math.floor(offset / ANCHOR_EVERY);
  const fromId = anchors[index];
  return fromId === undefined ? undefined : { fromId, skip: offset - index * ANCHOR_EVERY };
}

/**
 * `pageStart` from what is already in memory: null when the anchors of that version have not
 * been read yet (the caller then takes the path that reads them).
 */
export function knownPageStart(
  db: Queryable,
  layerId: number,
  versionKey: string,
  offset: number,
): { fromId: number; skip: number } | undefined | null {
  if (offset < ANCHOR_EVERY) return undefined;
  const anchors = readAnchorsByDb.get(db)?.get(`${layerId}:${versionKey}`);
  return anchors ? startAmong(anchors, offset) : null;
}
