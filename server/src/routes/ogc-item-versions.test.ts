import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertFeature, insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

/** Part 4 as QGIS 3.32+ sends it (merge patches), ETags with If-Match, and the app's own 409. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => t.database.reset());

const MERGE_PATCH = { 'content-type': 'application/merge-patch+json' };
const GEOJSON = { 'content-type': 'application/geo+json' };
const point = (lon: number, lat = 38.7) => ({ type: 'Point', coordinates: [lon, lat] });

async function valve() {
  const map = await insertMap(t.database.db, { title: 'Town' });
  const layer = await insertLayer(t.database.db, map.id, {
    name: 'Service points',
    properties: [
      { name: 'material', type: 'enum' as const, options: ['PVC', 'steel'], required: true },
      { name: 'diameter_mm', type: 'integer' as const },
      { name: 'note', type: 'string' as const },
    ],
  });
  const feature = await insertFeature(t.database.db, layer.id, point(1), {
    material: 'PVC',
    diameter_mm: 100,
    note: 'old',
  });
  const url = `/ogc/maps/${map.id}/collections/service-points/items/${feature.id}`;
  return { map, layer, feature, url };
}

interface Item {
  geometry: { coordinates: number[] };
  properties: Record<string, unknown>;
}

describe('OGC API – Features Part 4: merge patches and versions', () => {
  it('applies a merge patch of properties alone, of geometry alone, and a null removes a property', async () => {
    const { client, user } = await t.signedIn('editor');
    const { map, feature, url } = await valve();
    const properties = await client.request('PATCH', url, {
      body: { properties: { diameter_mm: 150, note: null } },
      headers: MERGE_PATCH,
    });
    expect(properties.status).toBe(204);
    let read = (await client.get(url)).json<Item>();
    expect(read.properties).toEqual({ material: 'PVC', diameter_mm: 150, note: null });
    expect(read.geometry.coordinates).toEqual([1, 38.7]);

    const geometry = await client.request('PATCH', url, {
      body: { geometry: point(2, 39) },
      headers: MERGE_PATCH,
    });
    expect(geometry.status).toBe(204);
    read = (await client.get(url)).json<Item>();
    expect(read.geometry.coordinates).toEqual([2, 39]);
    expect(read.properties).toEqual({ material: 'PVC', diameter_mm: 150, note: null });
    const [stored] = await t.database.db.query<{ properties: object }>(
      'SELECT properties FROM features WHERE id = $1',
      [feature.id],
    );
    expect(stored?.properties).not.toHaveProperty('note');

    const history = (await client.get(`/api/maps/${map.id}/features/${feature.id}/history`)).json<{
      data: { event: string; user: { id: number } | null; new_values: object | null }[];
    }>().data;
    expect(history.slice(0, 2).map((entry) => [entry.event, entry.user?.id])).toEqual([
      ['updated', user.id],
      ['updated', user.id],
    ]);
    expect(Object.keys(history[0]?.new_values ?? {})).toEqual(['geometry']);
  });

  it('answers an ETag per version and refuses a stale If-Match with 412, writing nothing', async () => {
    const { client } = await t.signedIn('editor');
    const { url } = await valve();
    const first = await client.get(url);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"\d+-[0-9a-f]{16}"$/);
    // Another editor changes it.
    const other = await client.request('PATCH', url, {
      body: { properties: { note: 'relined' } },
      headers: { ...MERGE_PATCH, 'if-match': etag },
    });
    expect(other.status).toBe(204);
    const newer = String(other.headers.etag);
    expect(newer).not.toBe(etag);
    expect(String((await client.get(url)).headers.etag)).toBe(newer);

    // A whole-feature PUT from the first version would undo that: 412, nothing written.
    const stale = await client.request('PUT', url, {
      body: { type: 'Feature', geometry: point(5), properties: { material: 'steel' } },
      headers: { ...GEOJSON, 'if-match': etag },
    });
    expect(stale.status).toBe(412);
    expect(stale.headers.etag).toBe(newer);
    expect((await client.get(url)).json<Item>()).toMatchObject({
      geometry: { coordinates: [1, 38.7] },
      properties: { material: 'PVC', note: 'relined' },
    });
    const staleDelete = await client.request('DELETE', url, { headers: { 'if-match': etag } });
    expect(staleDelete.status).toBe(412);
    const fresh = await client.request('PUT', url, {
      body: { type: 'Feature', geometry: point(5), properties: { material: 'steel' } },
      headers: { ...GEOJSON, 'if-match': newer },
    });
    expect(fresh.status).toBe(204);
    expect((await client.get(url)).json<Item>().properties).toEqual({
      material: 'steel',
      diameter_mm: null,
      note: null,
    });
  });

  it('refuses the app’s save made from a stale version with a 409 naming what changed meanwhile', async () => {
    const { client } = await t.signedIn('editor');
    const { map, layer, feature } = await valve();
    const save = (properties: Record<string, unknown>, seen: number) =>
      client.post(`/api/maps/${map.id}/updateFeatures`, {
        features: [{ type: 'Feature', id: feature.id, layer_id: layer.id, properties, seen_version: seen }],
      });
    // Two editors opened version 1; the first saves the diameter, the second the note.
    expect((await save({ diameter_mm: 120 }, 1)).status).toBe(200);
    const second = await save({ note: 'checked' }, 1);
    expect(second.status).toBe(409);
    expect(second.json()).toMatchObject({
      current_version: 2,
      feature_id: feature.id,
      changed: ['diameter_mm'],
    });
    const [stored] = await t.database.db.query<{ properties: Record<string, unknown> }>(
      'SELECT properties FROM features WHERE id = $1',
      [feature.id],
    );
    expect(stored?.properties).toEqual({ material: 'PVC', diameter_mm: 120, note: 'old' });
    // Saved again from the version it now knows, it goes through.
    expect((await save({ note: 'checked' }, 2)).status).toBe(200);
  });
});
