import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { multipart } from '../../test-support/multipart.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

// A body limit high enough for the geometry to reach the checks (the default 1 MB stops it
// sooner), and a byte limit below what 100,001 vertices take, which the vertex count still names.
const MAX_BYTES = 1_000_000;
let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'atlasboard-feature-size-'));
  t = await startTestApp({
    DATA_DIR: dir,
    BODY_LIMIT: String(8 * 1024 * 1024),
    FEATURE_MAX_BYTES: String(MAX_BYTES),
  });
}, 600_000);
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

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
  }, 300_000);
});

describe('a feature of more than FEATURE_MAX_BYTES', () => {
  // 50,000 vertices of at least 28 bytes each as JSON: over 1.4 MB, within the vertex limit.
  const heavy = () => ({
    type: 'LineString',
    coordinates: Array.from({ length: 50_000 }, (_, i) => [-9.123456789 + i / 1e7, 38.712345678]),
  });
  const message = "A feature's geometry and values may take at most 1000000 bytes.";

  it('is refused with 422 on create, bulk save and OGC API writes, naming the field', async () => {
    const { client } = await t.signedIn('editor');
    const map = await insertMap(t.database.db);
    const layer = await insertLayer(t.database.db, map.id, { geometry_type: 'LineString', properties: [] });
    const url = `/api/maps/${map.id}/layers/${layer.id}/features`;
    const created = await client.post(url, { type: 'Feature', geometry: heavy(), properties: {} });
    expect(created.status).toBe(422);
    expect(created.json<Errors>().errors).toEqual({ geometry: [message] });

    const fine = await client.post(url, { type: 'Feature', geometry: line(2), properties: {} });
    expect(fine.status).toBe(201);
    const id = fine.json<{ data: { id: number } }>().data.id;
    const saved = await client.post(`/api/maps/${map.id}/updateFeatures`, {
      features: [{ type: 'Feature', id, layer_id: layer.id, geometry: heavy() }],
    });
    expect(saved.status).toBe(422);
    expect(saved.json<Errors>().errors).toEqual({ 'features.0.geometry': [message] });

    const ogc = await client.request('POST', `/ogc/maps/${map.id}/collections/${layer.id}/items`, {
      body: { type: 'Feature', geometry: heavy(), properties: {} },
      headers: { 'content-type': 'application/geo+json' },
    });
    expect(ogc.status).toBe(422);
  }, 300_000);

  it('is skipped on import with its row named, as is one of too many vertices', async () => {
    const { client } = await t.signedIn('admin');
    const map = await insertMap(t.database.db);
    const file = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: line(2), properties: {} },
        { type: 'Feature', geometry: heavy(), properties: {} },
        { type: 'Feature', geometry: line(100_001), properties: {} },
      ],
    });
    const response = await client.request(
      'POST',
      `/api/maps/${map.id}/layers/upload`,
      multipart({}, 'heavy.geojson', Buffer.from(file)),
    );
    expect(response.status, response.text.slice(0, 300)).toBe(201);
    expect(response.json<{ meta: unknown }>().meta).toEqual({
      features_imported: 1,
      features_skipped: 2,
      warnings: [
        'Feature 2 was skipped: its geometry and values take more than 1000000 bytes.',
        'Feature 3 was skipped: its geometry has more than 100000 vertices.',
      ],
    });
  }, 300_000);

  it('the limits come from the environment, with defaults', () => {
    expect(t.config.featureLimits).toEqual({
      vertices: 100_000,
      bytes: MAX_BYTES,
      answerBytes: 2 * 1024 * 1024,
    });
  });
});
