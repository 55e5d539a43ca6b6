import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertFeature, insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import type { TestClient } from '../../test-support/test-client.ts';

// Restore, deleted features and split. Runs on PGlite, and on PostgreSQL with
// `sh scripts/with-postgres.sh npx vitest run --project server <this file>`.
let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'atlasboard-versions-'));
  t = await startTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.database.reset();
  rmSync(path.join(dataDir, 'files'), { recursive: true, force: true });
});

const SCHEMA = [
  { name: 'material', type: 'enum' as const, options: ['pvc', 'steel'] },
  { name: 'diameter_mm', type: 'integer' as const },
];
const point = (lon: number, lat = 38.7) => ({ type: 'Point', coordinates: [lon, lat] });
const line = {
  type: 'LineString',
  coordinates: [
    [-9.14, 38.72],
    [-9.138, 38.72],
  ],
};

interface Feature {
  id: number;
  geometry: { type: string; coordinates: unknown };
  properties: Record<string, unknown>;
  files: { id: number; url: string; name: string }[];
}
interface Audit {
  event: string;
  version: number | null;
  restored_version: number | null;
  split_from: { feature_id: number; version: number } | null;
  user: { id: number; name: string } | null;
  old_values: Record<string, unknown> | null;
  new_values: Record<string, unknown> | null;
}

async function fixture(geometryType: 'Point' | 'LineString' = 'Point') {
  const map = await insertMap(t.database.db);
  const layer = await insertLayer(t.database.db, map.id, { properties: SCHEMA, geometry_type: geometryType });
  return { map, layer };
}
/** The feature's history with its geometries whole (by default they are given as their type). */
const history = async (client: TestClient, mapId: number, id: number) =>
  (
    await client.get(`/api/maps/${mapId}/features/${id}/history`, { query: { include_geometry: 'true' } })
  ).json<{ data: Audit[] }>().data;
const layerVersion = async (layerId: number) =>
  (await t.database.db.query<{ version: string }>('SELECT version FROM layers WHERE id = $1', [layerId]))[0]
    ?.version;
const save = (client: TestClient, mapId: number, body: object) =>
  client.post(`/api/maps/${mapId}/updateFeatures`, { features: [], ...body });

describe('restoring a version', () => {
  it('puts back the properties and geometry of an earlier version in one audited change', async () => {
    const { client, user } = await t.signedIn('editor');
    const { map, layer } = await fixture();
    // Like a demo feature: loaded without a history, so its first recorded change is version 2.
    const { id } = await insertFeature(t.database.db, layer.id, point(-9.14), {
      material: 'pvc',
      diameter_mm: 100,
    });
    const edit = { type: 'Feature', id, layer_id: layer.id };
    await save(client, map.id, { features: [{ ...edit, properties: { diameter_mm: 150 } }] });
    await save(client, map.id, {
      features: [{ ...edit, geometry: point(-9.1), properties: { material: 'steel', diameter_mm: null } }],
    });
    expect((await history(client, map.id, id)).map((entry) => entry.version)).toEqual([3, 2]);
    const tilesBefore = await layerVersion(layer.id);

    const restored = await client.post(`/api/maps/${map.id}/features/${id}/restore`, {
      version: 1,
      seen_version: 3,
    });
    expect(restored.status).toBe(200);
    const feature = restored.json<{ data: Feature }>().data;
    expect(feature.properties).toEqual({ material: 'pvc', diameter_mm: 100 });
    expect(feature.geometry).toEqual(point(-9.14));
    const [newest] = await history(client, map.id, id);
    expect(newest).toMatchObject({
      event: 'updated',
      version: 4,
      restored_version: 1,
      user: { id: user.id, name: user.name },
      old_values: { material: 'steel', diameter_mm: null, geometry: point(-9.1) },
      new_values: { material: 'pvc', diameter_mm: 100, geometry: point(-9.14) },
    });
    // The map redraws: the layer's tile version moved on.
    expect(Number(await layerVersion(layer.id))).toBeGreaterThan(Number(tilesBefore));
    const page = await client.get(`/api/maps/${map.id}/layers/${layer.id}/features`);
    expect(page.json<{ data: Feature[] }>().data[0]?.properties).toEqual({
      material: 'pvc',
      diameter_mm: 100,
    });

    // A version in between: only what it had (diameter 150, the first place).
    const middle = await client.post(`/api/maps/${map.id}/features/${id}/restore`, {
      version: 2,
      seen_version: 4,
    });
    expect(middle.json<{ data: Feature }>().data).toMatchObject({
      properties: { material: 'pvc', diameter_mm: 150 },
      geometry: point(-9.14),
    });
  });

  it('answers 409 with the current version when the feature changed since the one seen, changing nothing', async () => {
    const { client } = await t.signedIn('editor');
    const { map, layer } = await fixture();
    const { id } = await insertFeature(t.database.db, layer.id, point(-9.14), { diameter_mm: 100 });
    await save(client, map.id, {
      features: [{ type: 'Feature', id, layer_id: layer.id, properties: { diameter_mm: 150 } }],
    });
    // Someone else's save after the caller looked at version 2.
    const other = (await t.signedIn('editor')).client;
    await save(other, map.id, {
      features: [{ type: 'Feature', id, layer_id: layer.id, properties: { diameter_mm: 200 } }],
    });

    const stale = await client.post(`/api/maps/${map.id}/features/${id}/restore`, {
      version: 1,
      seen_version: 2,
    });
    expect(stale.status).toBe(409);
    expect(stale.json()).toEqual({ message: expect.stringContaining('version 3'), current_version: 3 });
    const rows = await t.database.db.query<{ properties: object }>(
      'SELECT properties FROM features WHERE id = $1',
      [id],
    );
    expect(rows[0]?.properties).toEqual({ diameter_mm: 200 });
    expect(await history(client, map.id, id)).toHaveLength(2);
  });

  it('refuses versions it cannot put back (422 on version) and callers who may not edit (403)', async () => {
    const { client } = await t.signedIn('editor');
    const { map, layer } = await fixture();
    const { id } = await insertFeature(t.database.db, layer.id, point(-9.14), { diameter_mm: 100 });
    await save(client, map.id, {
      features: [{ type: 'Feature', id, layer_id: layer.id, properties: { diameter_mm: 150 } }],
    });
    for (const version of [2, 9]) {
      const response = await client.post(`/api/maps/${map.id}/features/${id}/restore`, {
        version,
        seen_version: 2,
      });
      expect(response.status).toBe(422);
      expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(['version']);
    }
    const viewer = (await t.signedIn('user')).client;
    const response = await viewer.post(`/api/maps/${map.id}/features/${id}/restore`, {
      version: 1,
      seen_version: 2,
    });
    expect(response.status).toBe(403);
    expect((await viewer.get(`/api/maps/${map.id}/layers/${layer.id}/deleted-features`)).status).toBe(403);
  });
});

// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
function upload(client: TestClient, featureId: number) {
  const boundary = `----atlasboard${Date.now()}`;
  const rawBody = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="feature_id"\r\n\r\n${featureId}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="valve.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return client.request('POST', '/api/feature-layer/files', {
    rawBody,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}
const storedFiles = () => {
  const root = path.join(dataDir, 'files', 'features');
  return existsSync(root)
    ? readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
    : [];
};

describe('deleted features', () => {
  it('lists a deleted feature and brings it back with its files and its links', async () => {
    const { client, user } = await t.signedIn('editor');
    const { map, layer } = await fixture();
    const zones = await insertLayer(t.database.db, map.id, { geometry_type: 'Point' });
    const zone = await insertFeature(t.database.db, zones.id, point(-9.2), {});
    const { id } = await insertFeature(t.database.db, layer.id, point(-9.14), {
      material: 'steel',
      diameter_mm: 80,
    });
    const kept = await insertFeature(t.database.db, layer.id, point(-9.13), { material: 'pvc' });
    const [relation] = await t.database.db.query<{ id: number }>(
      `INSERT INTO layer_relations (parent_layer_id, child_layer_id, rule) VALUES ($1, $2, 'manual') RETURNING id`,
      [zones.id, layer.id],
    );
    await t.database.db.query(
      'INSERT INTO feature_links (relation_id, parent_feature_id, child_feature_id) VALUES ($1, $2, $3)',
      [relation?.id, zone.id, id],
    );
    expect((await upload(client, id)).status).toBe(201);
    const deleted = await save(client, map.id, { delete_ids: [id, kept.id] });
    expect(deleted.status).toBe(200);
    await save(client, map.id, {
      features: [{ type: 'Feature', id: kept.id, layer_id: layer.id, properties: {} }],
    });
    // The bytes stay for a restore.
    expect(storedFiles()).toHaveLength(1);

    const list = await client.get(`/api/maps/${map.id}/layers/${layer.id}/deleted-features?per_page=1`);
    expect(list.status).toBe(200);
    const first = list.json<{ data: object[]; meta: { next_before: number | null } }>();
    expect(first.data).toEqual([
      expect.objectContaining({ id: kept.id, version: 2, properties: { material: 'pvc' } }),
    ]);
    const second = (
      await client.get(
        `/api/maps/${map.id}/layers/${layer.id}/deleted-features?per_page=1&before=${first.meta.next_before}`,
      )
    ).json<{ data: object[]; meta: { next_before: number | null } }>();
    expect(second).toEqual({
      data: [
        {
          id,
          layer_id: layer.id,
          version: 2,
          geometry: point(-9.14),
          properties: { material: 'steel', diameter_mm: 80 },
          files_count: 1,
          deleted_at: expect.any(String),
          deleted_by: { id: user.id, name: user.name },
          deletion_id: expect.any(Number),
        },
      ],
      meta: { next_before: null },
    });

    const restored = await client.post(`/api/maps/${map.id}/features/${id}/restore`, {
      version: 1,
      seen_version: 2,
    });
    expect(restored.status).toBe(200);
    const feature = restored.json<{ data: Feature }>().data;
    expect(feature).toMatchObject({
      id,
      properties: { material: 'steel', diameter_mm: 80 },
      geometry: point(-9.14),
    });
    expect(feature.files.map((file) => file.name)).toEqual(['valve.png']);
    const download = await client.get(feature.files[0]?.url ?? '');
    expect(download.raw.equals(PNG)).toBe(true);
    const parents = await client.get(`/api/maps/${map.id}/features/${id}/parents`);
    expect(parents.json<{ data: { id: number }[] }>().data.map((parent) => parent.id)).toEqual([zone.id]);
    expect((await history(client, map.id, id))[0]).toMatchObject({
      event: 'created',
      version: 3,
      restored_version: 1,
      user: { id: user.id },
    });
    const after = await client.get(`/api/maps/${map.id}/layers/${layer.id}/deleted-features`);
    expect(after.json<{ data: { id: number }[] }>().data.map((row) => row.id)).toEqual([kept.id]);
    // Bringing it back twice: the second caller saw the deletion, which is no longer current.
    const again = await client.post(`/api/maps/${map.id}/features/${id}/restore`, {
      version: 1,
      seen_version: 2,
    });
    expect(again.status).toBe(409);
    expect(again.json<{ current_version: number }>().current_version).toBe(3);
  });
});

describe('splitting a line', () => {
  it('makes two features with the attributes copied, each history naming the source and version', async () => {
    const { client, user } = await t.signedIn('editor');
    const { map, layer } = await fixture('LineString');
    const { id } = await insertFeature(t.database.db, layer.id, line, { material: 'pvc', diameter_mm: 110 });
    // 0.1 m north of the line, half way along.
    const response = await client.post(`/api/maps/${map.id}/features/${id}/split`, {
      point: point(-9.139, 38.720001),
      seen_version: 1,
    });
    expect(response.status).toBe(201);
    const [first, rest] = response.json<{ data: Feature[] }>().data as [Feature, Feature];
    expect(first.id).toBe(id);
    expect(rest.id).not.toBe(id);
    expect(rest.properties).toEqual({ material: 'pvc', diameter_mm: 110 });
    const a = first.geometry.coordinates as number[][];
    const b = rest.geometry.coordinates as number[][];
    expect(a[0]).toEqual([-9.14, 38.72]);
    expect(b[b.length - 1]).toEqual([-9.138, 38.72]);
    expect(a[a.length - 1]).toEqual(b[0]);
    expect(b[0]?.[0]).toBeCloseTo(-9.139, 9);
    const source = { feature_id: id, version: 1 };
    expect((await history(client, map.id, id))[0]).toMatchObject({
      event: 'updated',
      version: 2,
      split_from: source,
    });
    expect((await history(client, map.id, rest.id))[0]).toMatchObject({
      event: 'created',
      version: 1,
      split_from: source,
      user: { id: user.id },
      new_values: { material: 'pvc', diameter_mm: 110, geometry: rest.geometry },
    });
    const [stats] = await t.database.db.query<{ features_count: number }>(
      'SELECT features_count FROM layers WHERE id = $1',
      [layer.id],
    );
    expect(stats?.features_count).toBe(2);
    const stale = await client.post(`/api/maps/${map.id}/features/${id}/split`, {
      point: point(-9.1395, 38.72),
      seen_version: 1,
    });
    expect(stale.status).toBe(409);
  });

  it('refuses a point off the line or at its end, and features that are not lines (422 per field)', async () => {
    const { client } = await t.signedIn('editor');
    const { map, layer } = await fixture('LineString');
    const { id } = await insertFeature(t.database.db, layer.id, line, { material: 'pvc' });
    const split = (featureId: number, body: object) =>
      client.post(`/api/maps/${map.id}/features/${featureId}/split`, body);
    const errorsOf = async (featureId: number, body: object) => {
      const response = await split(featureId, body);
      expect(response.status).toBe(422);
      return response.json<{ errors: Record<string, string[]> }>().errors;
    };
    // About 55 m north of the line.
    expect(await errorsOf(id, { point: point(-9.139, 38.7205) })).toEqual({
      point: [expect.stringMatching(/^The point is 55\.\d m from the line; it must be within 1 m\.$/)],
    });
    expect(await errorsOf(id, { point: point(-9.14, 38.72) })).toEqual({ point: [expect.any(String)] });
    expect(await errorsOf(id, { point: point(-9.15, 38.72) })).toEqual({ point: [expect.any(String)] });

    const points = await fixture('Point');
    const valve = await insertFeature(t.database.db, points.layer.id, point(-9.14), {});
    const wrongLayer = await client.post(`/api/maps/${points.map.id}/features/${valve.id}/split`, {
      point: point(-9.14),
    });
    expect(wrongLayer.status).toBe(422);
    expect(Object.keys(wrongLayer.json<{ errors: object }>().errors)).toEqual(['feature_id']);
    const mixed = await insertLayer(t.database.db, map.id, { geometry_type: null });
    const dot = await insertFeature(t.database.db, mixed.id, point(-9.14), {});
    expect(await errorsOf(dot.id, { point: point(-9.14) })).toEqual({ feature_id: [expect.any(String)] });
    expect((await split(id, { point: { type: 'LineString', coordinates: [[0, 0]] } })).status).toBe(422);
    // Nothing of it changed.
    const [row] = await t.database.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM features WHERE layer_id = $1',
      [layer.id],
    );
    expect(row?.n).toBe(1);
    // The same far point within a wider tolerance is moved onto the line.
    expect((await split(id, { point: point(-9.139, 38.7205), tolerance_m: 100 })).status).toBe(201);
  });
});
