import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => t.database.reset());

interface Bookmark {
  id: number;
  map_id: number;
  user_id: number;
  name: string;
  center: [number, number];
  zoom: number;
  rotation: number;
  visible_layer_ids: number[];
  created_at: string;
}
interface Problem {
  errors: Record<string, string[]>;
}

async function bookmarkCount(): Promise<number> {
  const rows = await t.database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM bookmarks');
  return rows[0]?.n ?? -1;
}

describe('bookmarks', () => {
  it('every signed-in role saves a view as its own bookmark and deletes it', async () => {
    const { db } = t.database;
    const map = await insertMap(db);
    const pipes = await insertLayer(db, map.id);
    const valves = await insertLayer(db, map.id);
    for (const type of ['admin', 'editor', 'user'] as const) {
      const { client, user } = await t.signedIn(type);
      const created = await client.post(`/api/maps/${map.id}/bookmarks`, {
        name: 'Old town valves',
        center: [-9.13, 38.71],
        zoom: 16.5,
        rotation: 45,
        visible_layer_ids: [valves.id, pipes.id],
      });
      expect(created.status).toBe(201);
      const bookmark = created.json<{ data: Bookmark }>().data;
      expect(bookmark).toEqual({
        id: bookmark.id,
        map_id: map.id,
        user_id: user.id,
        name: 'Old town valves',
        center: [-9.13, 38.71],
        zoom: 16.5,
        rotation: 45,
        visible_layer_ids: [valves.id, pipes.id],
        created_at: bookmark.created_at,
      });
      expect(Date.now() - Date.parse(bookmark.created_at)).toBeLessThan(60_000);
      expect((await client.delete(`/api/maps/${map.id}/bookmarks/${bookmark.id}`)).status).toBe(204);
      expect((await client.delete(`/api/maps/${map.id}/bookmarks/${bookmark.id}`)).status).toBe(404);
    }
    const minimal = await (
      await t.signedIn('user')
    ).client.post(`/api/maps/${map.id}/bookmarks`, {
      name: 'Here',
      center: [0, 0],
      zoom: 2,
    });
    expect(minimal.json<{ data: Bookmark }>().data).toMatchObject({ rotation: 0, visible_layer_ids: [] });
  });

  it("another user's bookmark is 404, even for an admin, and stays", async () => {
    const { db } = t.database;
    const map = await insertMap(db);
    const { client: owner } = await t.signedIn('user');
    const bookmark = (
      await owner.post(`/api/maps/${map.id}/bookmarks`, { name: 'Mine', center: [1, 2], zoom: 5 })
    ).json<{ data: Bookmark }>().data;
    for (const type of ['admin', 'editor', 'user'] as const) {
      const { client } = await t.signedIn(type);
      expect((await client.delete(`/api/maps/${map.id}/bookmarks/${bookmark.id}`)).status).toBe(404);
    }
    const other = await insertMap(db);
    expect((await owner.delete(`/api/maps/${other.id}/bookmarks/${bookmark.id}`)).status).toBe(404);
    expect(await bookmarkCount()).toBe(1);
    const guest = t.client();
    await guest.prime();
    expect((await guest.delete(`/api/maps/${map.id}/bookmarks/${bookmark.id}`)).status).toBe(401);
    expect((await owner.delete(`/api/maps/${map.id}/bookmarks/${bookmark.id}`)).status).toBe(204);
  });

  it('answers 422 per field and 404 for a missing map; names are stored verbatim', async () => {
    const { db } = t.database;
    const map = await insertMap(db);
    const other = await insertMap(db);
    const mine = await insertLayer(db, map.id);
    const foreign = await insertLayer(db, other.id);
    const { client } = await t.signedIn('user');
    const url = `/api/maps/${map.id}/bookmarks`;

    const wrongTypes = await client.post(url, {
      name: '',
      center: [200, 'x', 3],
      zoom: 30,
      rotation: -1,
      visible_layer_ids: [0, 0],
      user_id: 1,
    });
    expect(Object.keys(wrongTypes.json<Problem>().errors).sort()).toEqual([
      'center',
      'center.0',
      'center.1',
      'name',
      'rotation',
      'user_id',
      'visible_layer_ids',
      'visible_layer_ids.0',
      'visible_layer_ids.1',
      'zoom',
    ]);
    const missing = await client.post(url, {});
    expect(Object.keys(missing.json<Problem>().errors).sort()).toEqual(['center', 'name', 'zoom']);

    const elsewhere = await client.post(url, {
      name: '  ',
      center: [10, 95],
      zoom: 3,
      visible_layer_ids: [mine.id, foreign.id, 2_147_483_648],
    });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.json<Problem>().errors).toEqual({
      name: ['The name field is required.'],
      'center.1': ['The latitude must be between -90 and 90.'],
      'visible_layer_ids.1': [`Layer ${foreign.id} is not a layer of this map.`],
      'visible_layer_ids.2': ['Layer 2147483648 is not a layer of this map.'],
    });
    expect(await bookmarkCount()).toBe(0);
    expect(
      (await client.post('/api/maps/999/bookmarks', { name: 'X', center: [0, 0], zoom: 1 })).status,
    ).toBe(404);

    const name = "'; UPDATE users SET type = 'admin'; --";
    const saved = await client.post(url, { name, center: [0, 0], zoom: 1 });
    expect(saved.json<{ data: Bookmark }>().data.name).toBe(name);
  });

  it('guests cannot save bookmarks', async () => {
    const map = await insertMap(t.database.db);
    const guest = t.client();
    await guest.prime();
    const response = await guest.post(`/api/maps/${map.id}/bookmarks`, {
      name: 'X',
      center: [0, 0],
      zoom: 1,
    });
    expect(response.status).toBe(401);
    expect(await bookmarkCount()).toBe(0);
  });
});
