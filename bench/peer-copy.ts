import pg from 'pg';
import type { Target } from './api-phases.ts';
import type { Session } from './session.ts';

/** The table the embedded run's points are copied into, shaped like our `features`. */
export const PEER_COPY_TABLE = 'bench_peer_features';

interface ItemsPage {
  features: { id: number; geometry: unknown; properties: Record<string, unknown> }[];
  links: { rel: string; href: string }[];
}

/**
 * MapServer cannot read the embedded database, so an embedded run copies the layer, as our
 * OGC API serves it (same ids, geometries and properties), into a PostgreSQL table with our
 * table's columns and indexes. MapServer then serves the same points from PostgreSQL.
 */
export async function copyLayerToPostgres(
  session: Session,
  target: Target,
  databaseUrl: string,
): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`DROP TABLE IF EXISTS ${PEER_COPY_TABLE}`);
    await client.query(`CREATE TABLE ${PEER_COPY_TABLE} (
      id integer PRIMARY KEY, layer_id integer NOT NULL,
      geom geometry (Geometry, 4326), properties jsonb NOT NULL)`);
    let next: string | undefined =
      `/ogc/maps/${target.mapId}/collections/${target.layerId}/items?limit=10000`;
    let copied = 0;
    // Bounded: one page per 10,000 points, and never more pages than the layer can fill.
    for (let pages = 0; next && pages <= Math.ceil(target.count / 10_000); pages += 1) {
      const page: ItemsPage = await session.json<ItemsPage>('GET', next);
      await client.query(
        `INSERT INTO ${PEER_COPY_TABLE} (id, layer_id, geom, properties)
         SELECT id, $4, ST_SetSRID(ST_GeomFromGeoJSON(g), 4326), p::jsonb
         FROM unnest($1::int[], $2::text[], $3::text[]) AS t (id, g, p)`,
        [
          page.features.map((feature) => feature.id),
          page.features.map((feature) => JSON.stringify(feature.geometry)),
          page.features.map((feature) => JSON.stringify(feature.properties)),
          target.layerId,
        ],
      );
      copied += page.features.length;
      const href = page.links.find((link) => link.rel === 'next')?.href;
      next = href ? new URL(href).pathname + new URL(href).search : undefined;
    }
    await client.query(`CREATE INDEX ON ${PEER_COPY_TABLE} (layer_id, id)`);
    await client.query(`CREATE INDEX ON ${PEER_COPY_TABLE} USING gist (geom)`);
    await client.query(`ANALYZE ${PEER_COPY_TABLE}`);
    if (copied !== target.count)
      throw new Error(`copied ${copied} points for MapServer, expected ${target.count}`);
    return copied;
  } finally {
    await client.end();
  }
}
