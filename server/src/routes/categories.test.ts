import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertCategory, insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => t.database.reset());

interface Category {
  id: number;
  map_id: number;
  name: string;
  parent_id: number | null;
  order: number;
}
interface Problem {
  message: string;
  errors: Record<string, string[]>;
}

const url = (mapId: number, id?: number) =>
  id === undefined ? `/api/layer-categories?map_id=${mapId}` : `/api/layer-categories/${id}?map_id=${mapId}`;

describe('layer categories', () => {
  it('creates, lists as a tree in order, reads, renames, moves and deletes', async () => {
    const { client } = await t.signedIn('admin');
    const map = await insertMap(t.database.db);

    const network = await client.post(url(map.id), { name: '  Network  ' });
    expect(network.status).toBe(201);
    const top = network.json<{ data: Category }>().data;
    expect(top).toEqual({ id: top.id, map_id: map.id, name: 'Network', parent_id: null, order: 0 });

    // Without an order a category goes after its siblings.
    const valves = (await client.post(url(map.id), { name: 'Valves', parent_id: top.id })).json<{
      data: Category;
    }>().data;
    const pipes = (await client.post(url(map.id), { name: 'Pipes', parent_id: top.id })).json<{
      data: Category;
    }>().data;
    expect([valves.order, pipes.order]).toEqual([0, 1]);
    const first = (await client.post(url(map.id), { name: 'Base', order: 0 })).json<{ data: Category }>()
      .data;

    const list = (await client.get(url(map.id))).json<{ data: Category[] }>().data;
    expect(list.map((row) => row.name)).toEqual(['Network', 'Base', 'Valves', 'Pipes']);

    expect((await client.get(url(map.id, valves.id))).json<{ data: Category }>().data).toEqual(valves);

    const moved = await client.put(url(map.id, pipes.id), { parent_id: null, name: 'Mains', order: 5 });
    expect(moved.status).toBe(200);
    expect(moved.json<{ data: Category }>().data).toMatchObject({ name: 'Mains', parent_id: null, order: 5 });

    const renamed = await client.put(url(map.id, first.id), { name: 'Basemaps' });
    expect(renamed.json<{ data: Category }>().data).toEqual({ ...first, name: 'Basemaps' });
  });

  it('deleting a category moves its sub-categories up and uncategorises its layers', async () => {
    const { client } = await t.signedIn('admin');
    const { db } = t.database;
    const map = await insertMap(db);
    const root = await insertCategory(db, map.id, { name: 'Root' });
    const middle = await insertCategory(db, map.id, { name: 'Middle', parent_id: root.id });
    const leaf = await insertCategory(db, map.id, { name: 'Leaf', parent_id: middle.id });
    const layer = await insertLayer(db, map.id, { category_id: middle.id });

    expect((await client.delete(url(map.id, middle.id))).status).toBe(204);
    expect((await client.get(url(map.id, middle.id))).status).toBe(404);
    expect((await client.get(url(map.id, leaf.id))).json<{ data: Category }>().data.parent_id).toBe(root.id);
    const rows = await db.query<{ category_id: number | null }>(
      'SELECT category_id FROM layers WHERE id = $1',
      [layer.id],
    );
    expect(rows[0]?.category_id).toBeNull();
  });

  it('refuses to make a category its own ancestor', async () => {
    const { client } = await t.signedIn('admin');
    const { db } = t.database;
    const map = await insertMap(db);
    const a = await insertCategory(db, map.id);
    const b = await insertCategory(db, map.id, { parent_id: a.id });
    const c = await insertCategory(db, map.id, { parent_id: b.id });

    for (const [id, parent] of [
      [a.id, a.id],
      [a.id, c.id],
      [b.id, c.id],
    ] as const) {
      const response = await client.put(url(map.id, id), { parent_id: parent });
      expect(response.status).toBe(422);
      expect(Object.keys(response.json<Problem>().errors)).toEqual(['parent_id']);
    }
    // Nothing moved.
    const list = (await client.get(url(map.id))).json<{ data: Category[] }>().data;
    expect(list.map((row) => [row.id, row.parent_id])).toEqual([
      [a.id, null],
      [b.id, a.id],
      [c.id, b.id],
    ]);
    // Moving down a sibling branch is fine.
    const d = await insertCategory(db, map.id, { parent_id: a.id });
    expect((await client.put(url(map.id, d.id), { parent_id: c.id })).status).toBe(200);
  });

  it('answers 422 per field for bad input and keeps SQL-looking names as text', async () => {
    const { client } = await t.signedIn('admin');
    const { db } = t.database;
    const map = await insertMap(db);
    const other = await insertMap(db);
    const foreign = await insertCategory(db, other.id);

    const wrong = await client.post(url(map.id), { name: 7, parent_id: 'x', order: -1, colour: 'red' });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.json<Problem>().errors).sort()).toEqual([
      'colour',
      'name',
      'order',
      'parent_id',
    ]);

    const blank = await client.post(url(map.id), { name: '   ' });
    expect(blank.json<Problem>().errors).toEqual({ name: ['The name field is required.'] });

    for (const parent of [foreign.id, 2_147_483_648]) {
      const response = await client.post(url(map.id), { name: 'Elsewhere', parent_id: parent });
      expect(response.status).toBe(422);
      expect(response.json<Problem>().errors).toEqual({
        parent_id: ['The parent category must be a category of this map.'],
      });
    }
    const empty = await insertCategory(db, map.id);
    expect((await client.put(url(map.id, empty.id), {})).status).toBe(422);
    expect((await client.get(url(map.id))).json<{ data: Category[] }>().data).toHaveLength(1);

    const sql = "x'); DROP TABLE categories; --";
    const created = await client.post(url(map.id), { name: sql });
    expect(created.json<{ data: Category }>().data.name).toBe(sql);
    expect((await client.get(url(map.id))).json<{ data: Category[] }>().data).toHaveLength(2);
  });

  it('translates its own messages', async () => {
    const { client } = await t.signedIn('admin');
    const map = await insertMap(t.database.db);
    client.cookies.set('locale', 'fr');
    const response = await client.post(url(map.id), { name: 'X', parent_id: 999 });
    expect(response.json<Problem>().errors.parent_id).toEqual([
      'La catégorie parente doit être une catégorie de cette carte.',
    ]);
  });

  it('is 404 for a missing map and for a category of another map', async () => {
    const { client } = await t.signedIn('admin');
    const { db } = t.database;
    const map = await insertMap(db);
    const other = await insertMap(db);
    const foreign = await insertCategory(db, other.id);

    expect((await client.get(url(999))).status).toBe(404);
    expect((await client.post(url(999), { name: 'Lost' })).status).toBe(404);
    expect((await client.get(url(map.id, foreign.id))).status).toBe(404);
    expect((await client.put(url(map.id, foreign.id), { name: 'Stolen' })).status).toBe(404);
    expect((await client.delete(url(map.id, foreign.id))).status).toBe(404);
    expect((await client.get(url(other.id, foreign.id))).status).toBe(200);
    expect((await client.get('/api/layer-categories')).status).toBe(422);
    for (const huge of [2_147_483_648, 1e15]) {
      expect((await client.get(url(huge))).status).toBe(404);
      expect((await client.get(url(huge, foreign.id))).status).toBe(404);
      expect((await client.delete(url(huge, foreign.id))).status).toBe(404);
    }
  });

  it('lets editors and users read but not change; guests get 401', async () => {
    const { db } = t.database;
    const map = await insertMap(db);
    const category = await insertCategory(db, map.id, { name: 'Network' });
    for (const type of ['editor', 'user'] as const) {
      const { client } = await t.signedIn(type);
      expect((await client.get(url(map.id))).status).toBe(200);
      expect((await client.get(url(map.id, category.id))).status).toBe(200);
      expect((await client.post(url(map.id), { name: 'Mine' })).status).toBe(403);
      expect((await client.put(url(map.id, category.id), { name: 'Mine' })).status).toBe(403);
      expect((await client.delete(url(map.id, category.id))).status).toBe(403);
    }
    const guest = t.client();
    expect((await guest.get(url(map.id))).status).toBe(401);
    expect((await guest.get(url(map.id, category.id))).status).toBe(401);
    expect((await db.query('SELECT name FROM categories')).map((row) => row.name)).toEqual(['Network']);
  });
});
