import type { Queryable } from '../db/database.ts';

/** A feature with the map its layer is on; undefined when there is no such feature. */
export async function featureLocation(
  db: Queryable,
  id: number | undefined,
): Promise<{ id: number; layer_id: number; map_id: number } | undefined> {
  const [feature] = await db.query<{ id: number; layer_id: number; map_id: number }>(
    'SELECT ft.id, ft.layer_id, l.map_id FROM features ft JOIN layers l ON l.id = ft.layer_id WHERE ft.id = $1',
    [id],
  );
  return feature;
}

/** Which of `ids` are features of the layer. */
export async function featureIdsOfLayerAmong(db: Queryable, ids: readonly number[], layerId: number | null) {
  const rows = await db.query<{ id: number }>(
    'SELECT id FROM features WHERE id = ANY($1::int[]) AND layer_id = $2',
    [ids, layerId],
  );
  return new Set(rows.map((row) => row.id));
}

/** The features of the layers whose `property` holds JSON false. */
export async function featureIdsWithFalse(db: Queryable, layerIds: readonly number[], property: string) {
  const rows = await db.query<{ id: number }>(
    `SELECT id FROM features WHERE layer_id = ANY($1::int[]) AND properties -> $2 = 'false'::jsonb`,
    [layerIds, property],
  );
  return new Set(rows.map((row) => row.id));
}
