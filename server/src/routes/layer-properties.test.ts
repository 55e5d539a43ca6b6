import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertFeature, insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
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
const audits = async () =>
  t.database.db.query<{ event: string; old_values: object; new_values: object; user_id: number }>(
    'SELECT event, old_values, new_values, user_id FROM feature_audits ORDER BY auditable_id',
  );
const storedProperties = async (layerId: number) =>
  (
    await t.database.db.query<{ properties: Record<string, unknown> }>(
      'SELECT properties FROM features WHERE layer_id = $1 ORDER BY id',
      [layerId],
    )
  ).map((row) => row.properties);

describe('layer properties', () => {
  it('adds, edits and renames entries, carrying stored values and references', async () => {
    const { client, user: admin } = await t.signedIn('admin');
    const db = t.database.db;
    const map = await insertMap(db);
    const layer = await insertLayer(db, map.id, {
      properties: [
        { name: 'install_date', type: 'date' },
        { name: 'diameter', type: 'string' },
        { name: 'a', type: 'string' },
        { name: 'b', type: 'string' },
      ],
    });
    await insertFeature(db, layer.id, point(0, 0), {
      install_date: '2020-01-02',
      diameter: '150',
      a: 'A',
      b: 'B',
    });
    await insertFeature(db, layer.id, point(1, 1), { diameter: null, a: 'A2' });
    await db.query(`UPDATE layers SET style = style || '{"label_property": "install_date"}' WHERE id = $1`, [
      layer.id,
    ]);
    await db.query(
      `INSERT INTO filters (map_id, layer_id, name, property, type) VALUES ($1, $2, 'Installed', 'install_date', 'date_range')`,
      [map.id, layer.id],
    );
    await db.query(
      `INSERT INTO searches (map_id, layer_id, name, fields, operator) VALUES ($1, $2, 'S', '["a", "install_date"]', 'equals')`,
      [map.id, layer.id],
    );

    const response = await client.put(`/api/maps/${map.id}/layers/${layer.id}/properties`, {
      properties: [
        { name: 'installed_on', previous_name: 'install_date', label: 'Installed on', type: 'date' },
        { name: 'diameter', label: 'Diameter', type: 'integer', options: ['ignored'] },
        { name: 'b', previous_name: 'a', label: 'B from A', type: 'string' },
        { name: 'a', previous_name: 'b', label: 'A from B', type: 'string' },
        { name: 'status', label: 'Status', type: 'enum', required: true, options: ['open', 'closed'] },
      ],
    });
    expect(response.status).toBe(200);
    const layerBody = response.json<{ data: LayerBody }>().data;
    expect(layerBody.properties).toEqual([
      { name: 'installed_on', label: 'Installed on', type: 'date', required: false, options: null },
      { name: 'diameter', label: 'Diameter', type: 'integer', required: false, options: null },
      { name: 'b', label: 'B from A', type: 'string', required: false, options: null },
      { name: 'a', label: 'A from B', type: 'string', required: false, options: null },
      { name: 'status', label: 'Status', type: 'enum', required: true, options: ['open', 'closed'] },
    ]);
    expect(layerBody.style.label_property).toBe('installed_on');
    expect(await storedProperties(layer.id)).toEqual([
      { installed_on: '2020-01-02', diameter: 150, a: 'B', b: 'A' },
      { diameter: null, b: 'A2' },
    ]);
    // Every feature whose values changed has a history row with just what changed.
    expect(await audits()).toEqual([
      {
        event: 'updated',
        user_id: admin.id,
        old_values: { install_date: '2020-01-02', installed_on: null, diameter: '150', a: 'A', b: 'B' },
        new_values: { install_date: null, installed_on: '2020-01-02', diameter: 150, a: 'B', b: 'A' },
      },
      {
        event: 'updated',
        user_id: admin.id,
        old_values: { a: 'A2', b: null },
        new_values: { a: null, b: 'A2' },
      },
    ]);
    expect((await db.query<{ property: string }>('SELECT property FROM filters'))[0]?.property).toBe(
      'installed_on',
    );
    expect((await db.query<{ fields: string[] }>('SELECT fields FROM searches'))[0]?.fields).toEqual([
      'b',
      'installed_on',
    ]);
  });

  it('refuses duplicates, unknown renames, enums without options and values that do not convert, changing nothing', async () => {
    const { client } = await t.signedIn('admin');
    const db = t.database.db;
    const map = await insertMap(db);
    const layer = await insertLayer(db, map.id, {
      properties: [
        { name: 'name', type: 'string' },
        { name: 'code', type: 'string' },
      ],
    });
    await insertFeature(db, layer.id, point(0, 0), { name: 'x', code: 'abc' });
    const url = `/api/maps/${map.id}/layers/${layer.id}/properties`;
    const errorsOf = async (properties: object[]) => {
      const response = await client.put(url, { properties });
      expect(response.status).toBe(422);
      return response.json<Errors>().errors;
    };
    expect(
      Object.keys(
        await errorsOf([
          { name: 'dup', label: 'D', type: 'string' },
          { name: 'dup', label: 'D', type: 'string' },
          { name: 'kind', label: 'K', type: 'enum', options: [] },
          { name: 'new_name', previous_name: 'missing', label: 'M', type: 'string' },
          { name: 'code', previous_name: 'name', label: 'C', type: 'string' },
        ]),
      ).sort(),
    ).toEqual([
      'properties.1.name',
      'properties.2.options',
      'properties.3.previous_name',
      'properties.4.name',
    ]);
    // The rename is valid, but "abc" is no integer: the whole request is rolled back.
    const conversion = await errorsOf([
      { name: 'title', previous_name: 'name', label: 'Title', type: 'string' },
      { name: 'code', label: 'Code', type: 'integer' },
    ]);
    expect(conversion).toEqual({
      'properties.1.type': ['Stored values of code cannot be converted to integer.'],
    });
    expect(Object.keys(await errorsOf([{ name: 'code', label: 'C', type: 'enum', options: ['x'] }]))).toEqual(
      ['properties.0.type'],
    );
    expect(
      Object.keys(await errorsOf([{ name: 'Code!', label: 'C', type: 'text', extra: true }])).sort(),
    ).toEqual(['properties.0.extra', 'properties.0.name', 'properties.0.type']);
    expect(await storedProperties(layer.id)).toEqual([{ name: 'x', code: 'abc' }]);
    expect(await audits()).toEqual([]);
    const schema = (await client.get(`/api/maps/${map.id}/layers/${layer.id}`)).json<{ data: LayerBody }>()
      .data;
    expect(schema.properties.map((entry) => [entry.name, entry.type])).toEqual([
      ['name', 'string'],
      ['code', 'string'],
    ]);
  });

  it('deletes entries with their values and the filters and searches that used them', async () => {
    const { client } = await t.signedIn('admin');
    const db = t.database.db;
    const map = await insertMap(db);
    const layer = await insertLayer(db, map.id, {
      properties: [{ name: 'keep' }, { name: 'drop' }, { name: 'also' }],
    });
    await insertFeature(db, layer.id, point(0, 0), { keep: 1, drop: 2, also: 3 });
    await db.query(
      `INSERT INTO filters (map_id, layer_id, name, property, type) VALUES ($1, $2, 'F', 'drop', 'text'), ($1, $2, 'G', 'keep', 'text')`,
      [map.id, layer.id],
    );
    await db.query(
      `INSERT INTO searches (map_id, layer_id, name, fields, operator) VALUES
       ($1, $2, 'Mixed', '["keep", "drop"]', 'equals'), ($1, $2, 'Only dropped', '["drop"]', 'equals')`,
      [map.id, layer.id],
    );
    const url = `/api/maps/${map.id}/layers/${layer.id}/properties`;
    const unknown = await client.post(url, { names: ['drop', 'nope'] });
    expect(unknown.status).toBe(422);
    expect(unknown.json<Errors>().errors).toEqual({ 'names.1': ['There is no property named nope.'] });
    expect((await client.post(url, { names: ['drop', 'drop'] })).status).toBe(422);

    const response = await client.post(url, { names: ['drop', 'also'] });
    expect(response.status).toBe(200);
    expect(response.json<{ data: LayerBody }>().data.properties.map((entry) => entry.name)).toEqual(['keep']);
    expect(await storedProperties(layer.id)).toEqual([{ keep: 1 }]);
    expect(await audits()).toMatchObject([
      { event: 'updated', old_values: { drop: 2, also: 3 }, new_values: { drop: null, also: null } },
    ]);
    expect((await db.query<{ name: string }>('SELECT name FROM filters')).map((row) => row.name)).toEqual([
      'G',
    ]);
    expect(await db.query('SELECT name, fields FROM searches')).toEqual([
      { name: 'Mixed', fields: ['keep'] },
    ]);
  });
});
