import type { Queryable } from '../db/database.ts';
import { noticeCaches, NoticeEntries } from '../db/notice-caches.ts';
import { LAYER_COLUMNS, MAP_COLUMNS, type LayerRow, type MapRow } from './records.ts';

/** The channel migration 100's triggers announce every map and layer change on. */
export const MAP_CHANNEL = 'atlasboard_maps';
/** A bound on what one process holds; the oldest map goes first. */
const MAX_MAPS = 1_000;

/** A map with all of its layers, hidden (importing) ones included, in the map's order. */
export interface CachedMap {
  map: MapRow;
  /** Every layer row of the map in `"order", id`, with whether an import still hides it. */
  layers: readonly (LayerRow & { importing: boolean })[];
}

type Json<T> = Omit<T, 'created_at' | 'updated_at'> & { created_at: string; updated_at: string };

const withDates = <T extends { created_at: unknown; updated_at: unknown }>(row: T) => ({
  ...row,
  created_at: new Date(String(row.created_at)),
  updated_at: new Date(String(row.updated_at)),
});

/** The map and its layers in one statement, with the columns and shapes the routes read. */
const LOAD_SQL = `SELECT (SELECT to_jsonb(x) FROM (SELECT ${MAP_COLUMNS} FROM maps m WHERE m.id = $1) x) AS map,
  (SELECT coalesce(jsonb_agg(to_jsonb(y) ORDER BY y."order", y.id), '[]'::jsonb) FROM (
    SELECT ${LAYER_COLUMNS}, l.files_version, l.import_job_id IS NOT NULL AS importing FROM layers l WHERE l.map_id = $1) y
  ) AS layers`;

/**
 * Maps with their layers, so a request on a map's features (a page, a tile, an OGC API read)
 * finds the map, the layer and its version without asking the database. Kept only where the
 * database's notices arrive with the statement that sent them and no other instance writes (the
 * embedded database): every change to a map or layer row, a feature change's new layer version
 * included, drops the map before the writer's statement returns (migration 100). On PostgreSQL,
 * where another instance's change would be heard a moment later, nothing is kept.
 *
 * A load that started before a notice must not store what it read: its ticket is refused.
 */
export class MapCache extends NoticeEntries<number, CachedMap> {
  constructor() {
    super(MAX_MAPS);
  }

  /** A map's own change (`m:<id>`) drops that map; any other drops them all. */
  protected override forget(payload: string): void {
    if (payload.startsWith('m:')) this.entries.delete(Number(payload.slice(2)));
    else this.entries.clear();
  }
}

// A database with a barrier has other instances, whose changes arrive later than their answer.
const start = noticeCaches(MAP_CHANNEL, () => new MapCache(), { singleWriter: true });

/** Starts listening before the first request, so the cache serves from the first one. */
export async function startMapCache(db: Queryable): Promise<void> {
  await start(db)?.ready;
}

/**
 * The map with its layers, from memory where kept (see MapCache), else read in one statement;
 * null when there is no such map. `undefined` from a handle that keeps nothing (a transaction,
 * PostgreSQL): the caller then asks the database its own way.
 */
export async function cachedMap(db: Queryable, mapId: number): Promise<CachedMap | null | undefined> {
  const started = start(db);
  if (!started) return undefined;
  const { cache } = started;
  const kept = cache.get(mapId);
  if (kept) return kept;
  const ticket = cache.ticket();
  const entry = await readMapWithLayers(db, mapId);
  if (entry) cache.put(ticket, mapId, entry);
  return entry;
}

/** The map with its layers in one statement, from the database; null when there is no such map. */
async function readMapWithLayers(db: Queryable, mapId: number): Promise<CachedMap | null> {
  const [row] = await db.query<{
    map: Json<MapRow> | null;
    layers: Json<LayerRow & { importing: boolean }>[];
  }>(LOAD_SQL, [mapId]);
  if (!row?.map) return null;
  return { map: withDates(row.map), layers: row.layers.map(withDates) };
}

/**
 * The map with its layers: from memory where maps are kept, else read in one statement and not
 * kept (PostgreSQL, a transaction). Null when there is no such map.
 */
export async function mapWithLayers(db: Queryable, mapId: number): Promise<CachedMap | null> {
  const kept = await cachedMap(db, mapId);
  return kept === undefined ? readMapWithLayers(db, mapId) : kept;
}

/** Whether this handle keeps maps in memory: the embedded database, not a transaction or PostgreSQL. */
export function keepsMaps(db: Queryable): boolean {
  return start(db) !== undefined;
}
