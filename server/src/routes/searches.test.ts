import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => t.database.reset());

interface Search {
  id: number;
  map_id: number;
  layer_id: number;
  name: string;
  fields: string[];
  operator: string;
  order: number;
}
interface Problem {
  errors: Record<string, string[]>;
}

const PIPE_PROPERTIES = [
  { name: 'street' },
  { name: 'material' },
  { name: 'diameter_mm', type: 'integer' as const },
];

async function mapWithPipes() {
  const { db } = t.database;
  const map = await insertMap(db);
  const pipes = await insertLayer(db, map.id, { name: 'Pipes', properties: PIPE_PROPERTIES });
  return { map, pipes };
}

describe('saved searches', () => {
  it('creates, lists in order, reads, updates and deletes', async () => {
    const { client } = await t.signedIn('admin');
    const { map, pipes } = await mapWithPipes();
    const base = `/api/maps/${map.id}/search`;

    const created = await client.post(base, { layer_id: pipes.id, name: 'By street', fields: ['street'] });
    expect(created.status).toBe(201);
    const first = created.json<{ data: Search }>().data;
    expect(first).toEqual({
      id: first.id,
      map_id: map.id,
      layer_id: pipes.id,
      name: 'By street',
      fields: ['street'],
      operator: 'contains',
      order: 0,
    });
    const second = (
      await client.post(base, {
        layer_id: pipes.id,
        name: 'By material',
        fields: ['material', 'street'],
        operator: 'equals',
      })
    ).json<{ data: Search }>().data;
    expect(second.order).toBe(1);
    const top = (
      await client.post(base, { layer_id: pipes.id, name: 'First', fields: ['street'], order: 0 })
    ).json<{ data: Search }>().data;

    const list = (await client.get(base)).json<{ data: Search[] }>().data;
    expect(list.map((row) => row.id)).toEqual([first.id, top.id, second.id]);
    expect((await client.get(`${base}/${second.id}`)).json<{ data: Search }>().data).toEqual(second);

    const updated = await client.put(`${base}/${second.id}`, {
      operator: 'starts_with',
      fields: ['diameter_mm'],
    });
    expect(updated.status).toBe(200);
    expect(updated.json<{ data: Search }>().data).toEqual({
      ...second,
      operator: 'starts_with',
      fields: ['diameter_mm'],
    });

    expect((await client.delete(`${base}/${second.id}`)).status).toBe(204);
    expect((await client.get(`${base}/${second.id}`)).status).toBe(404);
    expect((await client.get(base)).json<{ data: Search[] }>().data).toHaveLength(2);
  });

  it('answers 422 per field: layer of another map, not vector, unknown property names', async () => {
    const { client } = await t.signedIn('admin');
    const { db } = t.database;
    const { map, pipes } = await mapWithPipes();
    const other = await insertMap(db);
    const foreign = await insertLayer(db, other.id, { properties: PIPE_PROPERTIES });
    const tiles = await insertLayer(db, map.id, { type: 'xyz' });
    const base = `/api/maps/${map.id}/search`;

    const wrongTypes = await client.post(base, {
      layer_id: '1',
      name: '',
      fields: 'street',
      operator: 'like',
      x: 1,
    });
    expect(wrongTypes.status).toBe(422);
    expect(Object.keys(wrongTypes.json<Problem>().errors).sort()).toEqual([
      'fields',
      'layer_id',
      'name',
      'operator',
      'x',
    ]);
    const badNames = await client.post(base, { layer_id: pipes.id, name: 'X', fields: ['Street', 'a b'] });
    expect(Object.keys(badNames.json<Problem>().errors).sort()).toEqual(['fields.0', 'fields.1']);

    for (const layerId of [foreign.id, 999, 2_147_483_648]) {
      const response = await client.post(base, { layer_id: layerId, name: 'X', fields: ['street'] });
      expect(response.json<Problem>().errors).toEqual({
        layer_id: ['The selected layer is not a layer of this map.'],
      });
    }
    const remote = await client.post(base, { layer_id: tiles.id, name: 'X', fields: ['street'] });
    expect(Object.keys(remote.json<Problem>().errors)).toEqual(['layer_id']);

    const unknown = await client.post(base, { layer_id: pipes.id, name: '  ', fields: ['street', 'colour'] });
    expect(unknown.status).toBe(422);
    expect(unknown.json<Problem>().errors).toEqual({
      name: ['The name field is required.'],
      'fields.1': ['The layer has no property named "colour".'],
    });
    expect((await client.get(base)).json<{ data: Search[] }>().data).toEqual([]);
  });

  it('re-checks the fields when the layer changes, and stores SQL-looking names verbatim', async () => {
    const { client } = await t.signedIn('admin');
    const { db } = t.database;
    const { map, pipes } = await mapWithPipes();
    const valves = await insertLayer(db, map.id, { properties: [{ name: 'code' }] });
    const base = `/api/maps/${map.id}/search`;
    const name = "Robert'); DROP TABLE searches;--";
    const search = (await client.post(base, { layer_id: pipes.id, name, fields: ['street'] })).json<{
      data: Search;
    }>().data;
    expect(search.name).toBe(name);

    const moved = await client.put(`${base}/${search.id}`, { layer_id: valves.id });
    expect(moved.json<Problem>().errors).toEqual({
      'fields.0': ['The layer has no property named "street".'],
    });
    const both = await client.put(`${base}/${search.id}`, { layer_id: valves.id, fields: ['code'] });
    expect(both.json<{ data: Search }>().data).toMatchObject({ layer_id: valves.id, fields: ['code'], name });
    expect((await client.put(`${base}/${search.id}`, {})).status).toBe(422);
  });

  it('is 404 under another map or for a missing map', async () => {
    const { client } = await t.signedIn('admin');
    const { map, pipes } = await mapWithPipes();
    const other = await insertMap(t.database.db);
    const search = (
      await client.post(`/api/maps/${map.id}/search`, { layer_id: pipes.id, name: 'X', fields: ['street'] })
    ).json<{ data: Search }>().data;
    const wrong = `/api/maps/${other.id}/search/${search.id}`;
    expect((await client.get(wrong)).status).toBe(404);
    expect((await client.put(wrong, { name: 'Y' })).status).toBe(404);
    expect((await client.delete(wrong)).status).toBe(404);
    expect((await client.get('/api/maps/999/search')).status).toBe(404);
    expect(
      (await client.post('/api/maps/999/search', { layer_id: pipes.id, name: 'X', fields: ['street'] }))
        .status,
    ).toBe(404);
    expect(
      (await client.get(`/api/maps/${map.id}/search/${search.id}`)).json<{ data: Search }>().data.name,
    ).toBe('X');
  });

  it('lets editors and users read but not change; guests get 401', async () => {
    const { map, pipes } = await mapWithPipes();
    const rows = await t.database.db.query<{ id: number }>(
      `INSERT INTO searches (map_id, layer_id, name, fields, operator) VALUES ($1, $2, 'X', '["street"]', 'contains') RETURNING id`,
      [map.id, pipes.id],
    );
    const one = `/api/maps/${map.id}/search/${rows[0]?.id}`;
    for (const type of ['editor', 'user'] as const) {
      const { client } = await t.signedIn(type);
      expect((await client.get(`/api/maps/${map.id}/search`)).status).toBe(200);
      expect((await client.get(one)).status).toBe(200);
      const body = { layer_id: pipes.id, name: 'Mine', fields: ['street'] };
      expect((await client.post(`/api/maps/${map.id}/search`, body)).status).toBe(403);
      expect((await client.put(one, { name: 'Mine' })).status).toBe(403);
      expect((await client.delete(one)).status).toBe(403);
    }
    expect((await t.client().get(one)).status).toBe(401);
    expect((await t.database.db.query('SELECT name FROM searches')).map((row) => row.name)).toEqual(['X']);
  });
});
