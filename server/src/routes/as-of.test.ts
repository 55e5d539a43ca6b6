import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { after, before, datedAt, MOMENTS } from '../../test-support/past-moments.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { getTile, tilePixel } from '../../test-support/tile-requests.ts';
import type { TestClient } from '../../test-support/test-client.ts';
import { ACCESS_CHANNEL } from '../access/access-cache.ts';

// "As it was": a layer edited, deleted from and restored at known moments, read at each moment
// through the features page, the layer with its data, tiles, filter-features and OGC items.
let t: TestApp;
// Starting the app migrates a fresh database: slow on a busy machine.
beforeAll(async () => {
  t = await startTestApp();
}, 600_000);
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.database.reset();
});

const SCHEMA = [
  { name: 'name', type: 'string' as const },
  { name: 'status', type: 'string' as const },
  { name: 'secret', type: 'string' as const },
];
const point = (lon: number, lat = 38.72) => ({ type: 'Point', coordinates: [lon, lat] });

const T = MOMENTS;
/** Dates what the last step wrote as having happened at `at`. */
const happenedAt = (at: string) => datedAt(t.database.db, at);

interface Story {
  mapId: number;
  layerId: number;
  a: number;
  b: number;
  c: number;
  editor: TestClient;
}

/**
 * A and B created; A's status, secret and place changed; B deleted; C added; B restored.
 */
async function story(): Promise<Story> {
  const { db } = t.database;
  const { client: editor } = await t.signedIn('admin');
  const map = await insertMap(db);
  const layer = await insertLayer(db, map.id, { properties: SCHEMA, geometry_type: 'Point' });
  const create = async (properties: Record<string, unknown>, geometry: object) =>
    (
      await editor.post(`/api/maps/${map.id}/layers/${layer.id}/features`, {
        type: 'Feature',
        geometry,
        properties,
      })
    ).json<{ data: { id: number } }>().data.id;
  const a = await create({ name: 'A', status: 'planned', secret: 's-old' }, point(-9.14));
  const b = await create({ name: 'B', status: 'built' }, point(-9.13));
  await happenedAt(T.created);
  const save = (body: object) => editor.post(`/api/maps/${map.id}/updateFeatures`, { features: [], ...body });
  expect(
    (
      await save({
        features: [
          {
            type: 'Feature',
            id: a,
            layer_id: layer.id,
            geometry: point(-9.12),
            properties: { status: 'built', secret: 's-new' },
          },
        ],
      })
    ).status,
  ).toBe(200);
  await happenedAt(T.edited);
  expect((await save({ delete_ids: [b] })).status).toBe(200);
  await happenedAt(T.deleted);
  const c = await create({ name: 'C', status: 'planned' }, point(-9.11));
  await happenedAt(T.added);
  expect(
    (await editor.post(`/api/maps/${map.id}/features/${b}/restore`, { version: 1, seen_version: 2 })).status,
  ).toBe(200);
  await happenedAt(T.restored);
  return { mapId: map.id, layerId: layer.id, a, b, c, editor };
}

interface Feature {
  id: number;
  geometry: { type: string; coordinates: number[] };
  properties: Record<string, unknown>;
}

const summary = (features: readonly Feature[]) =>
  features.map((feature) => ({
    id: feature.id,
    lon: feature.geometry.coordinates[0],
    properties: feature.properties,
  }));

/** What the layer held at each moment, as the story built it. */
function expected(s: Story) {
  const aOld = { id: s.a, lon: -9.14, properties: { name: 'A', status: 'planned', secret: 's-old' } };
  const aNew = { id: s.a, lon: -9.12, properties: { name: 'A', status: 'built', secret: 's-new' } };
  const b = { id: s.b, lon: -9.13, properties: { name: 'B', status: 'built' } };
  const c = { id: s.c, lon: -9.11, properties: { name: 'C', status: 'planned' } };
  return [
    { at: before(T.created), features: [] },
    { at: after(T.created), features: [aOld, b] },
    { at: T.edited, features: [aNew, b] },
    { at: after(T.edited), features: [aNew, b] },
    { at: after(T.deleted), features: [aNew] },
    { at: after(T.added), features: [aNew, c] },
    { at: after(T.restored), features: [aNew, b, c] },
  ];
}

describe('reading a layer as it was', () => {
  it('the features page answers each moment with the features of then, their values and places', async () => {
    const s = await story();
    for (const moment of expected(s)) {
      const response = await s.editor.get(`/api/maps/${s.mapId}/layers/${s.layerId}/features`, {
        query: { as_of: moment.at },
      });
      expect(response.status, moment.at).toBe(200);
      const page = response.json<{ data: Feature[]; meta: { total: number }; links: { first: string } }>();
      expect(summary(page.data), moment.at).toEqual(moment.features);
      expect(page.meta.total, moment.at).toBe(moment.features.length);
      expect(page.links.first).toContain(`as_of=${encodeURIComponent(new Date(moment.at).toISOString())}`);
    }
  });

  it('pages of the past follow their cursors like pages of now', async () => {
    const s = await story();
    const first = await s.editor.get(`/api/maps/${s.mapId}/layers/${s.layerId}/features`, {
      query: { as_of: after(T.restored), per_page: 2 },
    });
    const page = first.json<{ data: Feature[]; links: { next: string } }>();
    expect(page.data.map((feature) => feature.id)).toEqual([s.a, s.b]);
    const next = await s.editor.get(page.links.next);
    expect(next.json<{ data: Feature[] }>().data.map((feature) => feature.id)).toEqual([s.c]);
  });

  it('a page of the past steps over a long run of features made since, both ways', async () => {
    const { db } = t.database;
    const { client: editor } = await t.signedIn('admin');
    const map = await insertMap(db);
    const layer = await insertLayer(db, map.id, { properties: SCHEMA, geometry_type: 'Point' });
    const features = `/api/maps/${map.id}/layers/${layer.id}/features`;
    const create = async (name: string) =>
      (
        await editor.post(`/api/maps/${map.id}/layers/${layer.id}/features`, {
          type: 'Feature',
          geometry: point(-9.14),
          properties: { name },
        })
      ).json<{ data: { id: number } }>().data.id;
    const first = await create('then, first');
    await happenedAt(T.created);
    // More features made later than the moment, between the two of then, than a page rebuilds at once.
    for (let index = 0; index < 150; index += 1) await create(`later ${index}`);
    await happenedAt(T.added);
    const last = await create('then, last');
    await happenedAt(T.created);
    const names = (response: { json: <T>() => T }) =>
      response.json<{ data: Feature[] }>().data.map((feature) => feature.properties.name);
    const asOf = after(T.created);

    const page = await editor.get(features, { query: { as_of: asOf, per_page: 2 } });
    expect(names(page)).toEqual(['then, first', 'then, last']);
    expect(page.json<{ meta: { total: number } }>().meta.total).toBe(2);
    expect(names(await editor.get(features, { query: { as_of: asOf, after_id: first } }))).toEqual([
      'then, last',
    ]);
    expect(names(await editor.get(features, { query: { as_of: asOf, before_id: last } }))).toEqual([
      'then, first',
    ]);
    expect(names(await editor.get(features, { query: { as_of: asOf, after_id: last } }))).toEqual([]);
    // Now the run is there, in id order.
    const now = await editor.get(features, { query: { after_id: first, per_page: 2 } });
    expect(names(now)).toEqual(['later 0', 'later 1']);
  });

  it('the layer with its data answers each moment the same way', async () => {
    const s = await story();
    for (const moment of expected(s)) {
      const response = await s.editor.get(`/api/maps/${s.mapId}/layers/${s.layerId}`, {
        query: { include_data: 1, as_of: moment.at },
      });
      expect(response.status).toBe(200);
      const layer = response.json<{ data: { features: { features: Feature[] } } }>().data;
      expect(summary(layer.features.features), moment.at).toEqual(moment.features);
    }
  });

  it('filter-features finds what matched then', async () => {
    const s = await story();
    const filter = {
      layers_filter: [
        { layer_id: s.layerId, filters: [{ property: 'status', operator: 'eq', value: 'planned' }] },
      ],
    };
    const then = await s.editor.post(`/api/maps/${s.mapId}/filter-features`, filter, {
      query: { as_of: after(T.created) },
    });
    expect(then.status).toBe(200);
    expect(then.json<{ data: Feature[] }>().data.map((feature) => feature.id)).toEqual([s.a]);
    const now = await s.editor.post(`/api/maps/${s.mapId}/filter-features`, filter);
    expect(now.json<{ data: Feature[] }>().data.map((feature) => feature.id)).toEqual([s.c]);
  });

  it('OGC items and an item answer each moment', async () => {
    const s = await story();
    const items = `/ogc/maps/${s.mapId}/collections/${s.layerId}/items`;
    for (const moment of expected(s)) {
      const response = await s.editor.get(items, { query: { as_of: moment.at } });
      expect(response.status, moment.at).toBe(200);
      const collection = response.json<{ features: Feature[]; numberMatched: number }>();
      expect(
        summary(collection.features).map((feature) => ({
          ...feature,
          // OGC lists every schema property; unset ones are null.
          properties: Object.fromEntries(
            Object.entries(feature.properties).filter(([, value]) => value !== null),
          ),
        })),
        moment.at,
      ).toEqual(moment.features);
      expect(collection.numberMatched).toBe(moment.features.length);
    }
    const item = await s.editor.get(`${items}/${s.b}`, { query: { as_of: after(T.deleted) } });
    expect(item.status).toBe(404);
    const old = await s.editor.get(`${items}/${s.a}`, { query: { as_of: after(T.created) } });
    expect(old.json<Feature>().properties).toMatchObject({ status: 'planned', secret: 's-old' });
  });

  it('vector tiles of a moment hold the features of then, and are named by that moment', async () => {
    const s = await story();
    const z = 12;
    const { x, y } = tilePixel(-9.13, 38.72, z);
    const url = (at: string) =>
      `/api/maps/${s.mapId}/layers/${s.layerId}/tiles/${z}/${x}/${y}?as_of=${encodeURIComponent(at)}`;
    const tileOf = async (at: string) => {
      const response = await getTile(t, s.editor, url(at));
      if (response.statusCode === 204) return { etag: response.headers.etag, features: [] };
      expect(response.statusCode).toBe(200);
      const layer = new VectorTile(new PbfReader(response.rawPayload)).layers[String(s.layerId)];
      const features = [];
      for (let i = 0; i < (layer?.length ?? 0); i++) {
        const feature = layer?.feature(i);
        if (feature) features.push({ id: Number(feature.id), status: feature.properties.status });
      }
      return { etag: response.headers.etag, features: features.sort((p, q) => p.id - q.id) };
    };
    for (const moment of expected(s)) {
      const tile = await tileOf(moment.at);
      expect(tile.features, moment.at).toEqual(
        moment.features.map((feature) => ({ id: feature.id, status: feature.properties.status })),
      );
    }
    const first = await tileOf(after(T.created));
    expect(first.etag).toContain(`at${Date.parse(after(T.created))}`);
    const again = await getTile(t, s.editor, url(after(T.created)), { 'if-none-match': String(first.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('a value that names no moment is a 422 on as_of', async () => {
    const s = await story();
    const response = await s.editor.get(`/api/maps/${s.mapId}/layers/${s.layerId}/features`, {
      query: { as_of: 'last tuesday' },
    });
    expect(response.status).toBe(422);
    expect(Object.keys(response.json<{ errors: object }>().errors)).toContain('as_of');
  });

  it('writes refuse as_of', async () => {
    const s = await story();
    const create = await s.editor.post(
      `/api/maps/${s.mapId}/layers/${s.layerId}/features`,
      { type: 'Feature', geometry: point(-9.1), properties: { name: 'D' } },
      { query: { as_of: T.edited } },
    );
    expect(create.status).toBe(422);
    expect(create.json<{ errors: Record<string, string[]> }>().errors.as_of).toHaveLength(1);
    const save = await s.editor.post(
      `/api/maps/${s.mapId}/updateFeatures`,
      { features: [], delete_ids: [s.a] },
      { query: { as_of: T.edited } },
    );
    expect(save.status).toBe(422);
    // Nothing was written.
    const now = await s.editor.get(`/api/maps/${s.mapId}/layers/${s.layerId}/features`);
    expect(now.json<{ data: Feature[] }>().data.map((feature) => feature.id)).toEqual([s.a, s.b, s.c]);
  });

  it('a property hidden from the caller stays hidden in the values of then', async () => {
    const s = await story();
    const { db } = t.database;
    const { client, user } = await t.signedIn('user');
    await db.query(`INSERT INTO map_grants (map_id, user_id, role) VALUES ($1, $2, 'viewer')`, [
      s.mapId,
      user.id,
    ]);
    await db.query(
      `INSERT INTO layer_rules (map_id, layer_id, user_id, access, hidden_properties) VALUES ($1, $2, $3, 'read', '["secret"]')`,
      [s.mapId, s.layerId, user.id],
    );
    await db.barrier?.(ACCESS_CHANNEL);
    const at = after(T.created);
    const answers = [
      await client.get(`/api/maps/${s.mapId}/layers/${s.layerId}/features`, { query: { as_of: at } }),
      await client.get(`/api/maps/${s.mapId}/layers/${s.layerId}`, { query: { include_data: 1, as_of: at } }),
      await client.get(`/ogc/maps/${s.mapId}/collections/${s.layerId}/items`, { query: { as_of: at } }),
      await client.post(
        `/api/maps/${s.mapId}/filter-features`,
        { layers_filter: [{ layer_id: s.layerId, filters: [] }] },
        { query: { as_of: at } },
      ),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.text).toContain('planned');
      expect(answer.text).not.toContain('s-old');
      expect(answer.text).not.toContain('secret');
    }
  });
});

/** Reads an exported file back through GDAL, as GeoJSON features (id, place, values). */
async function readExport(client: TestClient, started: { status: number; json: <T>() => T }) {
  expect(started.status).toBe(201);
  const { data } = started.json<{ data: { id: string; status: string; file_name: string } }>();
  expect(data.status).toBe('ready');
  const download = await client.get(`/api/get-export/${data.id}`);
  expect(download.status).toBe(200);
  const dir = await mkdtemp(path.join(tmpdir(), 'as-of-export-'));
  try {
    const file = path.join(dir, data.file_name);
    await writeFile(file, download.raw);
    const { stdout } = await promisify(execFile)('ogr2ogr', [
      '-f',
      'GeoJSON',
      '/vsistdout/',
      file,
      ...(file.endsWith('.csv')
        ? ['-oo', 'GEOM_POSSIBLE_NAMES=geometry,wkt,WKT', '-oo', 'KEEP_GEOM_COLUMNS=NO']
        : []),
    ]);
    const collection = JSON.parse(stdout) as {
      features: { geometry: { coordinates: number[] } | null; properties: Record<string, unknown> }[];
    };
    return collection.features.map((feature) => ({
      lon: feature.geometry?.coordinates[0],
      properties: Object.fromEntries(
        Object.entries(feature.properties).filter(
          ([key, value]) => ['name', 'status', 'secret'].includes(key) && value !== null && value !== '',
        ),
      ),
    }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const withoutIds = (features: readonly { lon: number | undefined; properties: object }[]) =>
  features.map(({ lon, properties }) => ({ lon, properties }));

describe('search and exports of a layer as it was', () => {
  it('the main search finds the features of then by their values then', async () => {
    const s = await story();
    await t.database.db.query(
      `INSERT INTO main_searches (map_id, layer_id, label, fields, display_field) VALUES ($1, $2, 'Names', '["name","status"]', 'name')`,
      [s.mapId, s.layerId],
    );
    const search = async (value: string, at?: string) => {
      const answer = await s.editor.post(
        `/api/maps/${s.mapId}/main-search/features`,
        { search_value: value, layer_id: s.layerId },
        at ? { query: { as_of: at } } : {},
      );
      expect(answer.status).toBe(200);
      return summary(answer.json<{ data: Feature[] }>().data).sort((x, y) => x.id - y.id);
    };
    const e = expected(s);
    for (const moment of e) {
      // "planned" was A's status then, and C's once added: the search reads each moment's values.
      const planned = moment.features.filter((feature) => feature.properties.status === 'planned');
      expect(await search('planned', moment.at)).toEqual(planned);
    }
    // Now: only C is planned.
    expect((await search('planned')).map((feature) => feature.id)).toEqual([s.c]);
    // "built": only B before A's edit, only A while B was deleted.
    expect((await search('built', after(T.created))).map((feature) => feature.id)).toEqual([s.b]);
    expect((await search('built', after(T.deleted))).map((feature) => feature.id)).toEqual([s.a]);
  });

  it('an export of the layer, of a filter and of selected features holds the features of then', async () => {
    const s = await story();
    const e = expected(s);
    for (const moment of e.filter((m) => m.features.length > 0)) {
      const want = withoutIds(moment.features);
      const query = { query: { as_of: moment.at } };
      const layer = await readExport(
        s.editor,
        await s.editor.post(
          `/api/maps/${s.mapId}/export-features`,
          { format: 'gpkg', layer_id: s.layerId },
          query,
        ),
      );
      expect(layer).toEqual(want);
      const filter = await readExport(
        s.editor,
        await s.editor.post(
          `/api/maps/${s.mapId}/export-filter-features`,
          { format: 'csv', layers_filter: [{ layer_id: s.layerId, filters: [] }] },
          query,
        ),
      );
      expect(filter).toEqual(want);
      const selected = await readExport(
        s.editor,
        await s.editor.post(
          `/api/maps/${s.mapId}/export-multi-selected-features`,
          { format: 'geojson', layer_id: s.layerId, feature_ids: [s.a, s.b, s.c] },
          query,
        ),
      );
      expect(selected).toEqual(want);
    }
    // Without a moment the file holds the layer of now.
    const now = await readExport(
      s.editor,
      await s.editor.post(`/api/maps/${s.mapId}/export-features`, { format: 'geojson', layer_id: s.layerId }),
    );
    expect(now).toEqual(withoutIds(e[e.length - 1]?.features ?? []));
  });

  it('a property hidden from the caller stays out of the search and the file of then', async () => {
    const s = await story();
    const { db } = t.database;
    await db.query(
      `INSERT INTO main_searches (map_id, layer_id, label, fields, display_field) VALUES ($1, $2, 'Names', '["name","secret"]', 'name')`,
      [s.mapId, s.layerId],
    );
    const { client, user } = await t.signedIn('user');
    await db.query(`INSERT INTO map_grants (map_id, user_id, role) VALUES ($1, $2, 'editor')`, [
      s.mapId,
      user.id,
    ]);
    await db.query(
      `INSERT INTO layer_rules (map_id, layer_id, user_id, access, hidden_properties) VALUES ($1, $2, $3, 'read', '["secret"]')`,
      [s.mapId, s.layerId, user.id],
    );
    await db.barrier?.(ACCESS_CHANNEL);
    const at = after(T.created);
    const found = await client.post(
      `/api/maps/${s.mapId}/main-search/features`,
      { search_value: 's-old', layer_id: s.layerId },
      { query: { as_of: at } },
    );
    expect(found.status).toBe(200);
    expect(found.json<{ data: Feature[] }>().data).toEqual([]);
    const file = await readExport(
      client,
      await client.post(
        `/api/maps/${s.mapId}/export-features`,
        { format: 'geojson', layer_id: s.layerId },
        { query: { as_of: at } },
      ),
    );
    expect(file).toEqual([
      { lon: -9.14, properties: { name: 'A', status: 'planned' } },
      { lon: -9.13, properties: { name: 'B', status: 'built' } },
    ]);
  });
});

describe('what changed on a layer', () => {
  interface Change {
    feature_id: number;
    change: string;
    at: string;
    user: { id: number; name: string } | null;
  }

  it('lists each feature’s last change in the interval, newest first', async () => {
    const s = await story();
    const changes = async (from: string, to: string, extra: Record<string, unknown> = {}) => {
      const response = await s.editor.get(`/api/maps/${s.mapId}/layers/${s.layerId}/changes`, {
        query: { from, to, ...extra },
      });
      expect(response.status).toBe(200);
      return response.json<{ data: Change[]; meta: { total: number }; links: { next: string | null } }>();
    };
    const all = await changes(before(T.created), after(T.restored));
    expect(all.data.map(({ feature_id, change, at }) => ({ feature_id, change, at }))).toEqual([
      { feature_id: s.b, change: 'created', at: T.restored },
      { feature_id: s.c, change: 'created', at: T.added },
      { feature_id: s.a, change: 'updated', at: T.edited },
    ]);
    expect(all.data[0]?.user?.name).toBeTruthy();
    const middle = await changes(T.created, after(T.deleted));
    expect(middle.data.map(({ feature_id, change }) => ({ feature_id, change }))).toEqual([
      { feature_id: s.b, change: 'deleted' },
      { feature_id: s.a, change: 'updated' },
    ]);
    const paged = await changes(before(T.created), after(T.restored), { per_page: 2 });
    expect(paged.data).toHaveLength(2);
    expect(paged.meta.total).toBe(3);
    expect(paged.links.next).toContain('page=2');
    expect((await changes(after(T.restored), after(T.restored))).data).toEqual([]);
  });

  it('tells what each interval did to a feature and where to draw it, a removed one at its last place', async () => {
    const s = await story();
    const changes = async (from: string, to: string) => {
      const response = await s.editor.get(`/api/maps/${s.mapId}/layers/${s.layerId}/changes`, {
        query: { from, to },
      });
      expect(response.status).toBe(200);
      return response
        .json<{ data: (Change & { effect: string; geometry: { coordinates: number[] } | null })[] }>()
        .data.map(({ feature_id, effect, geometry }) => ({
          feature_id,
          effect,
          lon: geometry?.coordinates[0],
        }));
    };
    expect(await changes(T.created, after(T.deleted))).toEqual([
      { feature_id: s.b, effect: 'removed', lon: -9.13 },
      { feature_id: s.a, effect: 'changed', lon: -9.12 },
    ]);
    expect(await changes(after(T.deleted), after(T.restored))).toEqual([
      { feature_id: s.b, effect: 'added', lon: -9.13 },
      { feature_id: s.c, effect: 'added', lon: -9.11 },
    ]);
    // Read at the interval's end: A's place then, not its place of today.
    expect(await changes(before(T.created), after(T.created))).toEqual([
      { feature_id: s.b, effect: 'added', lon: -9.13 },
      { feature_id: s.a, effect: 'added', lon: -9.14 },
    ]);
  });

  it('refuses an interval that ends before it starts, and hides history from those who do not read the map', async () => {
    const s = await story();
    const backwards = await s.editor.get(`/api/maps/${s.mapId}/layers/${s.layerId}/changes`, {
      query: { from: T.restored, to: T.created },
    });
    expect(backwards.status).toBe(422);
    // A signed-in user who does not read the map learns nothing of it; a guest must sign in.
    await t.database.db.query(`UPDATE maps SET visibility = 'private' WHERE id = $1`, [s.mapId]);
    await t.database.db.barrier?.(ACCESS_CHANNEL);
    const { client: stranger } = await t.signedIn('user');
    const hidden = await stranger.get(`/api/maps/${s.mapId}/layers/${s.layerId}/changes`, {
      query: { from: T.created, to: T.restored },
    });
    expect(hidden.status).toBe(404);
    const guest = await t.client().get(`/api/maps/${s.mapId}/layers/${s.layerId}/changes`, {
      query: { from: T.created, to: T.restored },
    });
    expect(guest.status).toBe(401);
  });
});
