import { describe, expect, it } from 'vitest';
import { insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { useStatementCountingApp } from '../../test-support/statement-counting-app.ts';
import { TestClient } from '../../test-support/test-client.ts';

/**
 * A features page is asked for on every scroll of the table, so what it costs per request is
 * the statements it sends: once the caller's session is known and the layer has been seen, a
 * page (first, by cursor, by number, or a search) is one statement.
 */
const { t, counted, statements } = useStatementCountingApp();

interface Page {
  data: { id: number; properties: Record<string, unknown> }[];
  links: Record<string, string | null>;
  meta: Record<string, number | string | null>;
}

/** A signed-in client on the counting app, and a layer of `rows` points coded row-1, row-2, … */
async function signedInLayer(rows: number) {
  const user = await t().createUser();
  const client = new TestClient(counted());
  await client.login(user.email, user.password);
  const map = await insertMap(t().database.db);
  const layer = await insertLayer(t().database.db, map.id);
  await t().database.db.query(
    `INSERT INTO features (layer_id, geom, properties)
     SELECT $1, ST_SetSRID(ST_MakePoint(-9 + g * 0.00001, 38.7), 4326), jsonb_build_object('code', 'row-' || g)
     FROM generate_series(1, $2::int) g`,
    [layer.id, rows],
  );
  return { client, map, layer };
}

describe('a features page', () => {
  it('is one statement per request once the layer has been seen', async () => {
    const { client, map, layer } = await signedInLayer(2600);
    const url = `/api/maps/${map.id}/layers/${layer.id}/features`;
    const offsetIds = async (offset: number) =>
      (
        await t().database.db.query<{ id: number }>(
          'SELECT id FROM features WHERE layer_id = $1 ORDER BY id LIMIT 15 OFFSET $2',
          [layer.id, offset],
        )
      ).map((row) => row.id);
    const cost = async (query: Record<string, string | number>) => {
      const before = statements.length;
      const response = await client.get(url, { query });
      expect(response.status).toBe(200);
      return { page: response.json<Page>(), statements: statements.length - before };
    };
    // Warming: the session, the layer's shape and the anchors of its deep pages are read once.
    await cost({ page: 1 });
    await cost({ page: 150 });

    const first = await cost({ page: 1 });
    expect(first.statements).toBe(1);
    expect(first.page.data.map((f) => f.id)).toEqual(await offsetIds(0));
    expect(first.page.meta).toMatchObject({ total: 2600, last_page: 174 });

    const next = first.page.links.next ?? '';
    const after = await cost(Object.fromEntries(new URL(next, 'http://x').searchParams));
    expect(after.statements).toBe(1);
    expect(after.page.data.map((f) => f.id)).toEqual(await offsetIds(15));

    const deep = await cost({ page: 120 });
    expect(deep.statements).toBe(1);
    expect(deep.page.data.map((f) => f.id)).toEqual(await offsetIds(119 * 15));

    const last = await cost({ page: 174 });
    expect(last.statements).toBe(1);
    expect(last.page.data.map((f) => f.id)).toEqual(await offsetIds(173 * 15));

    const search = await cost({ search: 'ROW-2599' });
    expect(search.statements).toBe(1);
    expect(search.page.data.map((f) => f.properties.code)).toEqual(['row-2599']);
    expect(search.page.meta).toMatchObject({ total: 1, last_page: 1 });

    const second = await cost({ search: 'row-1', per_page: 5, page: 3 });
    expect(second.statements).toBe(1);
    // row-1, row-10…row-19, row-100…: 1 + 10 + 100 + 1000 matches, the 11th to 15th shown.
    expect(second.page.meta).toMatchObject({ total: 1111, last_page: 223, from: 11, to: 15 });
    expect(second.page.data.map((f) => f.properties.code)).toEqual([
      'row-19',
      'row-100',
      'row-101',
      'row-102',
      'row-103',
    ]);
  });

  it('counts a search matching more than the cap once, with the rows and total of the long way', async () => {
    const { client, map, layer } = await signedInLayer(10200);
    await t().database.db.query('ANALYZE features');
    const url = `/api/maps/${map.id}/layers/${layer.id}/features`;
    const cost = async (query: Record<string, string | number>) => {
      const before = statements.length;
      const response = await client.get(url, { query });
      expect(response.status).toBe(200);
      return { page: response.json<Page>(), statements: statements.length - before };
    };
    await cost({ page: 1 });
    // A sort by id takes the step-by-step path: what every search page answered before.
    const queries: Record<string, string | number>[] = [
      { search: 'ROW-' },
      { search: 'row-', per_page: 5, page: 3 },
      { search: 'row-', page: 40 },
      { search: 'row-1', page: 2 },
    ];
    for (const query of queries) {
      const longWay = await cost({ ...query, sort: 'id' });
      const page = await cost(query);
      expect(page.page.data.map((f) => f.properties.code)).toEqual(
        longWay.page.data.map((f) => f.properties.code),
      );
      expect(page.page.meta).toEqual(longWay.page.meta);
      // The page with its capped count, then the planner's estimate, then the page past the cap.
      expect(page.statements).toBeLessThanOrEqual(3);
    }
    const many = await cost({ search: 'row-', per_page: 5, page: 3 });
    expect(many.page.meta.total).toBeGreaterThan(10_000);
    expect(many.page.data.map((f) => f.properties.code)).toEqual([
      'row-11',
      'row-12',
      'row-13',
      'row-14',
      'row-15',
    ]);
    const next = await cost(Object.fromEntries(new URL(many.page.links.next ?? '', 'http://x').searchParams));
    expect(next.page.data.map((f) => f.properties.code)).toEqual([
      'row-16',
      'row-17',
      'row-18',
      'row-19',
      'row-20',
    ]);
    // row-1, row-10…, row-100…, row-1000…, row-10000…row-10200: under the cap, counted() exactly.
    const fewer = await cost({ search: 'row-1', page: 2 });
    expect(fewer.statements).toBe(1);
    expect(fewer.page.meta).toMatchObject({ total: 1312, last_page: 88 });
  });

  it('reads a layer that changed since it was last seen as it is now', async () => {
    const { client } = await t().signedIn('user');
    const map = await insertMap(t().database.db);
    const layer = await insertLayer(t().database.db, map.id);
    const add = (from: number, to: number) =>
      t().database.db.query(
        `INSERT INTO features (layer_id, geom, properties)
         SELECT $1, ST_SetSRID(ST_MakePoint(-9 + g * 0.00001, 38.7), 4326), jsonb_build_object('n', g)
         FROM generate_series($2::int, $3::int) g`,
        [layer.id, from, to],
      );
    await add(1, 1500);
    const url = `/api/maps/${map.id}/layers/${layer.id}/features`;
    expect((await client.get(url, { query: { page: 90 } })).json<Page>().meta.total).toBe(1500);
    await add(1501, 3000);
    const page = (await client.get(url, { query: { page: 199 } })).json<Page>();
    expect(page.meta).toMatchObject({ total: 3000, last_page: 200 });
    expect(page.data.map((f) => f.properties.n)).toEqual(Array.from({ length: 15 }, (_, i) => 2971 + i));
    const other = await insertMap(t().database.db);
    expect((await client.get(`/api/maps/${other.id}/layers/${layer.id}/features`)).status).toBe(404);
    expect((await client.get(`/api/maps/999999/layers/${layer.id}/features`)).status).toBe(404);
  });
});

describe('a features page of the layer as it was', () => {
  it('is one statement per request by cursor once its moment has been counted', async () => {
    const { client, map, layer } = await signedInLayer(100);
    const url = `/api/maps/${map.id}/layers/${layer.id}/features`;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const asOf = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Made after the moment: absent from every page of then.
    await t().database.db.query(
      `INSERT INTO features (layer_id, geom, properties)
       SELECT $1, ST_SetSRID(ST_MakePoint(-8, 38.7), 4326), jsonb_build_object('code', 'later-' || g)
       FROM generate_series(1, 5) g`,
      [layer.id],
    );
    const ids = (
      await t().database.db.query<{ id: number }>(
        `SELECT id FROM features WHERE layer_id = $1 AND properties->>'code' LIKE 'row-%' ORDER BY id`,
        [layer.id],
      )
    ).map((row) => row.id);
    const cost = async (query: Record<string, string | number>) => {
      const before = statements.length;
      const response = await client.get(url, { query });
      expect(response.status).toBe(200);
      return { page: response.json<Page>(), statements: statements.length - before };
    };
    const idsOf = (page: Page) => page.data.map((feature) => feature.id);
    // Warming: the layer's shape and the count of the layer then are read once.
    await cost({ as_of: asOf });

    const first = await cost({ as_of: asOf });
    expect(first.statements).toBe(1);
    expect(idsOf(first.page)).toEqual(ids.slice(0, 15));

    const next = await cost(
      Object.fromEntries(new URL(first.page.links.next ?? '', 'http://x').searchParams),
    );
    expect(next.statements).toBe(1);
    expect(idsOf(next.page)).toEqual(ids.slice(15, 30));

    const back = await cost({ as_of: asOf, before_id: ids[30] ?? 0 });
    expect(back.statements).toBe(1);
    expect(idsOf(back.page)).toEqual(ids.slice(15, 30));

    // The last page of then: the candidates beyond it are all made since, so it reads one more round.
    const last = await cost({ as_of: asOf, after_id: ids[89] ?? 0 });
    expect(idsOf(last.page)).toEqual(ids.slice(90));
  });
});
