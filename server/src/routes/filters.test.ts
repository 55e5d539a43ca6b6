import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => t.database.reset());

interface Filter {
  id: number;
  map_id: number;
  layer_id: number;
  name: string;
  property: string;
  type: string;
  options: { value: string | number | boolean; label: string }[] | null;
  order: number;
}
interface Problem {
  errors: Record<string, string[]>;
}

const MATERIALS = [
  { value: 'cast_iron', label: 'Cast iron' },
  { value: 'pvc', label: 'PVC' },
];

async function mapWithPipes() {
  const { db } = t.database;
  const map = await insertMap(db);
  const pipes = await insertLayer(db, map.id, {
    properties: [
      { name: 'material', type: 'enum', options: ['cast_iron', 'pvc', 'steel'] },
      { name: 'diameter_mm', type: 'integer' },
      { name: 'street' },
      { name: 'active', type: 'boolean' },
      { name: 'laid_on', type: 'date' },
    ],
  });
  return { map, pipes, base: `/api/maps/${map.id}/filters` };
}

describe('filters', () => {
  it('creates, lists, reads, updates and deletes', async () => {
    const { client } = await t.signedIn('admin');
    const { map, pipes, base } = await mapWithPipes();

    const created = await client.post(base, {
      layer_id: pipes.id,
      name: 'Material',
      property: 'material',
      type: 'select',
      options: MATERIALS,
    });
    expect(created.status).toBe(201);
    const material = created.json<{ data: Filter }>().data;
    expect(material).toEqual({
      id: material.id,
      map_id: map.id,
      layer_id: pipes.id,
      name: 'Material',
      property: 'material',
      type: 'select',
      options: MATERIALS,
      order: 0,
    });
    const size = (
      await client.post(base, {
        layer_id: pipes.id,
        name: 'Diameter',
        property: 'diameter_mm',
        type: 'range',
      })
    ).json<{ data: Filter }>().data;
    expect(size).toMatchObject({ options: null, order: 1 });

    expect((await client.get(base)).json<{ data: Filter[] }>().data.map((row) => row.id)).toEqual([
      material.id,
      size.id,
    ]);
    expect((await client.get(`${base}/${material.id}`)).json<{ data: Filter }>().data).toEqual(material);

    const multi = await client.put(`${base}/${material.id}`, { type: 'multiselect' });
    expect(multi.json<{ data: Filter }>().data).toEqual({ ...material, type: 'multiselect' });
    // Options mean nothing to a text filter: they are dropped, not kept looking meaningful.
    const text = await client.put(`${base}/${material.id}`, { type: 'text' });
    expect(text.json<{ data: Filter }>().data).toMatchObject({ type: 'text', options: null });

    expect((await client.delete(`${base}/${size.id}`)).status).toBe(204);
    expect((await client.get(`${base}/${size.id}`)).status).toBe(404);
  });

  it('checks the property and the options against the layer schema, per field', async () => {
    const { client } = await t.signedIn('admin');
    const { pipes, base } = await mapWithPipes();
    const tiles = await insertLayer(t.database.db, (await insertMap(t.database.db)).id, { type: 'wms' });

    const wrongTypes = await client.post(base, {
      layer_id: pipes.id,
      name: 'X',
      property: 'Material',
      type: 'dropdown',
      options: [{ value: { a: 1 }, label: '' }],
    });
    expect(Object.keys(wrongTypes.json<Problem>().errors).sort()).toEqual([
      'options.0.label',
      'options.0.value',
      'property',
      'type',
    ]);
    const unknown = await client.post(base, {
      layer_id: pipes.id,
      name: 'X',
      property: 'colour',
      type: 'text',
    });
    expect(unknown.json<Problem>().errors).toEqual({
      property: ['The layer has no property named "colour".'],
    });
    const elsewhere = await client.post(base, {
      layer_id: tiles.id,
      name: 'X',
      property: 'street',
      type: 'text',
    });
    expect(elsewhere.json<Problem>().errors).toEqual({
      layer_id: ['The selected layer is not a layer of this map.'],
    });

    const badOptions = await client.post(base, {
      layer_id: pipes.id,
      name: 'Material',
      property: 'material',
      type: 'multiselect',
      options: [
        { value: 'pvc', label: 'PVC' },
        { value: 3, label: 'Three' },
        { value: 'gold', label: 'Gold' },
        { value: 'pvc', label: 'PVC again' },
      ],
    });
    expect(badOptions.json<Problem>().errors).toEqual({
      'options.1.value': ['The option value 3 does not match the type of the property "material".'],
      'options.2.value': ['The property "material" cannot take the value "gold".'],
      'options.3.value': ['The option value "pvc" is listed more than once.'],
    });
    const fraction = await client.post(base, {
      layer_id: pipes.id,
      name: 'Size',
      property: 'diameter_mm',
      type: 'select',
      options: [{ value: 110.5, label: '110.5' }],
    });
    expect(Object.keys(fraction.json<Problem>().errors)).toEqual(['options.0.value']);
    const yesNo = await client.post(base, {
      layer_id: pipes.id,
      name: 'Active',
      property: 'active',
      type: 'select',
      options: [
        { value: true, label: 'Yes' },
        { value: false, label: 'No' },
      ],
    });
    expect(yesNo.status).toBe(201);
    expect((await client.get(base)).json<{ data: Filter[] }>().data).toHaveLength(1);
  });

  it('re-checks on update and keeps SQL-looking names verbatim', async () => {
    const { client } = await t.signedIn('admin');
    const { map, pipes, base } = await mapWithPipes();
    const valves = await insertLayer(t.database.db, map.id, { properties: [{ name: 'code' }] });
    const name = "1; DELETE FROM filters WHERE '1'='1";
    const filter = (
      await client.post(base, { layer_id: pipes.id, name, property: 'street', type: 'text' })
    ).json<{ data: Filter }>().data;
    expect(filter.name).toBe(name);

    const moved = await client.put(`${base}/${filter.id}`, { layer_id: valves.id });
    expect(moved.json<Problem>().errors).toEqual({ property: ['The layer has no property named "street".'] });
    const choices = await client.put(`${base}/${filter.id}`, {
      type: 'select',
      options: [{ value: 1, label: 'One' }],
    });
    expect(Object.keys(choices.json<Problem>().errors)).toEqual(['options.0.value']);
    expect((await client.put(`${base}/${filter.id}`, { layer_id: valves.id, property: 'code' })).status).toBe(
      200,
    );
    expect((await client.get(`${base}/${filter.id}`)).json<{ data: Filter }>().data).toMatchObject({
      layer_id: valves.id,
      property: 'code',
      type: 'text',
      name,
    });
  });

  it('is 404 under another map; editors and users only read; guests get 401', async () => {
    const { client: admin } = await t.signedIn('admin');
    const { pipes, base } = await mapWithPipes();
    const other = await insertMap(t.database.db);
    const filter = (
      await admin.post(base, { layer_id: pipes.id, name: 'Street', property: 'street', type: 'text' })
    ).json<{ data: Filter }>().data;
    const wrong = `/api/maps/${other.id}/filters/${filter.id}`;
    expect((await admin.get(wrong)).status).toBe(404);
    expect((await admin.put(wrong, { name: 'X' })).status).toBe(404);
    expect((await admin.delete(wrong)).status).toBe(404);
    expect((await admin.get('/api/maps/999/filters')).status).toBe(404);

    for (const type of ['editor', 'user'] as const) {
      const { client } = await t.signedIn(type);
      expect((await client.get(base)).status).toBe(200);
      expect((await client.get(`${base}/${filter.id}`)).status).toBe(200);
      const body = { layer_id: pipes.id, name: 'Mine', property: 'street', type: 'text' };
      expect((await client.post(base, body)).status).toBe(403);
      expect((await client.put(`${base}/${filter.id}`, { name: 'Mine' })).status).toBe(403);
      expect((await client.delete(`${base}/${filter.id}`)).status).toBe(403);
    }
    expect((await t.client().get(base)).status).toBe(401);
    expect((await admin.get(base)).json<{ data: Filter[] }>().data.map((row) => row.name)).toEqual([
      'Street',
    ]);
  });
});
