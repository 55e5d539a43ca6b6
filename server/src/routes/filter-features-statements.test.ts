import { describe, expect, it } from 'vitest';
import { insertLayer, insertMap, insertPointGrid } from '../../test-support/map-fixtures.ts';
import { keepsMaps } from '../maps/map-cache.ts';
import { useStatementCountingApp } from '../../test-support/statement-counting-app.ts';

/**
 * The filters panel asks for a box of a layer each time the map moves, so what it costs is the
 * statements it sends. Once the caller's session is known: one statement where maps are kept in
 * memory (the embedded database), and on PostgreSQL one more that reads the map with all of its
 * layers together.
 */
const { t, statements, signedIn } = useStatementCountingApp();

interface Page {
  data: { id: number }[];
  meta: { total: number };
}

describe('the filters panel box', () => {
  it('is one statement where maps are kept, two on PostgreSQL, with the points the database finds', async () => {
    const client = await signedIn();
    const map = await insertMap(t().database.db);
    const layer = await insertLayer(t().database.db, map.id);
    const other = await insertLayer(t().database.db, map.id);
    await insertPointGrid(t().database.db, layer.id);
    await insertPointGrid(t().database.db, other.id);
    const box = [-8.9905, 38.0095, -8.9805, 38.0135];
    const inBox = (
      await t().database.db.query<{ id: number }>(
        `SELECT id FROM features WHERE layer_id = $1
           AND ST_Intersects(geom, ST_MakeEnvelope($2, $3, $4, $5, 4326)) ORDER BY id`,
        [layer.id, ...box],
      )
    ).map((row) => Number(row.id));
    expect(inBox).toHaveLength(40);
    const ask = async (layerId: number) => {
      const before = statements.length;
      const response = await client.post(
        `/api/maps/${map.id}/filter-features`,
        { layers_filter: [{ layer_id: layerId, filters: [], bbox: box }] },
        { query: { per_page: 100 } },
      );
      expect(response.status).toBe(200);
      return { page: response.json<Page>(), statements: statements.length - before };
    };
    await ask(layer.id);

    const boxed = await ask(layer.id);
    expect(boxed.statements).toBe(keepsMaps(t().database.db) ? 1 : 2);
    expect(boxed.page.data.map((feature) => feature.id)).toEqual(inBox);
    expect(boxed.page.meta.total).toBe(40);
    // The other layer of the same map: its own 40 points, at the same cost.
    const second = await ask(other.id);
    expect(second.statements).toBe(boxed.statements);
    expect(second.page.data.map((feature) => feature.id)).not.toEqual(inBox);
    expect(second.page.meta.total).toBe(40);
  });
});
