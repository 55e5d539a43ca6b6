import { describe, expect, it } from 'vitest';
import { insertLayer, insertMap, insertPointGrid } from '../../test-support/map-fixtures.ts';
import { keepsMaps } from '../maps/map-cache.ts';
import { useStatementCountingApp } from '../../test-support/statement-counting-app.ts';

/**
 * An OGC API items page (a bbox, a page at a random depth) is what a GIS client asks for over
 * and over, and what the bench puts beside MapServer: once the caller's session and the map
 * with its layers are known (kept in memory on the embedded database, server/src/maps/map-cache.ts)
 * it is one statement: the page with its count and its other-side link. On PostgreSQL, where
 * maps are not kept, the map and layer and the names of the map's vector layers come first.
 */
const { t, statements, signedIn } = useStatementCountingApp();

interface Items {
  features: { id: number; properties: Record<string, unknown> }[];
  numberMatched?: number;
  numberReturned: number;
  links: { href: string; rel: string }[];
}

describe('an OGC API items page', () => {
  it('is one statement, with the same features, count and links as the long way', async () => {
    const client = await signedIn();
    const map = await insertMap(t().database.db);
    const layer = await insertLayer(t().database.db, map.id);
    await insertPointGrid(t().database.db, layer.id);
    const url = `/ogc/maps/${map.id}/collections/${layer.id}/items`;
    const idsWhere = async (condition: string, params: unknown[] = []) =>
      (
        await t().database.db.query<{ id: number }>(
          `SELECT id FROM features WHERE layer_id = $1 AND ${condition} ORDER BY id`,
          [layer.id, ...params],
        )
      ).map((row) => Number(row.id));
    const cost = async (query: Record<string, string | number>) => {
      const before = statements.length;
      const response = await client.get(url, { query });
      expect(response.status).toBe(200);
      return { page: response.json<Items>(), statements: statements.length - before };
    };
    const perPage = keepsMaps(t().database.db) ? 1 : 3;
    const ids = (page: Items) => page.features.map((feature) => Number(feature.id));
    const rels = (page: Items) => page.links.map((link) => link.rel).sort();
    await cost({ limit: 15 });

    // 10 columns × 4 rows of the grid: 40 points, the first page of 15 of them.
    const bbox = '-8.9905,38.0095,-8.9805,38.0135';
    const inBox = await idsWhere(
      `ST_Intersects(geom, ST_MakeEnvelope(-8.9905, 38.0095, -8.9805, 38.0135, 4326))`,
    );
    expect(inBox).toHaveLength(40);
    const boxed = await cost({ bbox, limit: 15 });
    expect(boxed.statements).toBe(perPage);
    expect(ids(boxed.page)).toEqual(inBox.slice(0, 15));
    expect(boxed.page.numberMatched).toBe(40);
    expect(rels(boxed.page)).toEqual(['collection', 'next', 'self']);

    // The bbox's last page: a prev link, no next.
    const last = await cost({ bbox, limit: 15, after: inBox[29] ?? 0 });
    expect(last.statements).toBe(perPage);
    expect(ids(last.page)).toEqual(inBox.slice(30));
    expect(rels(last.page)).toEqual(['collection', 'prev', 'self']);

    // Back from there: the page before the last one, with both links.
    const back = await cost({ bbox, limit: 15, before: inBox[30] ?? 0 });
    expect(back.statements).toBe(perPage);
    expect(ids(back.page)).toEqual(inBox.slice(15, 30));
    expect(rels(back.page)).toEqual(['collection', 'next', 'prev', 'self']);

    // A page at a random depth of the whole layer, by its cursor.
    const all = await idsWhere('true');
    const deep = await cost({ limit: 15, after: all[1000] ?? 0 });
    expect(deep.statements).toBe(perPage);
    expect(ids(deep.page)).toEqual(all.slice(1001, 1016));
    expect(rels(deep.page)).toEqual(['collection', 'next', 'prev', 'self']);

    // Past the end: no features, and neither link (nothing after it to go to or come back from).
    const beyond = await cost({ limit: 15, after: (all[all.length - 1] ?? 0) + 10 });
    expect(beyond.statements).toBe(perPage);
    expect(beyond.page.features).toEqual([]);
    expect(rels(beyond.page)).toEqual(['collection', 'self']);

    // A box with nothing in it still says it matched none.
    const empty = await cost({ bbox: '10,10,11,11' });
    expect(empty.page.numberMatched).toBe(0);
    expect(empty.page.features).toEqual([]);
  });
});
