import type { Queryable } from '../db/database.ts';
import { FILE_COLUMNS, toFeatureFile, type FeatureFileRow } from '../feature-files/file-records.ts';
import { FEATURE_COLUMNS, toFeature, type FeatureBody, type FeatureRow } from '../maps/records.ts';

/** Wire features with their attachments, in the order of `rows` (one query for all files). */
export async function withFiles(db: Queryable, rows: readonly FeatureRow[]): Promise<FeatureBody[]> {
  if (rows.length === 0) return [];
  const files = await db.query<FeatureFileRow>(
    `SELECT ${FILE_COLUMNS} FROM feature_files ff WHERE ff.feature_id = ANY($1::int[]) ORDER BY ff.id`,
    [rows.map((row) => row.id)],
  );
  const byFeature = new Map<number, FeatureFileRow[]>();
  for (const file of files) byFeature.set(file.feature_id, [...(byFeature.get(file.feature_id) ?? []), file]);
  return rows.map((row) => ({ ...toFeature(row), files: (byFeature.get(row.id) ?? []).map(toFeatureFile) }));
}

/** Features by id, in id order, limited to the map's layers (others are simply not found). */
export async function featuresOfMap(
  db: Queryable,
  mapId: number,
  ids: readonly number[],
): Promise<FeatureRow[]> {
  if (ids.length === 0) return [];
  return db.query<FeatureRow>(
    `SELECT ${FEATURE_COLUMNS} FROM features ft JOIN layers l ON l.id = ft.layer_id
     WHERE ft.id = ANY($1::int[]) AND l.map_id = $2 ORDER BY ft.id`,
    [ids, mapId],
  );
}

/** The feature named in the path if it lies on one of the map's layers; undefined otherwise. */
export async function featureOfMap(
  db: Queryable,
  mapId: number,
  id: number,
): Promise<FeatureRow | undefined> {
  return (await featuresOfMap(db, mapId, [id]))[0];
}

/** `%`, `_` and `\` match themselves in the ILIKE patterns built from user text. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
