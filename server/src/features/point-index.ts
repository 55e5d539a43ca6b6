import type { Database, Queryable } from '../db/database.ts';
import type { FeatureRow } from '../maps/records.ts';
import { PointGrid, type PointFeatures } from './point-grid.ts';

/** Point layers smaller than this are answered by the database's spatial index as before. */
export const POINT_INDEX_MIN_FEATURES = 10_000;
/** Bytes of point indexes kept per database; a million points take about 25 MB. */
const MAX_BYTES = 256 * 1024 * 1024;
/** Rows read per statement while building, so requests keep being answered between them. */
const CHUNK = 10_000;
/** A layer's version must hold this long before its index is built: edits in a row build once. */
const SETTLE_MS = 1_000;

export interface LayerVersion {
  id: number;
  geometry_type: string | null;
  features_count: number | string;
  version: number | string;
  created_at: unknown;
  /** The attribute schema: each feature's text carries every property of it (null when unset). */
  properties?: readonly { name: string }[];
  /** Moved by every change to the files of the layer's features (layer-files.ts), where read. */
  files_version?: number | string;
}

/** Every schema property as null, which a feature's own properties override (the OGC API's shape). */
export const schemaNullsOf = (layer: Pick<LayerVersion, 'properties'>): string =>
  JSON.stringify(Object.fromEntries((layer.properties ?? []).map((property) => [property.name, null])));

/** The version of a layer an index is of: a feature change moves it, a new layer reusing an id too. */
const keyOf = (layer: LayerVersion) =>
  `${String(layer.version)}:${layer.created_at instanceof Date ? layer.created_at.getTime() : String(layer.created_at)}:${schemaNullsOf(layer)}`;

interface Entry {
  key: string;
  /** When this version was first asked for (SETTLE_MS). */
  seenAt: number;
  grid?: PointGrid;
  building?: Promise<void>;
  /** The layer holds something other than points, or the build failed: the database answers. */
  unusable?: boolean;
}

interface Chunk {
  ids: number[] | null;
  xs: number[] | null;
  ys: number[] | null;
  /** Each point's geometry and stored properties, one per line, in id order. */
  geometries: string | null;
  properties: string | null;
  withSchema: (string | null)[] | null;
  /** Per point, one line: creator, last editor (empty for none), and the two times in milliseconds. */
  people: string | null;
  /** Each point's stored bytes (the answer budget's measure: withinAnswerBudget). */
  sizes: number[] | null;
  others: number;
  last: number | string | null;
  version: string | null;
}

/** One line per point: JSON text holds no raw line break. */
const lines = (text: string | null) => (text ? text.split('\n') : []);

/**
 * The points of one version of a layer, read in chunks of CHUNK ids. The layer's version is
 * read with every chunk: if it is not the one asked for, the build is of no version and is dropped.
 */
async function readPoints(db: Queryable, layer: LayerVersion): Promise<PointGrid | 'moved' | 'not points'> {
  const ids: number[] = [];
  const xs: number[] = [];
  const ys: number[] = [];
  const sizes: number[] = [];
  const geometries: string[] = [];
  const properties: string[] = [];
  const withSchema: (string | null)[] = [];
  const people: [number[], number[]] = [[], []];
  const times: [number[], number[]] = [[], []];
  let after = 0;
  for (;;) {
    const [chunk] = await db.query<Chunk>(
      `SELECT array_agg(c.id ORDER BY c.id) FILTER (WHERE c.x IS NOT NULL) AS ids,
         array_agg(c.x ORDER BY c.id) FILTER (WHERE c.x IS NOT NULL) AS xs,
         array_agg(c.y ORDER BY c.id) FILTER (WHERE c.x IS NOT NULL) AS ys,
         array_agg(c.size ORDER BY c.id) FILTER (WHERE c.x IS NOT NULL) AS sizes,
         string_agg(c.geometry, E'\n' ORDER BY c.id) FILTER (WHERE c.x IS NOT NULL) AS geometries,
         string_agg(c.properties::text, E'\n' ORDER BY c.id) FILTER (WHERE c.x IS NOT NULL) AS properties,
         array_agg(c.with_schema ORDER BY c.id)
           FILTER (WHERE c.x IS NOT NULL) AS "withSchema",
         string_agg(c.people, E'\n' ORDER BY c.id) FILTER (WHERE c.x IS NOT NULL) AS people,
         count(*) FILTER (WHERE c.other)::int AS others, max(c.id) AS last,
         (SELECT l.version::text FROM layers l WHERE l.id = $1) AS version
       FROM (
         SELECT f.id, CASE WHEN GeometryType(f.geom) = 'POINT' THEN ST_X(f.geom) END AS x,
           CASE WHEN GeometryType(f.geom) = 'POINT' THEN ST_Y(f.geom) END AS y,
           f.geom IS NOT NULL AND GeometryType(f.geom) <> 'POINT' AS other,
           pg_column_size(f.geom) + pg_column_size(f.properties) AS size,
           ST_AsGeoJSON(f.geom, 9) AS geometry, f.properties,
           -- Most rows hold every schema property: only the others need theirs added.
           CASE WHEN f.properties ?& $4::text[] THEN NULL ELSE ($3::jsonb || f.properties)::text END AS with_schema,
           -- One text rather than four arrays: a third of the time to read. Times in milliseconds,
           -- as a timestamp read into a JavaScript Date keeps it.
           coalesce(f.created_by::text, '') || ' ' || coalesce(f.updated_by::text, '') || ' '
             || floor(extract(epoch FROM f.created_at) * 1000) || ' ' || floor(extract(epoch FROM f.updated_at) * 1000) AS people
         FROM features f WHERE f.layer_id = $1 AND f.id > $2 ORDER BY f.id LIMIT ${CHUNK}
       ) c`,
      [layer.id, after, schemaNullsOf(layer), (layer.properties ?? []).map((property) => property.name)],
    );
    if (!chunk || chunk.version !== String(layer.version)) return 'moved';
    if (chunk.others > 0) return 'not points';
    const last = chunk.last;
    const count = chunk.ids?.length ?? 0;
    for (let i = 0; i < count; i += 1) {
      ids.push(Number(chunk.ids?.[i]));
      xs.push(Number(chunk.xs?.[i]));
      ys.push(Number(chunk.ys?.[i]));
      sizes.push(Number(chunk.sizes?.[i]));
      withSchema.push(chunk.withSchema?.[i] ?? null);
    }
    for (const line of lines(chunk.people)) {
      const [createdBy = '', updatedBy = '', createdAt, updatedAt] = line.split(' ');
      people[0].push(createdBy === '' ? Number.NaN : Number(createdBy));
      people[1].push(updatedBy === '' ? Number.NaN : Number(updatedBy));
      times[0].push(Number(createdAt));
      times[1].push(Number(updatedAt));
    }
    geometries.push(...lines(chunk.geometries));
    properties.push(...lines(chunk.properties));
    if ([geometries, properties, times[0]].some((list) => list.length !== ids.length)) return 'moved';
    if (last === null || last === undefined) break;
    after = Number(last);
  }
  return new PointGrid(Int32Array.from(ids), Float64Array.from(xs), Float64Array.from(ys), {
    geometries,
    properties,
    withSchema,
    createdBy: Float64Array.from(people[0]),
    updatedBy: Float64Array.from(people[1]),
    createdAt: Float64Array.from(times[0]),
    updatedAt: Float64Array.from(times[1]),
    sizes: Uint32Array.from(sizes),
  });
}

/** A point's feature as the OGC API writes it: every schema property, null where unset. */
export function ogcFeatureText(grid: PointGrid, index: number): string {
  const features = grid.features;
  const properties = features?.withSchema[index] ?? features?.properties[index] ?? '{}';
  return `{"type":"Feature","id":${grid.ids[index]},"geometry":${features?.geometries[index] ?? 'null'},"properties":${properties}}`;
}

/**
 * Point indexes of big point layers, one per layer at its current version, kept beside the
 * maps in memory (map-cache.ts) so a box or a tile of points is picked without the database's
 * spatial index. An index answers only for the version it was read at; until one is built
 * (after the version has held for SETTLE_MS, in the background, between other requests) and
 * whenever it is of an older version, callers take the database's way.
 */
export class PointIndexes {
  private readonly entries = new Map<number, Entry>();

  constructor(
    private readonly db: Queryable,
    private readonly maxBytes = MAX_BYTES,
    private readonly settleMs = SETTLE_MS,
  ) {}

  /** The index of exactly this version of the layer, or undefined (and maybe a build started). */
  get(layer: LayerVersion, now = Date.now()): PointGrid | undefined {
    if (layer.geometry_type !== 'Point' || Number(layer.features_count) < POINT_INDEX_MIN_FEATURES)
      return undefined;
    const key = keyOf(layer);
    let entry = this.entries.get(layer.id);
    if (!entry || entry.key !== key) {
      entry = { key, seenAt: now };
      this.entries.set(layer.id, entry);
    }
    if (entry.grid) {
      // Most recently used last, so the bound drops the least recently used first.
      this.entries.delete(layer.id);
      this.entries.set(layer.id, entry);
      return entry.grid;
    }
    if (!entry.building && !entry.unusable && now - entry.seenAt >= this.settleMs) this.build(layer, entry);
    return undefined;
  }

  /**
   * Starts reading the index of this version of the layer now, without waiting for its version
   * to hold (a server's start, the end of an import), unless it has one or it is under way.
   */
  prepare(layer: LayerVersion): void {
    if (layer.geometry_type !== 'Point' || Number(layer.features_count) < POINT_INDEX_MIN_FEATURES) return;
    const key = keyOf(layer);
    let entry = this.entries.get(layer.id);
    if (!entry || entry.key !== key) {
      entry = { key, seenAt: Number.NEGATIVE_INFINITY };
      this.entries.set(layer.id, entry);
    }
    if (!entry.grid && !entry.building && !entry.unusable) this.build(layer, entry);
  }

  /** Resolves once any build under way has ended (tests, and a bench's warm-up). */
  async settled(): Promise<void> {
    await Promise.all([...this.entries.values()].map((entry) => entry.building));
  }

  private build(layer: LayerVersion, entry: Entry): void {
    entry.building = readPoints(this.db, layer)
      .then((grid) => {
        if (grid === 'not points') entry.unusable = true;
        else if (grid !== 'moved') {
          entry.grid = grid;
          this.bound();
        }
      })
      .catch(() => {
        entry.unusable = true;
      })
      .finally(() => {
        entry.building = undefined;
      });
  }

  /**
   * Drops the least recently used indexes until all fit the bound. One too big to fit alone is
   * not read again for its version (the entry stays, marked unusable): the database answers it.
   */
  private bound(): void {
    let bytes = 0;
    for (const entry of this.entries.values()) bytes += entry.grid?.bytes ?? 0;
    for (const [id, entry] of this.entries) {
      if (bytes <= this.maxBytes) break;
      if (!entry.grid) continue;
      bytes -= entry.grid.bytes;
      if (entry.grid.bytes > this.maxBytes) {
        entry.grid = undefined;
        entry.unusable = true;
      } else this.entries.delete(id);
    }
  }
}

const registries = new WeakMap<Queryable, PointIndexes>();

/**
 * The point indexes of this database handle (not of a transaction's). On either database an
 * index answers only for the layer version its caller read: on the embedded one from the maps
 * kept in memory, which every change updates before it returns; on PostgreSQL from the
 * request's own statement for the map and its layers, where a change made by another instance
 * or beside the servers (psql, QGIS on the tables) has already moved the version, since the
 * features' triggers move it.
 */
export function pointIndexes(db: Queryable): PointIndexes | undefined {
  if (typeof (db as Partial<Database>).transaction !== 'function') return undefined;
  let indexes = registries.get(db);
  if (!indexes) {
    indexes = new PointIndexes(db);
    registries.set(db, indexes);
  }
  return indexes;
}

/**
 * A condition over `features ft` that holds only while the layer is still at the version an
 * index was read at, so a statement that picked its rows by the index answers nothing (and the
 * caller goes the database's way) if a change landed in between.
 */
export function sameVersionSql(layer: LayerVersion, bind: (value: unknown) => string): string {
  return `EXISTS (SELECT 1 FROM layers lv WHERE lv.id = ${bind(layer.id)}::int AND lv.version = ${bind(String(layer.version))}::bigint)`;
}

/**
 * A box whose cells hold more points than this goes the database's way: its index reads a
 * page of a large box in id order and stops, where ids from here would all be sent along.
 */
export const INDEXED_BOX_MAX = 20_000;

/** Points of a layer inside a box, as indexes into its point index with what it keeps of each. */
export type PointsInBox = { grid: PointGrid & { features: PointFeatures }; indexes: Int32Array };

/**
 * The layer's points inside the box (boundary included) in id order; undefined when the layer
 * has no index of its current version or the box is too big.
 */
export function pointsInBox(
  db: Queryable,
  layer: LayerVersion,
  [minX, minY, maxX, maxY]: readonly [number, number, number, number],
): PointsInBox | undefined {
  const grid = pointIndexes(db)?.get(layer);
  const indexes = grid?.search(minX, minY, maxX, maxY, INDEXED_BOX_MAX);
  if (!grid?.features || !indexes) return undefined;
  return { grid: grid as PointGrid & { features: PointFeatures }, indexes };
}

const person = (value: number) => (Number.isNaN(value) ? null : value);

/** A point's feature row as the database wrote it for the index's version (its geometry and properties parsed). */
export function indexedFeatureRow(
  grid: PointGrid & { features: PointFeatures },
  index: number,
  layerId: number,
): FeatureRow {
  const { features } = grid;
  return {
    id: grid.ids[index] as number,
    layer_id: layerId,
    geometry: JSON.parse(features.geometries[index] ?? 'null') as FeatureRow['geometry'],
    properties: JSON.parse(features.properties[index] ?? '{}') as FeatureRow['properties'],
    created_by: person(features.createdBy[index] as number),
    updated_by: person(features.updatedBy[index] as number),
    created_at: new Date(features.createdAt[index] as number),
    updated_at: new Date(features.updatedAt[index] as number),
  };
}

/**
 * At a server's start: the indexes of the biggest point layers are read one after the other in
 * the background (within the bound), so the first map opened on one finds it rather than the
 * database's way while it is read.
 */
export async function warmPointIndexes(db: Queryable): Promise<void> {
  const indexes = pointIndexes(db);
  if (!indexes) return;
  const layers = await db.query<LayerVersion>(
    `SELECT id, geometry_type, features_count, version, created_at, properties FROM layers
     WHERE geometry_type = 'Point' AND features_count >= $1 AND import_job_id IS NULL
     ORDER BY features_count DESC, id LIMIT 20`,
    [POINT_INDEX_MIN_FEATURES],
  );
  for (const layer of layers) {
    indexes.prepare(layer);
    await indexes.settled();
  }
}
