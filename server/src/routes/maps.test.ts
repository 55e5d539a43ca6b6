import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertCategory, insertFeature, insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
const dataDir = mkdtempSync(path.join(tmpdir(), 'atlasboard-maps-'));
beforeAll(async () => {
  t = await startTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => t.database.reset());

interface MapBody {
  id: number;
  title: string;
  description: string | null;
  center: number[];
  zoom: number;
  rotation: number;
  basemap: string;
  created_by: number | null;
  layers_count: number;
}
interface Page {
  data: MapBody[];
  links: Record<string, string | null>;
  meta: Record<string, number | string | null>;
}

const count = async (table: string) =>
  (await t.database.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]?.n ?? 0;

describe('maps', () => {
  it('creates a map with the documented defaults, owned by the caller', async () => {
    const { client, user } = await t.signedIn('admin');
    const created = await client.post('/api/maps', { title: 'Town' });
    expect(created.status).toBe(201);
    expect(created.json()).toMatchObject({
      data: {
        title: 'Town',
        description: null,
        center: [0, 0],
        zoom: 2,
        rotation: 0,
        basemap: 'offline',
        created_by: user.id,
        layers_count: 0,
      },
    });
    const full = await client.post('/api/maps', {
      title: 'Full',
      description: 'All fields',
      center: [-9.14, 38.72],
      zoom: 13,
      rotation: 90,
      basemap: 'https://tiles.example.com/{z}/{x}/{y}.png',
    });
    expect(full.json()).toMatchObject({
      data: {
        center: [-9.14, 38.72],
        zoom: 13,
        rotation: 90,
        basemap: 'https://tiles.example.com/{z}/{x}/{y}.png',
      },
    });
  });

  it('lists maps newest first, pages, searches title and description and orders', async () => {
    const { client } = await t.signedIn('user');
    const lisbon = await insertMap(t.database.db, { title: 'Lisbon water', description: 'Pipes' });
    const porto = await insertMap(t.database.db, { title: 'Porto', description: 'Old WATER mains' });
    const faro = await insertMap(t.database.db, { title: 'Faro', description: null });
    await insertLayer(t.database.db, faro.id);
    await insertLayer(t.database.db, faro.id);
    await t.database.db.query('UPDATE maps SET created_at = now() - make_interval(hours => id)');

    const all = (await client.get('/api/maps')).json<Page>();
    expect(all.data.map((map) => map.id)).toEqual([lisbon.id, porto.id, faro.id]);
    expect(all.meta).toMatchObject({ total: 3, per_page: 15, current_page: 1, path: '/api/maps' });
    expect(all.data[2]?.layers_count).toBe(2);

    const water = (await client.get('/api/maps', { query: { search: 'water' } })).json<Page>();
    expect(water.data.map((map) => map.id).sort()).toEqual([lisbon.id, porto.id].sort());
    expect((await client.get('/api/maps', { query: { search: '%' } })).json<Page>().meta.total).toBe(0);

    const byLayers = (
      await client.get('/api/maps', { query: { order_column: 'layers_count', per_page: 1, page: 1 } })
    ).json<Page>();
    expect(byLayers.data.map((map) => map.id)).toEqual([faro.id]);
    expect(byLayers.meta).toMatchObject({ last_page: 3, from: 1, to: 1 });
    expect(byLayers.links.next).toBe('/api/maps?order_column=layers_count&per_page=1&page=2');

    const byTitle = (
      await client.get('/api/maps', { query: { order_column: 'title', order_direction: 'asc' } })
    ).json<Page>();
    expect(byTitle.data.map((map) => map.title)).toEqual(['Faro', 'Lisbon water', 'Porto']);
  });

  it('rejects bad list parameters and bodies per field, without writing anything', async () => {
    const { client } = await t.signedIn('admin');
    const bad = await client.get('/api/maps', {
      query: { per_page: 100000, order_column: 'title; DROP TABLE maps', page: 0 },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json<{ errors: object }>().errors).sort()).toEqual([
      'order_column',
      'page',
      'per_page',
    ]);

    const body = await client.post('/api/maps', {
      title: 42,
      center: [200, 0],
      zoom: 'near',
      basemap: 'ftp://tiles/{z}',
      owner: 1,
    });
    expect(body.status).toBe(422);
    expect(Object.keys(body.json<{ errors: object }>().errors).sort()).toEqual([
      'basemap',
      'center.0',
      'owner',
      'title',
      'zoom',
    ]);
    expect((await client.post('/api/maps', {})).json()).toMatchObject({
      errors: { title: ['The title field is required.'] },
    });
    expect(await count('maps')).toBe(0);
  });

  it('stores SQL-looking text verbatim and finds it as text', async () => {
    const { client } = await t.signedIn('admin');
    const title = "Robert'); DROP TABLE maps; --";
    expect((await client.post('/api/maps', { title, description: "' OR 1=1 --" })).status).toBe(201);
    const found = (await client.get('/api/maps', { query: { search: 'DROP TABLE' } })).json<Page>();
    expect(found.data.map((map) => map.title)).toEqual([title]);
    expect(
      (await client.get('/api/maps', { query: { search: "' OR '1'='1" } })).json<Page>().meta.total,
    ).toBe(0);
  });

  it('gets and partially updates a map', async () => {
    const { client } = await t.signedIn('admin');
    const map = await insertMap(t.database.db, { title: 'Before', description: 'Kept', zoom: 12 });
    expect((await client.get(`/api/maps/${map.id}`)).json()).toMatchObject({
      data: { id: map.id, title: 'Before' },
    });
    const updated = await client.post(`/api/maps/${map.id}`, { title: 'After', basemap: 'osm' });
    expect(updated.status).toBe(200);
    expect(updated.json()).toMatchObject({
      data: { title: 'After', basemap: 'osm', description: 'Kept', zoom: 12 },
    });
    const cleared = await client.post(`/api/maps/${map.id}`, { description: null });
    expect(cleared.json()).toMatchObject({ data: { title: 'After', description: null } });
    expect((await client.post(`/api/maps/${map.id}`, {})).status).toBe(422);
    expect((await client.post(`/api/maps/${map.id}`, { zoom: 30 })).json()).toMatchObject({
      errors: { zoom: [expect.any(String)] },
    });
    expect((await client.get('/api/maps/999999')).status).toBe(404);
    expect((await client.post('/api/maps/999999', { title: 'x' })).status).toBe(404);
  });

  it('shows a map with its parts ordered, layers on request, and only the caller’s bookmarks', async () => {
    const { client, user } = await t.signedIn('user');
    const other = await t.createUser();
    const db = t.database.db;
    const map = await insertMap(db);
    const elsewhere = await insertMap(db);
    const late = await insertCategory(db, map.id, { name: 'Late', order: 2 });
    const early = await insertCategory(db, map.id, { name: 'Early', order: 1 });
    await insertCategory(db, elsewhere.id);
    const top = await insertLayer(db, map.id, { order: 5 });
    const bottom = await insertLayer(db, map.id, { order: 1 });
    await db.query(
      `INSERT INTO searches (map_id, layer_id, name, fields, operator, "order") VALUES
       ($1, $2, 'Second', '["a"]', 'equals', 1), ($1, $2, 'First', '["a"]', 'contains', 0)`,
      [map.id, top.id],
    );
    await db.query(
      `INSERT INTO main_searches (map_id, layer_id, label, fields, display_field) VALUES ($1, $2, 'Main', '["a"]', 'a')`,
      [map.id, top.id],
    );
    await db.query(
      `INSERT INTO filters (map_id, layer_id, name, property, type) VALUES ($1, $2, 'Kind', 'kind', 'select')`,
      [map.id, bottom.id],
    );
    await db.query(
      `INSERT INTO bookmarks (map_id, user_id, name, center, zoom) VALUES
       ($1, $2, 'Mine', '[1, 2]', 10), ($1, $3, 'Theirs', '[1, 2]', 10)`,
      [map.id, user.id, other.id],
    );

    const plain = await client.get(`/api/maps/${map.id}/show`);
    expect(plain.status).toBe(200);
    const data = plain.json<{ data: Record<string, { name?: string; id: number }[]> }>().data;
    expect(data.layers).toBeUndefined();
    expect(data.categories?.map((c) => c.id)).toEqual([early.id, late.id]);
    expect(data.searches?.map((s) => s.name)).toEqual(['First', 'Second']);
    expect(data.main_searches).toHaveLength(1);
    expect(data.filters).toHaveLength(1);
    expect(data.bookmarks?.map((b) => b.name)).toEqual(['Mine']);

    const withLayers = await client.get(`/api/maps/${map.id}/show`, { query: { with_layers: 'true' } });
    expect(withLayers.json<{ data: { layers: { id: number }[] } }>().data.layers.map((l) => l.id)).toEqual([
      bottom.id,
      top.id,
    ]);
    expect((await client.get('/api/maps/424242/show')).status).toBe(404);
  });

  it('lets editors and users read maps but not change them', async () => {
    const map = await insertMap(t.database.db, { title: 'Fixed' });
    for (const type of ['editor', 'user'] as const) {
      const { client } = await t.signedIn(type);
      expect((await client.get('/api/maps')).status).toBe(200);
      expect((await client.get(`/api/maps/${map.id}`)).status).toBe(200);
      expect((await client.get(`/api/maps/${map.id}/show`)).status).toBe(200);
      expect((await client.get('/api/layer-types')).status).toBe(200);
      expect((await client.post('/api/maps', { title: 'Mine' })).status).toBe(403);
      expect((await client.post(`/api/maps/${map.id}`, { title: 'Changed' })).status).toBe(403);
      expect((await client.delete(`/api/maps/${map.id}`)).status).toBe(403);
    }
    const guest = t.client();
    await guest.prime();
    expect((await guest.get('/api/maps')).status).toBe(401);
    expect((await guest.get(`/api/maps/${map.id}/show`)).status).toBe(401);
    expect((await t.database.db.query<{ title: string }>('SELECT title FROM maps'))[0]?.title).toBe('Fixed');
    expect(await count('maps')).toBe(1);
  });

  it('deletes a map with everything under it, and its attachment files after the commit', async () => {
    const { client, user } = await t.signedIn('admin');
    const db = t.database.db;
    const map = await insertMap(db);
    const kept = await insertMap(db);
    const layer = await insertLayer(db, map.id);
    const keptLayer = await insertLayer(db, kept.id);
    const feature = await insertFeature(db, layer.id, { type: 'Point', coordinates: [1, 2] });
    const keptFeature = await insertFeature(db, keptLayer.id, { type: 'Point', coordinates: [1, 2] });
    mkdirSync(path.join(dataDir, 'files', 'a'), { recursive: true });
    const file = path.join(dataDir, 'files', 'a', 'photo.jpg');
    const keptFile = path.join(dataDir, 'files', 'a', 'kept.jpg');
    writeFileSync(file, 'jpeg bytes');
    writeFileSync(keptFile, 'jpeg bytes');
    await db.query(
      `INSERT INTO feature_files (feature_id, name, mime_type, size, storage_key, created_by) VALUES
       ($1, 'photo.jpg', 'image/jpeg', 10, 'a/photo.jpg', $3),
       ($1, 'gone.jpg', 'image/jpeg', 10, 'a/already-missing.jpg', $3),
       ($2, 'kept.jpg', 'image/jpeg', 10, 'a/kept.jpg', $3)`,
      [feature.id, keptFeature.id, user.id],
    );
    await db.query(
      `INSERT INTO bookmarks (map_id, user_id, name, center, zoom) VALUES ($1, $2, 'B', '[1, 2]', 10)`,
      [map.id, user.id],
    );

    expect((await client.delete(`/api/maps/${map.id}`)).status).toBe(204);
    expect((await client.get(`/api/maps/${map.id}`)).status).toBe(404);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(keptFile)).toBe(true);
    expect(await count('maps')).toBe(1);
    expect(await count('layers')).toBe(1);
    expect(await count('features')).toBe(1);
    expect(await count('feature_files')).toBe(1);
    expect(await count('bookmarks')).toBe(0);
    expect((await client.delete(`/api/maps/${map.id}`)).status).toBe(404);
  });

  it('lists the five layer types', async () => {
    const { client } = await t.signedIn('user');
    const types = (await client.get('/api/layer-types')).json<{
      data: { type: string; remote: boolean }[];
    }>();
    expect(types.data.map((type) => [type.type, type.remote])).toEqual([
      ['vector', false],
      ['xyz', true],
      ['wms', true],
      ['geojson_url', true],
      ['3d_tiles', true],
    ]);
  });
});
