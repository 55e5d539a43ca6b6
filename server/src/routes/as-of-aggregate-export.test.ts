import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { after, before, datedAt, MOMENTS } from '../../test-support/past-moments.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import type { TestClient } from '../../test-support/test-client.ts';
import { ACCESS_CHANNEL } from '../access/access-cache.ts';

// The dashboards and the whole-layer exports follow the viewer's moment (`as_of`) and its time
// slider (`datetime`): a layer edited, deleted from and added to at known moments, aggregated
// and exported at each of them.
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
  { name: 'kind', type: 'string' as const },
  { name: 'size', type: 'number' as const },
  { name: 'built', type: 'date' as const },
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
  d: number;
  editor: TestClient;
}

/**
 * A (pipe, 10, built 2019), B (pipe, 20, built 2021) and C (valve, 5, built 2020) created;
 * A made a valve of size 30; B deleted; D (pipe, 7, built 2022) added. `built` is the layer's
 * time property.
 */
async function story(): Promise<Story> {
  const { db } = t.database;
  const { client: editor } = await t.signedIn('admin');
  const map = await insertMap(db);
  const layer = await insertLayer(db, map.id, { properties: SCHEMA, geometry_type: 'Point' });
  await db.query(`UPDATE layers SET time_property = 'built' WHERE id = $1`, [layer.id]);
  const create = async (properties: Record<string, unknown>, geometry: object) => {
    const response = await editor.post(`/api/maps/${map.id}/layers/${layer.id}/features`, {
      type: 'Feature',
      geometry,
      properties,
    });
    expect(response.status).toBe(201);
    return response.json<{ data: { id: number } }>().data.id;
  };
  const a = await create(
    { name: 'A', kind: 'pipe', size: 10, built: '2019-05-01', secret: 's-old' },
    point(-9.14),
  );
  const b = await create({ name: 'B', kind: 'pipe', size: 20, built: '2021-03-01' }, point(-9.13));
  const c = await create({ name: 'C', kind: 'valve', size: 5, built: '2020-07-01' }, point(-9.12));
  await happenedAt(T.created);
  const save = (body: object) => editor.post(`/api/maps/${map.id}/updateFeatures`, { features: [], ...body });
  const edit = await save({
    features: [
      {
        type: 'Feature',
        id: a,
        layer_id: layer.id,
        geometry: point(-9.11),
        properties: { kind: 'valve', size: 30, secret: 's-new' },
      },
    ],
  });
  expect(edit.status).toBe(200);
  await happenedAt(T.edited);
  expect((await save({ delete_ids: [b] })).status).toBe(200);
  await happenedAt(T.deleted);
  const d = await create({ name: 'D', kind: 'pipe', size: 7, built: '2022-01-01' }, point(-9.1));
  await happenedAt(T.added);
  return { mapId: map.id, layerId: layer.id, a, b, c, d, editor };
}

interface Answer {
  groups: { key: unknown; count: number; metrics: (number | null)[] }[];
  other: { count: number; metrics: (number | null)[] } | null;
  total: { count: number; metrics: (number | null)[] };
}

const BY_KIND = {
  group_by: { property: 'kind' },
  metrics: [{ op: 'count' }, { op: 'sum', property: 'size' }],
};

async function aggregate(s: Story, body: object, asOf?: string, client = s.editor) {
  return client.post(
    `/api/maps/${s.mapId}/layers/${s.layerId}/aggregate`,
    body,
    asOf === undefined ? {} : { query: { as_of: asOf } },
  );
}

async function answer(s: Story, body: object, asOf?: string): Promise<Answer> {
  const response = await aggregate(s, body, asOf);
  expect(response.status, response.text).toBe(200);
  return response.json<{ data: Answer }>().data;
}

/** Groups as `[key, count, sum of size]`, most features first, as the server orders them. */
const groupsOf = (data: Answer) => data.groups.map((group) => [group.key, group.count, group.metrics[1]]);

describe('aggregating a layer as it was', () => {
  it('counts and sums the features of each moment, with their values then', async () => {
    const s = await story();
    // Asked of now first: a whole-layer answer kept for now must not answer for a moment.
    const now = await answer(s, BY_KIND);
    expect(groupsOf(now)).toEqual([
      ['valve', 2, 35],
      ['pipe', 1, 7],
    ]);
    const moments: [string, unknown[][], [number, number | null]][] = [
      [before(T.created), [], [0, null]],
      [
        after(T.created),
        [
          ['pipe', 2, 30],
          ['valve', 1, 5],
        ],
        [3, 35],
      ],
      [
        after(T.edited),
        [
          ['valve', 2, 35],
          ['pipe', 1, 20],
        ],
        [3, 55],
      ],
      [after(T.deleted), [['valve', 2, 35]], [2, 35]],
      [
        after(T.added),
        [
          ['valve', 2, 35],
          ['pipe', 1, 7],
        ],
        [3, 42],
      ],
    ];
    for (const [at, groups, [count, sum]] of moments) {
      const data = await answer(s, BY_KIND, at);
      expect(groupsOf(data), at).toEqual(groups);
      expect(data.total, at).toEqual({ count, metrics: [count, sum] });
      expect(data.other, at).toBeNull();
      // Asked again, the same moment answers the same (from the cache or afresh).
      expect(await answer(s, BY_KIND, at), at).toEqual(data);
    }
  });

  it('a moment and the time slider’s range together: the features of then whose time of then is inside', async () => {
    const s = await story();
    const counter = { group_by: null, metrics: [{ op: 'count' }] };
    // Then: A built 2019, B 2021, C 2020; from 2020 on, B and C.
    const then = await answer(s, { ...BY_KIND, datetime: '2020-01-01/..' }, after(T.created));
    expect(groupsOf(then)).toEqual([
      ['pipe', 1, 20],
      ['valve', 1, 5],
    ]);
    // After B's deletion, to the end of 2020: A and C, both valves by then.
    const later = await answer(s, { ...BY_KIND, datetime: '../2020-12-31' }, after(T.deleted));
    expect(groupsOf(later)).toEqual([['valve', 2, 35]]);
    // Now, from 2021: only D (B is gone).
    expect((await answer(s, { ...counter, datetime: '2021-01-01/..' })).total.count).toBe(1);
    expect((await answer(s, { ...counter, datetime: '2021-01-01/..' }, after(T.created))).total.count).toBe(
      1,
    );
    // Filters read the values of then: size ≥ 20 was only B before A's edit.
    const filtered = await answer(
      s,
      { ...counter, filters: [{ property: 'size', operator: 'gte', value: 20 }] },
      after(T.created),
    );
    expect(filtered.total.count).toBe(1);
  });

  it('hidden properties stay hidden in the past; a moment that does not read is a 422', async () => {
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
    const grouped = await aggregate(
      s,
      { group_by: { property: 'secret' }, metrics: [{ op: 'count' }] },
      at,
      client,
    );
    expect(grouped.status).toBe(422);
    expect(Object.keys(grouped.json<{ errors: object }>().errors)).toEqual(['group_by.property']);
    expect(grouped.text).not.toContain('s-old');
    const filtered = await aggregate(
      s,
      {
        group_by: null,
        metrics: [{ op: 'count' }],
        filters: [{ property: 'secret', operator: 'eq', value: 's-old' }],
      },
      at,
      client,
    );
    expect(filtered.status).toBe(422);
    // What the reader may see counts as for anyone.
    const seen = await aggregate(s, BY_KIND, at, client);
    expect(seen.status).toBe(200);
    expect(groupsOf(seen.json<{ data: Answer }>().data)).toEqual([
      ['pipe', 2, 30],
      ['valve', 1, 5],
    ]);
    const bad = await aggregate(s, BY_KIND, 'last tuesday');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json<{ errors: object }>().errors)).toEqual(['as_of']);
  });
});

interface ExportedFeature {
  id: number;
  geometry: { coordinates: number[] };
  properties: Record<string, unknown>;
}

/** Starts an export, downloads its GeoJSON file and reads its features back (id, place, values). */
async function exported(client: TestClient, url: string, body: object, query: Record<string, string> = {}) {
  const started = await client.post(url, { format: 'geojson', ...body }, { query });
  expect(started.status, started.text).toBe(201);
  const { data } = started.json<{ data: { id: string; status: string } }>();
  expect(data.status).toBe('ready');
  const download = await client.get(`/api/get-export/${data.id}`);
  expect(download.status).toBe(200);
  const collection = JSON.parse(download.text) as { features: ExportedFeature[] };
  return collection.features.map((feature) => ({
    id: feature.id,
    lon: feature.geometry.coordinates[0],
    properties: feature.properties,
  }));
}

describe('exporting a layer as it was, inside the time slider’s range', () => {
  it('the whole layer of a moment, inside a range, holds the features and values of then', async () => {
    const s = await story();
    const url = `/api/maps/${s.mapId}/export-features`;
    const body = { layer_id: s.layerId };
    const aThen = {
      id: s.a,
      lon: -9.14,
      properties: { name: 'A', kind: 'pipe', size: 10, built: '2019-05-01', secret: 's-old' },
    };
    const aLater = {
      id: s.a,
      lon: -9.11,
      properties: { name: 'A', kind: 'valve', size: 30, built: '2019-05-01', secret: 's-new' },
    };
    // The file lists every property of the schema; one a feature never had is null.
    const b = {
      id: s.b,
      lon: -9.13,
      properties: { name: 'B', kind: 'pipe', size: 20, built: '2021-03-01', secret: null },
    };
    const c = {
      id: s.c,
      lon: -9.12,
      properties: { name: 'C', kind: 'valve', size: 5, built: '2020-07-01', secret: null },
    };
    const d = {
      id: s.d,
      lon: -9.1,
      properties: { name: 'D', kind: 'pipe', size: 7, built: '2022-01-01', secret: null },
    };
    expect(await exported(s.editor, url, body, { as_of: after(T.created) })).toEqual([aThen, b, c]);
    expect(
      await exported(s.editor, url, { ...body, datetime: '2020-01-01/..' }, { as_of: after(T.created) }),
    ).toEqual([b, c]);
    expect(
      await exported(s.editor, url, { ...body, datetime: '../2020-12-31' }, { as_of: after(T.deleted) }),
    ).toEqual([aLater, c]);
    // Now, from 2021: D only (B is gone); a search narrows within the range.
    expect(await exported(s.editor, url, { ...body, datetime: '2021-01-01/..' })).toEqual([d]);
    expect(
      await exported(
        s.editor,
        url,
        { ...body, search: 'pipe', datetime: '2020-01-01/..' },
        { as_of: after(T.created) },
      ),
    ).toEqual([b]);
    // The filter export takes the range per layer and the moment the same way.
    expect(
      await exported(
        s.editor,
        `/api/maps/${s.mapId}/export-filter-features`,
        { layers_filter: [{ layer_id: s.layerId, filters: [], datetime: '../2020-12-31' }] },
        { as_of: after(T.edited) },
      ),
    ).toEqual([aLater, c]);
  });

  it('a range on a layer without a time, or one that does not read, is a 422 on datetime', async () => {
    const s = await story();
    const url = `/api/maps/${s.mapId}/export-features`;
    const unreadable = await s.editor.post(url, { format: 'geojson', layer_id: s.layerId, datetime: 'soon' });
    expect(unreadable.status).toBe(422);
    expect(Object.keys(unreadable.json<{ errors: object }>().errors)).toEqual(['datetime']);
    await t.database.db.query(`UPDATE layers SET time_property = NULL WHERE id = $1`, [s.layerId]);
    const untimed = await s.editor.post(url, {
      format: 'geojson',
      layer_id: s.layerId,
      datetime: '2020-01-01/..',
    });
    expect(untimed.status).toBe(422);
    expect(Object.keys(untimed.json<{ errors: object }>().errors)).toEqual(['datetime']);
  });

  it('a reader with a hidden property gets the file of then without it', async () => {
    const s = await story();
    const { db } = t.database;
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
    const file = await exported(
      client,
      `/api/maps/${s.mapId}/export-features`,
      { layer_id: s.layerId, datetime: '../2019-12-31' },
      { as_of: after(T.created) },
    );
    expect(file).toEqual([
      { id: s.a, lon: -9.14, properties: { name: 'A', kind: 'pipe', size: 10, built: '2019-05-01' } },
    ]);
  });
});
