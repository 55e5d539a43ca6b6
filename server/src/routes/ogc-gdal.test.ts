import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLayerIds, startOnEmptyDatabase, type DemoLayerIds } from '../../test-support/demo-town.ts';
import { gdalFeatures, gdalLayers } from '../../test-support/gdal.ts';
import { gdal, oapifLayers } from '../../test-support/gdal-client.ts';
import { insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { slugOf } from '../ogc/ogc-collection-ids.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import type { TestClient } from '../../test-support/test-client.ts';

/**
 * GDAL 3.6 as the independent OGC API – Features client (what QGIS and scripts use), against
 * a real server on a free port, signed in with a personal access token as HTTP Basic
 * (`-oo USERPWD=email:token`), as the README tells users to.
 */
let t: TestApp;
let client: TestClient;
let auth: string[];
let email: string;
let readToken: string;
let writeToken: string;
let base: string;
let demoMapId: number;
let ids: DemoLayerIds;
let dir: string;
/** Every request URL the server received, to see what GDAL left to the server. */
const seen: string[] = [];

beforeAll(async () => {
  t = await startTestApp();
  await startOnEmptyDatabase(t.database.db, { DEMO_SEED: '1' });
  ids = await demoLayerIds(t.database.db);
  const [map] = await t.database.db.query<{ map_id: number }>('SELECT map_id FROM layers WHERE id = $1', [
    ids.pipes,
  ]);
  demoMapId = map?.map_id ?? -1;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  t.app.server.on('request', (request: { url?: string }) => seen.push(request.url ?? ''));
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const editor = await t.signedIn('editor');
  client = editor.client;
  email = editor.user.email;
  const token = async (abilities: string[]) =>
    (await client.post('/api/user/tokens', { name: `gdal ${abilities.join('+')}`, abilities })).json<{
      data: { token: string };
    }>().data.token;
  readToken = await token(['read']);
  writeToken = await token(['read', 'write']);
  // GDAL 3.6 asks for 10 features a page unless told otherwise (the README says so too).
  auth = ['-oo', `USERPWD=${email}:${readToken}`, '-oo', 'PAGE_SIZE=1000'];
  dir = mkdtempSync(path.join(tmpdir(), 'ogc-gdal-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

const count = async (sql: string, params: unknown[]) =>
  Number((await t.database.db.query<{ n: number }>(sql, params))[0]?.n);

/** The app's own filter (the filters panel's operation): how many features match. */
async function appFilterTotal(layerId: number, filter: { filters?: object[]; bbox?: number[] }) {
  const response = await client.post(`/api/maps/${demoMapId}/filter-features`, {
    layers_filter: [
      { layer_id: layerId, filters: filter.filters ?? [], ...(filter.bbox ? { bbox: filter.bbox } : {}) },
    ],
  });
  return response.json<{ meta: { total: number } }>().meta.total;
}

describe('GDAL reads the demo map through OGC API – Features', () => {
  it('lists the demo layers with their feature counts', async () => {
    const layers = await oapifLayers(`OAPIF:${base}/ogc/maps/${demoMapId}`, auth);
    const expected = await t.database.db.query<{ id: number; name: string; features_count: number }>(
      `SELECT id, name, features_count FROM layers WHERE map_id = $1 AND type = 'vector' ORDER BY "order", id`,
      [demoMapId],
    );
    expect(layers.map((layer) => [layer.name, layer.title, layer.featureCount])).toEqual(
      expected.map((layer) => [slugOf(layer), layer.name, Number(layer.features_count)]),
    );
    expect(layers.find((layer) => layer.title === 'Pipes')?.featureCount).toBe(3360);
  });

  it('copies the Pipes layer to a GeoPackage with every feature and attribute', async () => {
    const target = path.join(dir, 'pipes.gpkg');
    await gdal('ogr2ogr', ['-f', 'GPKG', target, ...auth, `OAPIF:${base}/ogc/maps/${demoMapId}`, 'pipes']);
    const [layer] = gdalLayers(target);
    expect(layer?.featureCount).toBe(3360);
    const [schema] = await t.database.db.query<{ properties: { name: string }[] }>(
      'SELECT properties FROM layers WHERE id = $1',
      [ids.pipes],
    );
    expect(Object.keys(layer?.fields ?? {})).toEqual(
      expect.arrayContaining((schema?.properties ?? []).map((p) => p.name)),
    );
    const features = gdalFeatures(target);
    const stored = await t.database.db.query<{ id: number; properties: Record<string, unknown> }>(
      'SELECT id, properties FROM features WHERE layer_id = $1 ORDER BY id',
      [ids.pipes],
    );
    // Pipe names are unique (they carry the pipe's number): the key between the two sides.
    const byName = new Map(features.map((feature) => [String(feature.properties.name), feature.properties]));
    expect(byName.size).toBe(stored.length);
    for (const row of stored) {
      const copied = byName.get(String(row.properties.name));
      for (const [name, value] of Object.entries(row.properties))
        expect(copied?.[name], `${row.id}.${name}`).toEqual(value);
    }
  });

  it('leaves -spat and -where to the server, with the counts of the app’s filter', async () => {
    const source = `OAPIF:${base}/ogc/maps/${demoMapId}`;
    const box = [-9.16, 38.71, -9.13, 38.73];
    seen.length = 0;
    const [spatial] = await oapifLayers(source, auth, ['-spat', ...box.map(String)], ['pipes']);
    expect(seen.some((url) => url.includes('/collections/pipes/items') && url.includes('bbox='))).toBe(true);
    expect(spatial?.featureCount).toBe(await appFilterTotal(ids.pipes, { bbox: box }));
    expect(spatial?.featureCount).toBeGreaterThan(0);

    seen.length = 0;
    const [where] = await oapifLayers(source, auth, ['-where', "material = 'pvc'"], ['pipes']);
    expect(seen.some((url) => decodeURIComponent(url).includes("filter=material = 'pvc'"))).toBe(true);
    const pvc = await appFilterTotal(ids.pipes, {
      filters: [{ property: 'material', operator: 'eq', value: 'pvc' }],
    });
    expect(where?.featureCount).toBe(pvc);
    expect(pvc).toBeGreaterThan(0);
  });

  it('pages a 100,000-feature layer to its end by keyset links', { timeout: 600_000 }, async () => {
    const map = await insertMap(t.database.db, { title: 'Big' });
    const layer = await insertLayer(t.database.db, map.id, {
      name: 'Points',
      properties: [{ name: 'n', type: 'integer' }],
    });
    await t.database.db.query(
      `INSERT INTO features (layer_id, geom, properties)
       SELECT $1, ST_SetSRID(ST_MakePoint(-9 + g * 0.000001, 38.7), 4326), jsonb_build_object('n', g)
       FROM generate_series(1, 100000) g`,
      [layer.id],
    );
    // As an import ends (docs/performance.md#cheap): the planner then knows the layer's size.
    await t.database.db.query('ANALYZE features');
    seen.length = 0;
    const target = path.join(dir, 'big.gpkg');
    await gdal('ogr2ogr', ['-f', 'GPKG', target, ...auth, `OAPIF:${base}/ogc/maps/${map.id}`, 'points']);
    expect(gdalLayers(target)[0]?.featureCount).toBe(100_000);
    const pages = seen.filter((url) => url.includes('/collections/points/items'));
    expect(pages.filter((url) => url.includes('after=')).length).toBeGreaterThanOrEqual(99);
    expect(pages.some((url) => /offset=/i.test(url))).toBe(false);
    expect(await count('SELECT count(*)::int AS n FROM features WHERE layer_id = $1', [layer.id])).toBe(
      100_000,
    );
  });

  it('refuses writes with a read token and takes them with a read+write token, under its user', async () => {
    const items = `${base}/ogc/maps/${demoMapId}/collections/${ids.valves}/items`;
    const basic = (token: string) => `Basic ${Buffer.from(`${email}:${token}`).toString('base64')}`;
    const [valve] = await t.database.db.query<{ id: number; properties: Record<string, unknown> }>(
      'SELECT id, properties FROM features WHERE layer_id = $1 ORDER BY id LIMIT 1',
      [ids.valves],
    );
    const body = JSON.stringify({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-9.14, 38.72] },
      properties: valve?.properties ?? {},
    });
    const post = (token: string) =>
      fetch(items, {
        method: 'POST',
        headers: { Authorization: basic(token), 'Content-Type': 'application/geo+json' },
        body,
      });
    expect((await post(readToken)).status).toBe(403);
    const options = await fetch(items, { method: 'OPTIONS', headers: { Authorization: basic(readToken) } });
    expect(options.headers.get('allow')).toBe('GET, OPTIONS');
    const created = await post(writeToken);
    expect(created.status).toBe(201);
    const id = Number(created.headers.get('location')?.split('/').pop());
    const history = await client.get(`/api/maps/${demoMapId}/features/${id}/history`);
    expect(
      history.json<{ data: { event: string; user: { name: string } | null }[] }>().data[0],
    ).toMatchObject({
      event: 'created',
    });
    const [row] = await t.database.db.query<{ created_by: number; email: string }>(
      'SELECT f.created_by, u.email FROM features f JOIN users u ON u.id = f.created_by WHERE f.id = $1',
      [id],
    );
    expect(row?.email).toBe(email);
    expect(
      (await fetch(`${items}/${id}`, { method: 'DELETE', headers: { Authorization: basic(readToken) } }))
        .status,
    ).toBe(403);
    expect(
      (await fetch(`${items}/${id}`, { method: 'DELETE', headers: { Authorization: basic(writeToken) } }))
        .status,
    ).toBe(204);
  });
});
