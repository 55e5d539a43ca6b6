import type { Database, Queryable } from '../db/database.ts';
import type { BodyOf } from '../openapi/typed-handlers.ts';
import { MAP_COLUMNS, type MapRow } from './records.ts';
import { storedFilesOfLayers, type StoredFileRef } from './stored-files.ts';

type MapCreate = BodyOf<'createMap'>;
type MapUpdate = BodyOf<'updateMap'>;

async function mapRow(db: Queryable, id: number): Promise<MapRow> {
  const rows = await db.query<MapRow>(`SELECT ${MAP_COLUMNS} FROM maps m WHERE m.id = $1`, [id]);
  const row = rows[0];
  if (!row) throw new Error(`map ${id} vanished`);
  return row;
}

/**
 * A new map starts private, with its maker as its manager (docs/decisions.md#access-per-map):
 * the maker shares it through the map's access (visibility, grants, share links).
 * Omitted fields take the document's defaults (the column defaults of migration 002).
 * Every parameter is cast: in `COALESCE($4, 2)` PostgreSQL would type $4 from the integer
 * literal and refuse a pinch-picked zoom of 7.5.
 */
export async function insertMap(db: Queryable, body: MapCreate, createdBy: number): Promise<MapRow> {
  const rows = await db.query<{ id: number }>(
    `WITH made AS (
       INSERT INTO maps (title, description, center, zoom, rotation, basemap, created_by, visibility)
       VALUES ($1::text, $2::text, COALESCE($3::jsonb, '[0, 0]'), COALESCE($4::float8, 2), COALESCE($5::float8, 0),
         COALESCE($6::text, 'offline'), $7::int, 'private')
       RETURNING id),
     granted AS (INSERT INTO map_grants (map_id, user_id, role) SELECT id, $7::int, 'manager' FROM made)
     SELECT id FROM made`,
    [
      body.title,
      body.description ?? null,
      body.center ? JSON.stringify(body.center) : null,
      body.zoom ?? null,
      body.rotation ?? null,
      body.basemap ?? null,
      createdBy,
    ],
  );
  return mapRow(db, (rows[0] as { id: number }).id);
}

/** Only the fields sent change; `description: null` clears the description. */
export async function updateMap(db: Queryable, id: number, body: MapUpdate): Promise<MapRow> {
  const sets: string[] = [];
  const values: unknown[] = [id];
  const set = (column: string, value: unknown) => {
    values.push(value);
    sets.push(`${column} = $${values.length}`);
  };
  if (body.title !== undefined) set('title', body.title);
  if (body.description !== undefined) set('description', body.description);
  if (body.center !== undefined) set('center', JSON.stringify(body.center));
  if (body.zoom !== undefined) set('zoom', body.zoom);
  if (body.rotation !== undefined) set('rotation', body.rotation);
  if (body.basemap !== undefined) set('basemap', body.basemap);
  await db.query(`UPDATE maps SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $1`, values);
  return mapRow(db, id);
}

/**
 * Deletes the map; the database cascades to its layers, features, files rows and map parts.
 * Returns the storage keys of the attachment files, to unlink once the transaction has committed.
 */
export async function deleteMap(db: Database, id: number): Promise<StoredFileRef[]> {
  return db.transaction(async (tx) => {
    const keys = await storedFilesOfLayers(tx, 'map', id);
    await tx.query('DELETE FROM maps WHERE id = $1', [id]);
    return keys;
  });
}
