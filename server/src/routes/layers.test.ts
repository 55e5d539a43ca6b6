import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertCategory, insertFeature, insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
const dataDir = mkdtempSync(path.join(tmpdir(), 'atlasboard-layers-'));
beforeAll(async () => {
  t = await startTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => t.database.reset());

interface LayerBody {
  id: number;
  map_id: number;
  category_id: number | null;
  name: string;
  type: string;
  order: number;
  features_count: number;
  extent: number[] | null;
  style: Record<string, unknown>;
  properties: { name: string }[];
}
type Errors = { errors: Record<string, string[]> };

const count = async (table: string) =>
  (await t.database.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]?.n ?? 0;
const point = (lon: number, lat: number) => ({ type: 'Point', coordinates: [lon, lat] });

describe('layers', () => {
  it('creates vector and remote layers on top, with the default style filled in', async () => {
    const { client } = await t.signedIn('admin');
    const map = await insertMap(t.database.db);
    const category = await insertCategory(t.database.db, map.id);
    await insertLayer(t.database.db, map.id, { order: 4 });
    const vector = await client.post(`/api/maps/${map.id}/layers`, {
      name: 'Pipes',
      type: 'vector',
      geometry_type: 'LineString',
      category_id: category.id,
      style: { stroke_color: '#ff0000' },
      properties: [{ name: 'material', label: 'Material', type: 'enum', required: true, options: ['pvc'] }],
    });
    expect(vector.status).toBe(201);
    expect(vector.json()).toMatchObject({
      data: {
        map_id: map.id,
        category_id: category.id,
        type: 'vector',
        geometry_type: 'LineString',
        source: null,
        order: 5,
        visible: true,
        opacity: 1,
        features_count: 0,
        extent: null,
        style: {
          stroke_color: '#ff0000',
          stroke_width: 2,
          fill_color: '#1f78b466',
          point_radius: 5,
          label_property: null,
        },
        properties: [{ name: 'material', label: 'Material', type: 'enum', required: true, options: ['pvc'] }],
      },
    });
    const wms = await client.post(`/api/maps/${map.id}/layers`, {
      name: 'Orthophoto',
      type: 'wms',
      source: { url: 'https://example.com/wms', layers: 'ortho' },
      order: 0,
    });
    expect(wms.status).toBe(201);
    expect(wms.json()).toMatchObject({
      data: {
        geometry_type: null,
        source: { url: 'https://example.com/wms', layers: 'ortho', format: null },
        order: 0,
      },
    });
    const list = (await client.get(`/api/maps/${map.id}/layers`)).json<{ data: LayerBody[] }>();
    expect(list.data.map((layer) => layer.name)).toEqual(['Orthophoto', expect.any(String), 'Pipes']);
  });

  it('answers 422 per field for layers that cannot work, writing nothing', async () => {
    const { client } = await t.signedIn('admin');
    const map = await insertMap(t.database.db);
    const otherMap = await insertMap(t.database.db);
    const foreign = await insertCategory(t.database.db, otherMap.id);
    const url = `/api/maps/${map.id}/layers`;
    const errorsOf = async (body: object) =>
      Object.keys((await client.post(url, body)).json<Errors>().errors).sort();

    expect(await errorsOf({ name: 'V', type: 'vector', source: { url: 'https://x.example/a' } })).toEqual([
      'geometry_type',
      'source',
    ]);
    expect(await errorsOf({ name: 'X', type: 'xyz', geometry_type: 'Point' })).toEqual([
      'geometry_type',
      'source.url',
    ]);
    expect(
      await errorsOf({ name: 'X', type: 'xyz', source: { url: 'https://tiles.example/a.png' } }),
    ).toEqual(['source.url']);
    expect(
      await errorsOf({
        name: 'V',
        type: 'vector',
        geometry_type: 'Point',
        category_id: foreign.id,
        min_zoom: 10,
        max_zoom: 5,
      }),
    ).toEqual(['category_id', 'max_zoom']);
    expect(
      await errorsOf({ name: 'V', type: 'vector', geometry_type: 'Point', category_id: 99999999999 }),
    ).toEqual(['category_id']);
    expect(
      await errorsOf({
        name: 'V',
        type: 'vector',
        geometry_type: 'Point',
        properties: [
          { name: 'kind', label: 'Kind', type: 'enum' },
          { name: 'kind', label: 'Again', type: 'string', previous_name: 'old' },
        ],
      }),
    ).toEqual(['properties.0.options', 'properties.1.name', 'properties.1.previous_name']);
    expect(
      await errorsOf({
        name: 7,
        type: 'raster',
        opacity: 2,
        style: { stroke_color: 'red', extra: 1 },
        properties: [{ name: 'Bad Name', label: 'x', type: 'string' }],
        owner: 1,
      }),
    ).toEqual(['name', 'opacity', 'owner', 'properties.0.name', 'style.extra', 'style.stroke_color', 'type']);
    const english = await client.post(url, {
      name: 'V',
      type: 'vector',
      source: { url: 'https://x.example/a' },
    });
    expect(english.json<Errors>().errors.geometry_type).toEqual(['The geometry type field is required.']);
    expect(await count('layers')).toBe(0);
  });

  it('stores SQL-looking names verbatim', async () => {
    const { client } = await t.signedIn('admin');
    const map = await insertMap(t.database.db);
    const name = "x'); DELETE FROM layers; --";
    const created = await client.post(`/api/maps/${map.id}/layers`, {
      name,
      type: 'vector',
      geometry_type: 'Point',
    });
    expect(created.json()).toMatchObject({ data: { name } });
    expect((await t.database.db.query<{ name: string }>('SELECT name FROM layers'))[0]?.name).toBe(name);
  });

  it('updates a layer partially, merging the style', async () => {
    const { client } = await t.signedIn('admin');
    const db = t.database.db;
    const map = await insertMap(db);
    const category = await insertCategory(db, map.id);
    const foreign = await insertCategory(db, (await insertMap(db)).id);
    const layer = await insertLayer(db, map.id, { name: 'Old' });
    const remote = await insertLayer(db, map.id, { type: 'xyz' });
    const url = `/api/maps/${map.id}/layers/${layer.id}`;
    const updated = await client.put(url, {
      name: 'New',
      opacity: 0.5,
      category_id: category.id,
      style: { fill_color: '#00ff0080', label_property: 'name' },
      min_zoom: 3,
    });
    expect(updated.status).toBe(200);
    expect(updated.json()).toMatchObject({
      data: {
        name: 'New',
        opacity: 0.5,
        category_id: category.id,
        min_zoom: 3,
        style: { stroke_color: '#1f78b4', fill_color: '#00ff0080', label_property: 'name' },
        type: 'vector',
      },
    });
    const errors = async (target: string, body: object) => {
      const response = await client.put(target, body);
      expect(response.status).toBe(422);
      return Object.keys(response.json<Errors>().errors).sort();
    };
    expect(await errors(url, { max_zoom: 2, category_id: foreign.id })).toEqual(['category_id', 'max_zoom']);
    expect(await errors(url, { source: { url: 'https://x.example/' } })).toEqual(['source']);
    expect(await errors(url, { type: 'wms' })).toEqual(['type']);
    expect(
      await errors(`/api/maps/${map.id}/layers/${remote.id}`, { source: { url: 'https://x.example/' } }),
    ).toEqual(['source.url']);
    expect(
      (
        await client.put(`/api/maps/${map.id}/layers/${remote.id}`, {
          source: { url: 'https://b.example/{z}/{x}/{y}' },
        })
      ).json(),
    ).toMatchObject({ data: { source: { url: 'https://b.example/{z}/{x}/{y}' } } });
    const cleared = await client.put(url, { category_id: null, min_zoom: null });
    expect(cleared.json()).toMatchObject({ data: { name: 'New', category_id: null, min_zoom: null } });
  });

  it('deletes a layer with its features, parts and attachment files', async () => {
    const { client, user } = await t.signedIn('admin');
    const db = t.database.db;
    const map = await insertMap(db);
    const layer = await insertLayer(db, map.id);
    const other = await insertLayer(db, map.id);
    const feature = await insertFeature(db, layer.id, point(1, 2));
    await insertFeature(db, other.id, point(1, 2));
    mkdirSync(path.join(dataDir, 'files'), { recursive: true });
    const file = path.join(dataDir, 'files', 'layer-photo.png');
    writeFileSync(file, 'png');
    await db.query(
      `INSERT INTO feature_files (feature_id, name, mime_type, size, storage_key, created_by)
       VALUES ($1, 'p.png', 'image/png', 3, 'layer-photo.png', $2)`,
      [feature.id, user.id],
    );
    await db.query(
      `INSERT INTO filters (map_id, layer_id, name, property, type) VALUES ($1, $2, 'F', 'p', 'text')`,
      [map.id, layer.id],
    );
    await db.query(
      `INSERT INTO layer_relations (parent_layer_id, child_layer_id, rule) VALUES ($1, $2, 'manual')`,
      [other.id, layer.id],
    );
    expect((await client.delete(`/api/maps/${map.id}/layers/${layer.id}`)).status).toBe(204);
    expect(existsSync(file)).toBe(false);
    expect(await count('layers')).toBe(1);
    expect(await count('features')).toBe(1);
    expect(await count('feature_files')).toBe(0);
    expect(await count('filters')).toBe(0);
    expect(await count('layer_relations')).toBe(0);
    expect((await client.get(`/api/maps/${map.id}/layers/${layer.id}`)).status).toBe(404);
  });

  it('answers 404 for a layer under another map and 403 to non-admins changing layers', async () => {
    const db = t.database.db;
    const map = await insertMap(db);
    const otherMap = await insertMap(db);
    const layer = await insertLayer(db, map.id);
    const { client: admin } = await t.signedIn('admin');
    const wrong = `/api/maps/${otherMap.id}/layers/${layer.id}`;
    expect((await admin.get(wrong)).status).toBe(404);
    expect((await admin.put(wrong, { name: 'x' })).status).toBe(404);
    expect((await admin.delete(wrong)).status).toBe(404);
    expect((await admin.get(`${wrong}/relations`)).status).toBe(404);
    expect(
      (await admin.put(`${wrong}/properties`, { properties: [{ name: 'a', label: 'A', type: 'string' }] }))
        .status,
    ).toBe(404);
    expect((await admin.post(`${wrong}/transfer`, { target_map_id: map.id, mode: 'copy' })).status).toBe(404);
    expect((await admin.get('/api/maps/9999/layers')).status).toBe(404);
    expect(
      (await admin.post('/api/maps/9999/layers', { name: 'x', type: 'vector', geometry_type: 'Point' }))
        .status,
    ).toBe(404);

    const url = `/api/maps/${map.id}/layers/${layer.id}`;
    for (const type of ['editor', 'user'] as const) {
      const { client } = await t.signedIn(type);
      expect((await client.get(`/api/maps/${map.id}/layers`)).status).toBe(200);
      expect((await client.get(url)).status).toBe(200);
      expect((await client.get(`${url}/relations`)).status).toBe(200);
      expect(
        (
          await client.post(`/api/maps/${map.id}/layers`, {
            name: 'x',
            type: 'vector',
            geometry_type: 'Point',
          })
        ).status,
      ).toBe(403);
      expect((await client.put(url, { name: 'x' })).status).toBe(403);
      expect((await client.delete(url)).status).toBe(403);
      expect(
        (await client.put(`${url}/properties`, { properties: [{ name: 'a', label: 'A', type: 'string' }] }))
          .status,
      ).toBe(403);
      expect((await client.post(`${url}/properties`, { names: ['a'] })).status).toBe(403);
      expect(
        (await client.post(`${url}/transfer`, { target_map_id: otherMap.id, mode: 'move' })).status,
      ).toBe(403);
      expect((await client.put(`${url}/relations`, { children: [] })).status).toBe(403);
    }
    const guest = t.client();
    await guest.prime();
    expect((await guest.get(url)).status).toBe(401);
    expect(await count('layers')).toBe(1);
  });
});
