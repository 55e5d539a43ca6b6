import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertCategory, insertFeature, insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => t.database.reset());

type Errors = { errors: Record<string, string[]> };
interface LayerBody {
  id: number;
  map_id: number;
  category_id: number | null;
  order: number;
  features_count: number;
  properties: { name: string; type: string; label: string; options: string[] | null }[];
  style: { label_property: string | null };
}

const point = (lon: number, lat: number) => ({ type: 'Point', coordinates: [lon, lat] });
const count = async (sql: string, values: unknown[] = []) =>
  (await t.database.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, values))[0]?.n ?? 0;
const storedProperties = async (layerId: number) =>
  (
    await t.database.db.query<{ properties: Record<string, unknown> }>(
      'SELECT properties FROM features WHERE layer_id = $1 ORDER BY id',
      [layerId],
    )
  ).map((row) => row.properties);

describe('layer transfer', () => {
  it('moves a layer with its features, dropping what belonged to the old map', async () => {
    const { client } = await t.signedIn('admin');
    const db = t.database.db;
    const source = await insertMap(db);
    const target = await insertMap(db);
    const folder = await insertCategory(db, target.id);
    const layer = await insertLayer(db, source.id, { category_id: (await insertCategory(db, source.id)).id });
    const sibling = await insertLayer(db, source.id);
    await insertLayer(db, target.id, { order: 7 });
    await insertFeature(db, layer.id, point(0, 0));
    await insertFeature(db, layer.id, point(1, 1));
    await db.query(
      `INSERT INTO filters (map_id, layer_id, name, property, type) VALUES ($1, $2, 'F', 'p', 'text')`,
      [source.id, layer.id],
    );
    await db.query(
      `INSERT INTO layer_relations (parent_layer_id, child_layer_id, rule) VALUES ($1, $2, 'manual')`,
      [sibling.id, layer.id],
    );
    const url = `/api/maps/${source.id}/layers/${layer.id}/transfer`;

    const same = await client.post(url, { target_map_id: source.id, mode: 'move' });
    expect(same.json<Errors>().errors).toEqual({ target_map_id: ['The layer is already on this map.'] });
    const missing = await client.post(url, { target_map_id: 99999, mode: 'move' });
    expect(missing.json<Errors>().errors).toEqual({ target_map_id: ['The target map does not exist.'] });
    expect((await client.post(url, { target_map_id: 99999999999, mode: 'copy' })).status).toBe(422);
    const foreignCategory = await client.post(url, {
      target_map_id: target.id,
      mode: 'move',
      category_id: folder.id + 100,
    });
    expect(Object.keys(foreignCategory.json<Errors>().errors)).toEqual(['category_id']);
    expect(
      Object.keys(
        (await client.post(url, { target_map_id: target.id, mode: 'teleport' })).json<Errors>().errors,
      ),
    ).toEqual(['mode']);

    const moved = await client.post(url, { target_map_id: target.id, mode: 'move', category_id: folder.id });
    expect(moved.status).toBe(200);
    expect(moved.json()).toMatchObject({
      data: { id: layer.id, map_id: target.id, category_id: folder.id, order: 8, features_count: 2 },
    });
    expect(await count('features WHERE layer_id = $1', [layer.id])).toBe(2);
    expect(await count('filters')).toBe(0);
    expect(await count('layer_relations')).toBe(0);
    expect((await client.get(`/api/maps/${source.id}/layers/${layer.id}`)).status).toBe(404);
    expect((await client.get(`/api/maps/${target.id}/layers/${layer.id}`)).status).toBe(200);
  });

  it('copies a layer and all its features, leaving the original untouched', async () => {
    const { client, user } = await t.signedIn('admin');
    const db = t.database.db;
    const source = await insertMap(db);
    const target = await insertMap(db);
    const layer = await insertLayer(db, source.id, { name: 'Valves', properties: [{ name: 'kind' }] });
    for (let i = 0; i < 3; i += 1) await insertFeature(db, layer.id, point(i, i), { kind: `k${i}` });
    const copied = await client.post(`/api/maps/${source.id}/layers/${layer.id}/transfer`, {
      target_map_id: target.id,
      mode: 'copy',
    });
    expect(copied.status).toBe(200);
    const copy = copied.json<{ data: LayerBody & { name: string; extent: number[] } }>().data;
    expect(copy).toMatchObject({
      map_id: target.id,
      name: 'Valves',
      category_id: null,
      order: 0,
      features_count: 3,
    });
    expect(copy.id).not.toBe(layer.id);
    expect(copy.extent).toEqual([0, 0, 2, 2]);
    expect(copy.properties.map((entry) => entry.name)).toEqual(['kind']);
    expect(await storedProperties(copy.id)).toEqual([{ kind: 'k0' }, { kind: 'k1' }, { kind: 'k2' }]);
    expect(await count('features WHERE layer_id = $1 AND created_by = $2', [copy.id, user.id])).toBe(3);
    expect(
      await db.query(
        `SELECT new_values FROM feature_audits WHERE layer_id = $1 AND event = 'created' AND user_id = $2 ORDER BY auditable_id`,
        [copy.id, user.id],
      ),
    ).toEqual([0, 1, 2].map((i) => ({ new_values: { kind: `k${i}`, geometry: point(i, i) } })));
    expect(await count('features WHERE layer_id = $1', [layer.id])).toBe(3);
    expect(await count('features')).toBe(6);
    // A copy within the same map is allowed: a duplicate layer.
    const again = await client.post(`/api/maps/${source.id}/layers/${layer.id}/transfer`, {
      target_map_id: source.id,
      mode: 'copy',
    });
    expect(again.json()).toMatchObject({ data: { map_id: source.id, order: 1, features_count: 3 } });
  });
});

describe('layer relations', () => {
  it('replaces child relations, storing manual links, and lists both directions', async () => {
    const { client } = await t.signedIn('admin');
    const db = t.database.db;
    const map = await insertMap(db);
    const pipes = await insertLayer(db, map.id);
    const valves = await insertLayer(db, map.id);
    const hydrants = await insertLayer(db, map.id);
    const upstream = await insertLayer(db, map.id);
    const pipe = await insertFeature(db, pipes.id, point(0, 0));
    const valve = await insertFeature(db, valves.id, point(0, 0));
    const valve2 = await insertFeature(db, valves.id, point(1, 0));
    await db.query(
      `INSERT INTO layer_relations (parent_layer_id, child_layer_id, rule, tolerance_m) VALUES ($1, $2, 'spatial', 3)`,
      [upstream.id, pipes.id],
    );
    const url = `/api/maps/${map.id}/layers/${pipes.id}/relations`;

    const first = await client.put(url, {
      children: [
        {
          child_layer_id: valves.id,
          rule: 'manual',
          tolerance_m: 9,
          links: [{ parent_feature_id: pipe.id, child_feature_id: valve.id }],
        },
        {
          child_layer_id: hydrants.id,
          rule: 'spatial',
          tolerance_m: 1.5,
          links: [{ parent_feature_id: pipe.id, child_feature_id: valve.id }],
        },
      ],
    });
    expect(first.status).toBe(200);
    const relations = first.json<{
      data: { id: number; child_layer_id: number; parent_layer_id: number }[];
    }>().data;
    expect(relations).toEqual([
      {
        id: expect.any(Number),
        parent_layer_id: upstream.id,
        child_layer_id: pipes.id,
        rule: 'spatial',
        tolerance_m: 3,
        links_count: 0,
      },
      {
        id: expect.any(Number),
        parent_layer_id: pipes.id,
        child_layer_id: valves.id,
        rule: 'manual',
        tolerance_m: null,
        links_count: 1,
      },
      {
        id: expect.any(Number),
        parent_layer_id: pipes.id,
        child_layer_id: hydrants.id,
        rule: 'spatial',
        tolerance_m: 1.5,
        links_count: 0,
      },
    ]);
    const valvesRelation = relations[1]?.id;

    const second = await client.put(url, {
      children: [
        {
          child_layer_id: valves.id,
          rule: 'manual',
          links: [
            { parent_feature_id: pipe.id, child_feature_id: valve.id },
            { parent_feature_id: pipe.id, child_feature_id: valve2.id },
          ],
        },
      ],
    });
    expect(second.json()).toMatchObject({
      data: [
        { parent_layer_id: upstream.id },
        { id: valvesRelation, child_layer_id: valves.id, links_count: 2 },
      ],
    });
    expect(await count('feature_links')).toBe(2);
    expect((await client.get(`/api/maps/${map.id}/layers/${valves.id}/relations`)).json()).toMatchObject({
      data: [{ parent_layer_id: pipes.id, child_layer_id: valves.id }],
    });
    expect((await client.put(url, { children: [] })).json()).toMatchObject({
      data: [{ parent_layer_id: upstream.id }],
    });
    expect(await count('feature_links')).toBe(0);
  });

  it('keeps manual links when a save leaves links out (the relations form sends none)', async () => {
    const { client } = await t.signedIn('admin');
    const db = t.database.db;
    const map = await insertMap(db);
    const pipes = await insertLayer(db, map.id);
    const valves = await insertLayer(db, map.id);
    const hydrants = await insertLayer(db, map.id);
    const pipe = await insertFeature(db, pipes.id, point(0, 0));
    const valve = await insertFeature(db, valves.id, point(0, 0));
    const url = `/api/maps/${map.id}/layers/${pipes.id}/relations`;
    const manual = { child_layer_id: valves.id, rule: 'manual' };
    await client.put(url, {
      children: [{ ...manual, links: [{ parent_feature_id: pipe.id, child_feature_id: valve.id }] }],
    });

    // The form adds a spatial child and sends the manual one back as it shows it: without links.
    const saved = await client.put(url, {
      children: [manual, { child_layer_id: hydrants.id, rule: 'spatial', tolerance_m: 2 }],
    });
    expect(saved.status).toBe(200);
    expect(saved.json()).toMatchObject({
      data: [
        { child_layer_id: valves.id, rule: 'manual', links_count: 1 },
        { child_layer_id: hydrants.id, rule: 'spatial', links_count: 0 },
      ],
    });
    expect(
      (await client.get(`/api/maps/${map.id}/features/${valve.id}/parents`)).json<{ data: unknown[] }>().data,
    ).toHaveLength(1);

    // An explicit empty list still clears them; turning the relation spatial drops them too.
    await client.put(url, { children: [{ ...manual, links: [] }] });
    expect(await count('feature_links')).toBe(0);
    await client.put(url, {
      children: [{ ...manual, links: [{ parent_feature_id: pipe.id, child_feature_id: valve.id }] }],
    });
    await client.put(url, { children: [{ child_layer_id: valves.id, rule: 'spatial', tolerance_m: 1 }] });
    expect(await count('feature_links')).toBe(0);
  });

  it('refuses children outside the map, itself, repeated, spatial without tolerance and foreign links', async () => {
    const { client } = await t.signedIn('admin');
    const db = t.database.db;
    const map = await insertMap(db);
    const parent = await insertLayer(db, map.id);
    const child = await insertLayer(db, map.id);
    const elsewhere = await insertLayer(db, (await insertMap(db)).id);
    const parentFeature = await insertFeature(db, parent.id, point(0, 0));
    const childFeature = await insertFeature(db, child.id, point(0, 0));
    const url = `/api/maps/${map.id}/layers/${parent.id}/relations`;
    const response = await client.put(url, {
      children: [
        { child_layer_id: parent.id, rule: 'spatial', tolerance_m: 1 },
        { child_layer_id: elsewhere.id, rule: 'spatial', tolerance_m: 1 },
        { child_layer_id: child.id, rule: 'spatial' },
        {
          child_layer_id: child.id,
          rule: 'manual',
          links: [
            { parent_feature_id: childFeature.id, child_feature_id: parentFeature.id },
            { parent_feature_id: parentFeature.id, child_feature_id: 2147483647 },
            { parent_feature_id: parentFeature.id, child_feature_id: childFeature.id },
          ],
        },
        { child_layer_id: 99999999999, rule: 'manual' },
      ],
    });
    expect(response.status).toBe(422);
    expect(Object.keys(response.json<Errors>().errors).sort()).toEqual([
      'children.0.child_layer_id',
      'children.1.child_layer_id',
      'children.2.tolerance_m',
      'children.3.child_layer_id',
      'children.3.links.0.child_feature_id',
      'children.3.links.0.parent_feature_id',
      'children.3.links.1.child_feature_id',
      'children.4.child_layer_id',
    ]);
    expect(response.json<Errors>().errors['children.3.links.0.parent_feature_id']).toEqual([
      `Feature ${childFeature.id} is not in the parent layer.`,
    ]);
    expect(await count('layer_relations')).toBe(0);
  });
});
