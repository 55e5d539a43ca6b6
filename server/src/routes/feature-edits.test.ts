import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertFeature, insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => t.database.reset());

const point = (lon: number) => ({ type: 'Point', coordinates: [lon, 38.7] });
const SCHEMA = [
  { name: 'material', type: 'enum' as const, options: ['pvc', 'steel'], required: true },
  { name: 'diameter_mm', type: 'integer' as const },
  { name: 'note', type: 'string' as const },
];

async function valves(count: number) {
  const map = await insertMap(t.database.db);
  const layer = await insertLayer(t.database.db, map.id, { properties: SCHEMA });
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1)
    ids.push(
      (await insertFeature(t.database.db, layer.id, point(i / 100), { material: 'pvc', diameter_mm: 100 }))
        .id,
    );
  return { map, layer, ids };
}

async function snapshot() {
  return t.database.db.query('SELECT id, properties, ST_AsText(geom) AS wkt FROM features ORDER BY id');
}
async function auditCount() {
  return (await t.database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM feature_audits'))[0]?.n;
}

interface Audit {
  event: string;
  old_values: Record<string, unknown> | null;
  new_values: Record<string, unknown> | null;
  user: { id: number; name: string } | null;
}

describe('saving an editing session', () => {
  it('edits and deletes in one save, writing old and new values to the history', async () => {
    const { client, user } = await t.signedIn('editor');
    const { map, layer, ids } = await valves(3);
    const [a, b, c] = ids as [number, number, number];
    const response = await client.post(`/api/maps/${map.id}/updateFeatures`, {
      features: [
        { type: 'Feature', id: a, layer_id: layer.id, properties: { diameter_mm: 150, note: 'relined' } },
        { type: 'Feature', id: b, layer_id: layer.id, geometry: point(5), properties: { diameter_mm: null } },
      ],
      delete_ids: [c],
    });
    expect(response.status).toBe(200);
    const data = response.json<{
      data: { updated: { id: number; properties: object; updated_by: number }[]; deleted_ids: number[] };
    }>().data;
    expect(data.deleted_ids).toEqual([c]);
    expect(data.updated.map((f) => f.properties)).toEqual([
      { material: 'pvc', diameter_mm: 150, note: 'relined' },
      { material: 'pvc' },
    ]);
    expect(data.updated[0]?.updated_by).toBe(user.id);

    const history = (await client.get(`/api/maps/${map.id}/features/${a}/history`)).json<{ data: Audit[] }>();
    expect(history.data).toEqual([
      expect.objectContaining({
        event: 'updated',
        old_values: { diameter_mm: 100, note: null },
        new_values: { diameter_mm: 150, note: 'relined' },
        user: { id: user.id, name: user.name },
      }),
    ]);
    const moved = (
      await client.get(`/api/maps/${map.id}/features/${b}/history`, { query: { include_geometry: 'true' } })
    ).json<{ data: Audit[] }>();
    expect(moved.data[0]?.old_values).toMatchObject({ diameter_mm: 100, geometry: point(0.01) });
    expect(moved.data[0]?.new_values).toMatchObject({ diameter_mm: null, geometry: point(5) });
    // A deleted feature's history stays readable, newest first.
    const gone = (await client.get(`/api/maps/${map.id}/features/${c}/history`)).json<{ data: Audit[] }>();
    expect(gone.data.map((entry) => entry.event)).toEqual(['deleted']);
    expect(gone.data[0]?.old_values).toMatchObject({ material: 'pvc', diameter_mm: 100 });
    const [stats] = await t.database.db.query<{ features_count: number }>(
      'SELECT features_count FROM layers WHERE id = $1',
      [layer.id],
    );
    expect(stats?.features_count).toBe(2);
  });

  it('rejects the whole save for one bad entry, naming it, and changes nothing', async () => {
    const { client } = await t.signedIn('editor');
    const { map, layer, ids } = await valves(4);
    const before = await snapshot();
    const audits = await auditCount();
    const response = await client.post(`/api/maps/${map.id}/updateFeatures`, {
      features: ids.map((id, index) => ({
        type: 'Feature',
        id,
        layer_id: layer.id,
        properties: index === 3 ? { material: 'gold' } : { diameter_mm: 300 },
      })),
      delete_ids: [ids[0]],
    });
    expect(response.status).toBe(422);
    expect(response.json<{ errors: object }>().errors).toEqual({
      'features.0.id': [expect.any(String)],
      'features.3.properties.material': ['The selected material is invalid.'],
    });
    expect(await snapshot()).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it('refuses features of another map (422 naming them) and users (403)', async () => {
    const { client } = await t.signedIn('editor');
    const { map, layer } = await valves(1);
    const other = await valves(1);
    const response = await client.post(`/api/maps/${map.id}/updateFeatures`, {
      features: [{ type: 'Feature', id: other.ids[0], layer_id: layer.id, properties: { note: 'x' } }],
      delete_ids: [other.ids[0]],
    });
    expect(response.status).toBe(422);
    expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual([
      'features.0.id',
      'delete_ids.0',
    ]);
    const viewer = (await t.signedIn('user')).client;
    expect(
      (await viewer.post(`/api/maps/${map.id}/updateFeatures`, { features: [], delete_ids: [other.ids[0]] }))
        .status,
    ).toBe(403);
  });
});

describe('setting values on a selection', () => {
  it('changes every selected feature in one go with one history entry each', async () => {
    const { client } = await t.signedIn('editor');
    const { map, layer, ids } = await valves(3);
    const response = await client.post(`/api/maps/${map.id}/updateMultiSelectFeatures`, {
      layer_id: layer.id,
      feature_ids: ids.slice(0, 2),
      properties: { material: 'steel' },
    });
    expect(response.json()).toEqual({ data: { layer_id: layer.id, updated_count: 2 } });
    const rows = await t.database.db.query<{ properties: { material: string } }>(
      'SELECT properties FROM features ORDER BY id',
    );
    expect(rows.map((row) => row.properties.material)).toEqual(['steel', 'steel', 'pvc']);
    const history = (await client.get(`/api/maps/${map.id}/features/${ids[1]}/history`)).json<{
      data: Audit[];
    }>();
    expect(history.data[0]).toMatchObject({
      event: 'updated',
      old_values: { material: 'pvc' },
      new_values: { material: 'steel' },
    });
  });

  it('changes nothing when one selected id is not on the layer or a value breaks the schema', async () => {
    const { client } = await t.signedIn('editor');
    const { map, layer, ids } = await valves(2);
    const before = await snapshot();
    const response = await client.post(`/api/maps/${map.id}/updateMultiSelectFeatures`, {
      layer_id: layer.id,
      feature_ids: [...ids, 999999],
      properties: { material: null, diameter_mm: 'wide' },
    });
    expect(response.status).toBe(422);
    expect(Object.keys(response.json<{ errors: object }>().errors).sort()).toEqual([
      'feature_ids.2',
      'properties.diameter_mm',
      'properties.material',
    ]);
    expect(await snapshot()).toEqual(before);
  });
});
