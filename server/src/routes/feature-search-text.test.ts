import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertFeature, insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import type { TestClient } from '../../test-support/test-client.ts';

/**
 * The table's search reads a stored copy of each feature's values (`features.search_text`,
 * migration 020), not the values themselves. Every way a value can change must change that
 * copy, or a search finds an old value and misses the new one: each write path below is
 * followed by a search for the new text (found) and the old (not found).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => t.database.reset());

const SCHEMA = [
  { name: 'material', type: 'string' as const },
  { name: 'note', type: 'string' as const },
];
const line = {
  type: 'LineString',
  coordinates: [
    [-9.14, 38.72],
    [-9.138, 38.72],
  ],
};

async function pipes() {
  const { client } = await t.signedIn('admin');
  const map = await insertMap(t.database.db);
  const layer = await insertLayer(t.database.db, map.id, { properties: SCHEMA, geometry_type: 'LineString' });
  const url = `/api/maps/${map.id}/layers/${layer.id}/features`;
  const found = async (text: string) =>
    (await client.get(url, { query: { search: text } }))
      .json<{ data: { id: number }[] }>()
      .data.map((feature) => feature.id)
      .sort((a, b) => a - b);
  return { client, map, layer, url, found };
}

/** Every stored copy is the text its values make now (the copy the search index reads). */
async function storedTextIsCurrent() {
  const stale = await t.database.db.query<{ id: number }>(
    `SELECT id FROM features WHERE search_text IS DISTINCT FROM lower(feature_search_text(properties))`,
  );
  expect(stale).toEqual([]);
}

const save = (client: TestClient, mapId: number, body: object) =>
  client.post(`/api/maps/${mapId}/updateFeatures`, { features: [], ...body });

describe('the stored search text', () => {
  it('follows a feature added, edited, and edited in bulk', async () => {
    const { client, map, layer, url, found } = await pipes();
    const created = await client.post(url, {
      type: 'Feature',
      geometry: line,
      properties: { material: 'Copper' },
    });
    expect(created.status).toBe(201);
    const { id } = created.json<{ data: { id: number } }>().data;
    expect(await found('coppe')).toEqual([id]);

    await save(client, map.id, {
      features: [
        { type: 'Feature', id, layer_id: layer.id, properties: { material: 'Bronze', note: 'relined' } },
      ],
    });
    expect(await found('bronz')).toEqual([id]);
    expect(await found('relined')).toEqual([id]);
    // Case is ignored beyond ASCII too, as ILIKE ignored it.
    await save(client, map.id, {
      features: [{ type: 'Feature', id, layer_id: layer.id, properties: { note: 'ÁGUA fria' } }],
    });
    expect(await found('água')).toEqual([id]);
    expect(await found('relined')).toEqual([]);
    expect(await found('copper')).toEqual([]);

    const other = await insertFeature(t.database.db, layer.id, line, { material: 'Bronze' });
    const bulk = await client.post(`/api/maps/${map.id}/updateMultiSelectFeatures`, {
      layer_id: layer.id,
      feature_ids: [id, other.id],
      properties: { material: 'Ductile iron' },
    });
    expect(bulk.status).toBe(200);
    expect(await found('ductile')).toEqual([id, other.id]);
    expect(await found('bronze')).toEqual([]);
    await storedTextIsCurrent();
  });

  it('follows a restored version and both halves of a split', async () => {
    const { client, map, layer, found } = await pipes();
    const { id } = await insertFeature(t.database.db, layer.id, line, { material: 'Lead' });
    await save(client, map.id, {
      features: [{ type: 'Feature', id, layer_id: layer.id, properties: { material: 'Polyethylene' } }],
    });
    expect(await found('lead')).toEqual([]);

    const restored = await client.post(`/api/maps/${map.id}/features/${id}/restore`, {
      version: 1,
      seen_version: 2,
    });
    expect(restored.status).toBe(200);
    expect(await found('lead')).toEqual([id]);
    expect(await found('polyeth')).toEqual([]);

    const split = await client.post(`/api/maps/${map.id}/features/${id}/split`, {
      point: { type: 'Point', coordinates: [-9.139, 38.720001] },
      seen_version: 3,
    });
    expect(split.status).toBe(201);
    const halves = split.json<{ data: { id: number }[] }>().data.map((feature) => feature.id);
    expect(await found('lead')).toEqual(halves.sort((a, b) => a - b));
    await storedTextIsCurrent();
  });

  it('follows a property renamed, converted and removed on the layer', async () => {
    const { client, map, layer, found } = await pipes();
    const { id } = await insertFeature(t.database.db, layer.id, line, { material: 'Clay', note: '0150' });
    const properties = (list: object[]) =>
      client.put(`/api/maps/${map.id}/layers/${layer.id}/properties`, { properties: list });

    // Renamed: the value is kept, and still found.
    const renamed = await properties([
      { name: 'pipe_material', previous_name: 'material', label: 'Material', type: 'string' },
      { name: 'note', label: 'Note', type: 'string' },
    ]);
    expect(renamed.status).toBe(200);
    expect(await found('clay')).toEqual([id]);

    // Converted to a number: '0150' is stored as 150, so its leading zero no longer matches.
    const converted = await properties([
      { name: 'pipe_material', label: 'Material', type: 'string' },
      { name: 'note', label: 'Note', type: 'integer' },
    ]);
    expect(converted.status).toBe(200);
    expect(await found('0150')).toEqual([]);
    expect(await found('150')).toEqual([id]);

    // Removed: its values go with it.
    const removed = await client.post(`/api/maps/${map.id}/layers/${layer.id}/properties`, {
      names: ['pipe_material'],
    });
    expect(removed.status).toBe(200);
    expect(await found('clay')).toEqual([]);
    await storedTextIsCurrent();
  });
});
