import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

// A body limit high enough for the geometry to reach the checks (the default 1 MB stops it sooner).
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ BODY_LIMIT: String(8 * 1024 * 1024) });
});
afterAll(async () => t.close());

type Errors = { errors: Record<string, string[]> };
const line = (vertices: number) => ({
  type: 'LineString',
  coordinates: Array.from({ length: vertices }, (_, i) => [-9 + i / 1e6, 38.7]),
});

describe('a feature of more than 100,000 vertices', () => {
  it('is refused with 422 on create, bulk save and OGC API writes, naming the field', async () => {
    const { client } = await t.signedIn('editor');
    const map = await insertMap(t.database.db);
    const layer = await insertLayer(t.database.db, map.id, { geometry_type: 'LineString', properties: [] });
    const huge = line(100_001);
    const message = "A feature's geometry may have at most 100000 vertices.";

    const created = await client.post(`/api/maps/${map.id}/layers/${layer.id}/features`, {
      type: 'Feature',
      geometry: huge,
      properties: {},
    });
    expect(created.status).toBe(422);
    expect(created.json<Errors>().errors).toEqual({ 'geometry.coordinates': [message] });

    const fine = await client.post(`/api/maps/${map.id}/layers/${layer.id}/features`, {
      type: 'Feature',
      geometry: line(2),
      properties: {},
    });
    expect(fine.status).toBe(201);
    const id = fine.json<{ data: { id: number } }>().data.id;
    const saved = await client.post(`/api/maps/${map.id}/updateFeatures`, {
      features: [{ type: 'Feature', id, layer_id: layer.id, geometry: huge }],
    });
    expect(saved.status).toBe(422);
    expect(Object.values(saved.json<Errors>().errors).flat()).toEqual([message]);

    const ogc = await client.request('POST', `/ogc/maps/${map.id}/collections/${layer.id}/items`, {
      body: { type: 'Feature', geometry: huge, properties: {} },
      headers: { 'content-type': 'application/geo+json' },
    });
    expect(ogc.status).toBe(422);
  });
});
