import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => t.database.reset());

interface MainSearch {
  id: number;
  map_id: number;
  layer_id: number;
  label: string;
  fields: string[];
  display_field: string;
  order: number;
}
interface Problem {
  errors: Record<string, string[]>;
}

async function mapWithHydrants() {
  const { db } = t.database;
  const map = await insertMap(db);
  const hydrants = await insertLayer(db, map.id, { properties: [{ name: 'code' }, { name: 'street' }] });
  const valves = await insertLayer(db, map.id, { properties: [{ name: 'tag' }] });
  return { map, hydrants, valves, base: `/api/maps/${map.id}/main-search` };
}

describe('main search entries', () => {
  it('creates, lists, reads, updates and deletes', async () => {
    const { client } = await t.signedIn('admin');
    const { map, hydrants, valves, base } = await mapWithHydrants();

    const created = await client.post(base, {
      layer_id: hydrants.id,
      label: 'Hydrants',
      fields: ['code', 'street'],
      display_field: 'code',
    });
    expect(created.status).toBe(201);
    const entry = created.json<{ data: MainSearch }>().data;
    expect(entry).toEqual({
      id: entry.id,
      map_id: map.id,
      layer_id: hydrants.id,
      label: 'Hydrants',
      fields: ['code', 'street'],
      display_field: 'code',
      order: 0,
    });
    const second = (
      await client.post(base, { layer_id: valves.id, label: 'Valves', fields: ['tag'], display_field: 'tag' })
    ).json<{ data: MainSearch }>().data;
    expect(second.order).toBe(1);
    expect((await client.get(base)).json<{ data: MainSearch[] }>().data.map((row) => row.id)).toEqual([
      entry.id,
      second.id,
    ]);
    expect((await client.get(`${base}/${entry.id}`)).json<{ data: MainSearch }>().data).toEqual(entry);

    const updated = await client.put(`${base}/${entry.id}`, {
      label: 'Fire hydrants',
      display_field: 'street',
    });
    expect(updated.json<{ data: MainSearch }>().data).toEqual({
      ...entry,
      label: 'Fire hydrants',
      display_field: 'street',
    });
    expect((await client.delete(`${base}/${entry.id}`)).status).toBe(204);
    expect((await client.get(`${base}/${entry.id}`)).status).toBe(404);
  });

  it('answers 422 per field for bad layers, fields and display fields', async () => {
    const { client } = await t.signedIn('admin');
    const { db } = t.database;
    const { hydrants, base } = await mapWithHydrants();
    const other = await insertMap(db);
    const foreign = await insertLayer(db, other.id, { properties: [{ name: 'code' }] });

    const missing = await client.post(base, {});
    expect(Object.keys(missing.json<Problem>().errors).sort()).toEqual([
      'display_field',
      'fields',
      'label',
      'layer_id',
    ]);
    const unknown = await client.post(base, {
      layer_id: hydrants.id,
      label: 'H',
      fields: ['code', 'colour'],
      display_field: 'name',
    });
    expect(unknown.json<Problem>().errors).toEqual({
      'fields.1': ['The layer has no property named "colour".'],
      display_field: ['The layer has no property named "name".'],
    });
    const elsewhere = await client.post(base, {
      layer_id: foreign.id,
      label: 'H',
      fields: ['code'],
      display_field: 'code',
    });
    expect(Object.keys(elsewhere.json<Problem>().errors)).toEqual(['layer_id']);
    expect((await client.get(base)).json<{ data: MainSearch[] }>().data).toEqual([]);
  });

  it('allows one entry per layer, since the search box finds the entry by layer', async () => {
    const { client } = await t.signedIn('admin');
    const { hydrants, valves, base } = await mapWithHydrants();
    const body = { layer_id: hydrants.id, label: 'H', fields: ['code'], display_field: 'code' };
    expect((await client.post(base, body)).status).toBe(201);
    const again = await client.post(base, { ...body, label: 'Again' });
    expect(again.status).toBe(422);
    expect(again.json<Problem>().errors).toEqual({
      layer_id: ['This layer already has a main search entry on this map.'],
    });
    const other = (
      await client.post(base, { layer_id: valves.id, label: 'V', fields: ['tag'], display_field: 'tag' })
    ).json<{ data: MainSearch }>().data;
    const moved = await client.put(`${base}/${other.id}`, { layer_id: hydrants.id });
    expect(Object.keys(moved.json<Problem>().errors).sort()).toEqual([
      'display_field',
      'fields.0',
      'layer_id',
    ]);
    // Saving an entry's own layer again is not a clash.
    expect((await client.put(`${base}/${other.id}`, { layer_id: valves.id, label: 'Valves' })).status).toBe(
      200,
    );
  });

  it('is 404 under another map; editors and users only read; guests get 401', async () => {
    const { client: admin } = await t.signedIn('admin');
    const { hydrants, base } = await mapWithHydrants();
    const other = await insertMap(t.database.db);
    const entry = (
      await admin.post(base, { layer_id: hydrants.id, label: 'H', fields: ['code'], display_field: 'code' })
    ).json<{ data: MainSearch }>().data;
    const wrong = `/api/maps/${other.id}/main-search/${entry.id}`;
    expect((await admin.get(wrong)).status).toBe(404);
    expect((await admin.put(wrong, { label: 'X' })).status).toBe(404);
    expect((await admin.delete(wrong)).status).toBe(404);
    expect((await admin.get('/api/maps/999/main-search')).status).toBe(404);

    for (const type of ['editor', 'user'] as const) {
      const { client } = await t.signedIn(type);
      expect((await client.get(base)).status).toBe(200);
      expect((await client.get(`${base}/${entry.id}`)).status).toBe(200);
      expect((await client.put(`${base}/${entry.id}`, { label: 'Mine' })).status).toBe(403);
      expect((await client.delete(`${base}/${entry.id}`)).status).toBe(403);
    }
    expect((await t.client().get(base)).status).toBe(401);
    expect((await admin.get(`${base}/${entry.id}`)).json<{ data: MainSearch }>().data.label).toBe('H');
  });
});
