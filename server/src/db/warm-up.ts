import type { Queryable } from './database.ts';

/**
 * Loads what the first geometry statement would otherwise load while other requests wait: the
 * spatial functions and the projection from longitude/latitude to the map's Web Mercator (every
 * feature write updates an index in it). On the embedded database the first projection took
 * about a second, and the first import or edit after a start held every reader for that long.
 */
export async function warmUpGeometry(db: Queryable): Promise<void> {
  await db.query(
    `SELECT ST_AsBinary(ST_Transform(ST_SetSRID(ST_GeomFromGeoJSON('{"type":"Point","coordinates":[0,0]}'), 4326), 3857))`,
  );
}
