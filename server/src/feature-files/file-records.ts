import type { components } from '@generated/openapi-types.ts';
import type { Queryable } from '../db/database.ts';

export type FeatureFileBody = components['schemas']['FeatureFile'];

export const FILE_COLUMNS = `ff.id, ff.feature_id, ff.name, ff.mime_type, ff.size, ff.storage_type,
  ff.storage_key, ff.created_at`;

export interface FeatureFileRow {
  id: number;
  feature_id: number;
  name: string;
  mime_type: string;
  size: number;
  storage_type: FeatureFileBody['storage_type'];
  storage_key: string;
  created_at: Date;
}

/** The storage key stays on the server: callers download through the file's `url`. */
export function toFeatureFile(row: FeatureFileRow): FeatureFileBody {
  return {
    id: row.id,
    feature_id: row.feature_id,
    name: row.name,
    mime_type: row.mime_type,
    size: row.size,
    storage_type: row.storage_type,
    url: `/api/feature-layer/files/${row.id}`,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** A file with the layer and map of its feature, which decide who may read and change it. */
export type LocatedFile = FeatureFileRow & { layer_id: number; map_id: number };

export async function locatedFile(db: Queryable, fileId: number): Promise<LocatedFile | undefined> {
  const [file] = await db.query<LocatedFile>(
    `SELECT ${FILE_COLUMNS}, ft.layer_id, l.map_id FROM feature_files ff
     JOIN features ft ON ft.id = ff.feature_id JOIN layers l ON l.id = ft.layer_id WHERE ff.id = $1`,
    [fileId],
  );
  return file;
}
