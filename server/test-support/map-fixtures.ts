import { ACCESS_CHANNEL } from '../src/access/access-cache.ts';
import type { Database, Queryable } from '../src/db/database.ts';

/**
 * Rows for tests, written straight to the database (the API under test is not used to set
 * up its own preconditions). Every field has a plausible default.
 */
let counter = 0;
const next = () => (counter += 1);

/**
 * Waits until this server's access cache has heard about a change written straight to the
 * database (a map, grant, membership or rule). On PostgreSQL the notice reaches the cache over
 * another connection, a moment after the write; a request made at once would be judged by what
 * the cache held before. Embedded, the notice arrives with the write and there is nothing to wait for.
 */
export async function accessChanged(db: Queryable): Promise<void> {
  const barrier = (db as Partial<Database>).barrier;
  if (barrier) await barrier.call(db, ACCESS_CHANNEL);
}

export interface MapFixture {
  title?: string;
  description?: string | null;
  center?: [number, number];
  zoom?: number;
  created_by?: number | null;
}

export async function insertMap(db: Queryable, fields: MapFixture = {}): Promise<{ id: number }> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO maps (title, description, center, zoom, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [
      fields.title ?? `Map ${next()}`,
      fields.description ?? null,
      JSON.stringify(fields.center ?? [-9.14, 38.72]),
      fields.zoom ?? 13,
      fields.created_by ?? null,
    ],
  );
  await accessChanged(db);
  return rows[0] as { id: number };
}

export interface LayerPropertyFixture {
  name: string;
  label?: string;
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'date' | 'enum' | 'url';
  required?: boolean;
  options?: string[] | null;
}

export interface LayerFixture {
  name?: string;
  type?: 'vector' | 'xyz' | 'wms' | 'geojson_url' | '3d_tiles';
  geometry_type?:
    'Point' | 'MultiPoint' | 'LineString' | 'MultiLineString' | 'Polygon' | 'MultiPolygon' | null;
  source?: { url: string; layers?: string | null; format?: string | null } | null;
  category_id?: number | null;
  order?: number;
  properties?: LayerPropertyFixture[];
}

export const DEFAULT_STYLE = {
  stroke_color: '#1f78b4',
  stroke_width: 2,
  fill_color: '#1f78b466',
  point_radius: 5,
  label_property: null,
};

export async function insertLayer(
  db: Queryable,
  mapId: number,
  fields: LayerFixture = {},
): Promise<{ id: number }> {
  const type = fields.type ?? 'vector';
  const properties = (fields.properties ?? []).map((property) => ({
    name: property.name,
    label: property.label ?? property.name,
    type: property.type ?? 'string',
    required: property.required ?? false,
    options: property.options ?? null,
  }));
  const rows = await db.query<{ id: number }>(
    `INSERT INTO layers (map_id, category_id, name, type, geometry_type, source, style, "order", properties)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      mapId,
      fields.category_id ?? null,
      fields.name ?? `Layer ${next()}`,
      type,
      type === 'vector' ? (fields.geometry_type ?? 'Point') : null,
      type === 'vector'
        ? null
        : JSON.stringify(fields.source ?? { url: 'https://tiles.example.com/{z}/{x}/{y}.png' }),
      JSON.stringify(DEFAULT_STYLE),
      fields.order ?? 0,
      JSON.stringify(properties),
    ],
  );
  return rows[0] as { id: number };
}

/**
 * A 50 × 40 grid of points 0.001° apart from (-9, 38), coded row-0 … row-1999: a box picks an
 * exact rectangle of them.
 */
export async function insertPointGrid(db: Queryable, layerId: number): Promise<void> {
  await db.query(
    `INSERT INTO features (layer_id, geom, properties)
     SELECT $1, ST_SetSRID(ST_MakePoint(-9 + (g % 50) * 0.001, 38 + (g / 50) * 0.001), 4326),
            jsonb_build_object('code', 'row-' || g)
     FROM generate_series(0, 1999) g`,
    [layerId],
  );
}

/** One feature; `geometry` is GeoJSON in EPSG:4326. */
export async function insertFeature(
  db: Queryable,
  layerId: number,
  geometry: object,
  properties: Record<string, unknown> = {},
  userId: number | null = null,
): Promise<{ id: number }> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO features (layer_id, geom, properties, created_by, updated_by)
     VALUES ($1, ST_SetSRID(ST_GeomFromGeoJSON($2), 4326), $3, $4, $4) RETURNING id`,
    [layerId, JSON.stringify(geometry), JSON.stringify(properties), userId],
  );
  return rows[0] as { id: number };
}

export async function insertCategory(
  db: Queryable,
  mapId: number,
  fields: { name?: string; parent_id?: number | null; order?: number } = {},
): Promise<{ id: number }> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO categories (map_id, name, parent_id, "order") VALUES ($1, $2, $3, $4) RETURNING id`,
    [mapId, fields.name ?? `Category ${next()}`, fields.parent_id ?? null, fields.order ?? 0],
  );
  return rows[0] as { id: number };
}
