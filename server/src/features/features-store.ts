import type { Queryable } from '../db/database.ts';
import { FEATURE_COLUMNS, type FeatureRow } from '../maps/records.ts';

/**
 * What a new feature is written with, each as an SQL expression (a parameter, a column of the
 * rows it is made from…): its layer, its geometry in EPSG:4326, its properties (jsonb) and who
 * writes it (its creator and last editor). `id` only when it takes back an id it had (a restore);
 * the rest of the row (id, version, timestamps) takes the column defaults.
 */
export interface NewFeatureSql {
  id?: string;
  layer: string;
  geom: string;
  properties: string;
  user: string;
  /** Its search text, only where the row triggers are off (an import's batches); else the trigger's. */
  searchText?: string;
}

/**
 * Every `INSERT INTO features` of the server: one row of VALUES, or, given `from` (a FROM
 * clause's text with any WHERE and ORDER BY), one row for each of its rows.
 */
export function insertFeaturesSql(values: NewFeatureSql, from?: string, returning?: string): string {
  const written: [string, string][] = [
    ...(values.id === undefined ? [] : [['id', values.id] as [string, string]]),
    ['layer_id', values.layer],
    ['geom', values.geom],
    ['properties', values.properties],
    ['created_by', values.user],
    ['updated_by', values.user],
    ...(values.searchText === undefined ? [] : [['search_text', values.searchText] as [string, string]]),
  ];
  const columns = written.map(([column]) => column).join(', ');
  const expressions = written.map(([, expression]) => expression).join(', ');
  const rows = from === undefined ? `VALUES (${expressions})` : `SELECT ${expressions} FROM ${from}`;
  return `INSERT INTO features (${columns}) ${rows}${returning === undefined ? '' : ` RETURNING ${returning}`}`;
}

/** One new feature from its GeoJSON geometry (EPSG:4326); undefined only if the database wrote nothing. */
export async function insertFeature(
  db: Queryable,
  feature: {
    id?: number;
    layerId: number;
    geometryJson: string | null;
    properties: unknown;
    userId: number | null;
  },
): Promise<FeatureRow | undefined> {
  const params: unknown[] = [];
  const add = (value: unknown) => `$${params.push(value)}`;
  const id = feature.id === undefined ? undefined : add(feature.id);
  const values: NewFeatureSql = {
    layer: add(feature.layerId),
    geom: `ST_SetSRID(ST_GeomFromGeoJSON(${add(feature.geometryJson)}::text), 4326)`,
    properties: add(JSON.stringify(feature.properties)),
    user: add(feature.userId),
  };
  const [row] = await db.query<FeatureRow>(
    `WITH ft AS (${insertFeaturesSql(id === undefined ? values : { ...values, id }, undefined, '*')})
     SELECT ${FEATURE_COLUMNS} FROM ft`,
    params,
  );
  return row;
}

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
