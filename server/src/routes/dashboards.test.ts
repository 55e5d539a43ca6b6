import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLayerIds, startOnEmptyDatabase, type DemoLayerIds } from '../../test-support/demo-town.ts';
import { insertFeature } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import type { TestClient } from '../../test-support/test-client.ts';
import { ACCESS_CHANNEL } from '../access/access-cache.ts';

/**
 * Aggregations over the seeded demo town, each checked against the same numbers counted by a
 * hand-written statement over the same rows (no shared code with the server's SQL). Runs on the
 * embedded database, and on PostgreSQL in `npm run test:server:pg`.
 */
let t: TestApp;
let ids: DemoLayerIds;
let mapId: number;
let viewer: TestClient;
beforeAll(async () => {
  t = await startTestApp();
  await startOnEmptyDatabase(t.database.db, {});
  ids = await demoLayerIds(t.database.db);
  mapId = (await t.database.db.query<{ id: number }>('SELECT id FROM maps ORDER BY id LIMIT 1'))[0]?.id ?? -1;
  viewer = (await t.signedIn('user')).client;
}, 600_000);
afterAll(async () => t.close());

interface Answer {
  groups: { key: unknown; count: number; metrics: (number | null)[] }[];
  other: { count: number; metrics: (number | null)[] } | null;
  total: { count: number; metrics: (number | null)[] };
}

async function aggregate(layerId: number, body: unknown, client = viewer) {
  const response = await client.post(`/api/maps/${mapId}/layers/${layerId}/aggregate`, body);
  return response;
}

async function answer(layerId: number, body: unknown): Promise<Answer> {
  const response = await aggregate(layerId, body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.json<{ data: Answer }>().data;
}

const rows = <T>(sql: string, params: unknown[] = []) => t.database.db.query<T>(sql, params);
const close = (value: number | null | undefined, expected: number) =>
  expect(value ?? Number.NaN).toBeCloseTo(expected, 3);

describe('aggregating a layer of the demo town', () => {
  it('network length by material matches a count by hand, most pipes first', async () => {
    const data = await answer(ids.pipes, {
      group_by: { property: 'material' },
      metrics: [{ op: 'count' }, { op: 'sum', property: '$length' }],
    });
    const byHand = await rows<{ material: string; n: number; metres: number }>(
      `SELECT properties ->> 'material' AS material, count(*)::int AS n,
              sum(ST_Length(geom::geography))::float8 AS metres
         FROM features WHERE layer_id = $1 GROUP BY 1 ORDER BY 2 DESC, 1`,
      [ids.pipes],
    );
    expect(byHand.length).toBeGreaterThan(2);
    expect(data.groups.map((group) => [group.key, group.count])).toEqual(
      byHand.map((row) => [row.material, row.n]),
    );
    data.groups.forEach((group, at) => {
      expect(group.metrics[0]).toBe(group.count);
      close(group.metrics[1], byHand[at]?.metres ?? -1);
    });
    expect(data.other).toBeNull();
    const all = await rows<{ n: number }>('SELECT count(*)::int AS n FROM features WHERE layer_id = $1', [
      ids.pipes,
    ]);
    expect(data.total.count).toBe(all[0]?.n);
  });

  it('folds values past the limit into other, and the total still adds up', async () => {
    const data = await answer(ids.pipes, {
      group_by: { property: 'material' },
      metrics: [{ op: 'count' }],
      limit: 2,
    });
    expect(data.groups).toHaveLength(2);
    const listed = data.groups.reduce((sum, group) => sum + group.count, 0);
    expect(data.other?.count).toBe(data.total.count - listed);
    expect(data.other?.count).toBeGreaterThan(0);
  });

  it('counts valves by type as a hand count does', async () => {
    const data = await answer(ids.valves, { group_by: { property: 'type' }, metrics: [{ op: 'count' }] });
    const byHand = await rows<{ type: string; n: number }>(
      `SELECT properties ->> 'type' AS type, count(*)::int AS n FROM features WHERE layer_id = $1 GROUP BY 1`,
      [ids.valves],
    );
    expect(Object.fromEntries(data.groups.map((group) => [group.key, group.count]))).toEqual(
      Object.fromEntries(byHand.map((row) => [row.type, row.n])),
    );
  });

  it('puts diameters in classes [from, to), the last one closed, empty classes counted 0', async () => {
    const breaks = [0, 100, 200, 400, 100000];
    const data = await answer(ids.pipes, {
      group_by: { property: 'diameter_mm', breaks },
      metrics: [{ op: 'count' }, { op: 'max', property: 'diameter_mm' }],
    });
    expect(data.groups.map((group) => group.key)).toEqual([
      [0, 100],
      [100, 200],
      [200, 400],
      [400, 100000],
    ]);
    for (const group of data.groups) {
      const [from, to] = group.key as [number, number];
      const [byHand] = await rows<{ n: number }>(
        `SELECT count(*)::int AS n FROM features WHERE layer_id = $1
           AND (properties ->> 'diameter_mm')::numeric >= $2 AND (properties ->> 'diameter_mm')::numeric < $3`,
        [ids.pipes, from, to],
      );
      expect(group.count, `${from}-${to}`).toBe(byHand?.n);
    }
  });

  it('counts pipes by year of installation as a count by the date text does', async () => {
    const data = await answer(ids.pipes, {
      group_by: { property: 'install_date', interval: 'year' },
      metrics: [{ op: 'count' }],
    });
    const byHand = await rows<{ year: string; n: number }>(
      `SELECT left(properties ->> 'install_date', 4) AS year, count(*)::int AS n FROM features
        WHERE layer_id = $1 AND properties ->> 'install_date' IS NOT NULL GROUP BY 1 ORDER BY 1`,
      [ids.pipes],
    );
    expect(byHand.length).toBeGreaterThan(1);
    expect(data.groups.map((group) => [group.key, group.count])).toEqual(
      byHand.map((row) => [`${row.year}-01-01T00:00:00Z`, row.n]),
    );
  });

  it('measures diameters (avg, min, max) and zone areas in square metres as SQL by hand does', async () => {
    const data = await answer(ids.pipes, {
      group_by: null,
      metrics: [
        { op: 'avg', property: 'diameter_mm' },
        { op: 'min', property: 'diameter_mm' },
        { op: 'max', property: 'diameter_mm' },
      ],
    });
    const [byHand] = await rows<{ avg: number; min: number; max: number }>(
      `SELECT avg((properties ->> 'diameter_mm')::float8)::float8 AS avg, min((properties ->> 'diameter_mm')::float8) AS min,
              max((properties ->> 'diameter_mm')::float8) AS max FROM features WHERE layer_id = $1`,
      [ids.pipes],
    );
    expect(data.groups).toHaveLength(1);
    close(data.total.metrics[0], byHand?.avg ?? -1);
    expect(data.total.metrics.slice(1)).toEqual([byHand?.min, byHand?.max]);

    const zones = await answer(ids.zones, { group_by: null, metrics: [{ op: 'sum', property: '$area' }] });
    const [area] = await rows<{ m2: number }>(
      'SELECT sum(ST_Area(geom::geography))::float8 AS m2 FROM features WHERE layer_id = $1',
      [ids.zones],
    );
    close(zones.total.metrics[0], area?.m2 ?? -1);
  });

  it('applies the map filter model and a bbox as a hand-written WHERE does', async () => {
    const [extent] = await rows<{ x0: number; y0: number; x1: number; y1: number }>(
      `SELECT ST_XMin(e) AS x0, ST_YMin(e) AS y0, ST_XMax(e) AS x1, ST_YMax(e) AS y1
         FROM (SELECT ST_Extent(geom)::geometry AS e FROM features WHERE layer_id = $1) s`,
      [ids.pipes],
    );
    const { x0 = 0, y0 = 0, x1 = 0, y1 = 0 } = extent ?? {};
    const bbox = [x0, y0, (x0 + x1) / 2, (y0 + y1) / 2];
    const data = await answer(ids.pipes, {
      group_by: { property: 'zone' },
      metrics: [{ op: 'count' }],
      filters: [{ property: 'diameter_mm', operator: 'gte', value: 150 }],
      bbox,
    });
    const byHand = await rows<{ zone: string | null; n: number }>(
      `SELECT properties ->> 'zone' AS zone, count(*)::int AS n FROM features
        WHERE layer_id = $1 AND (properties ->> 'diameter_mm')::numeric >= 150
          AND ST_Intersects(geom, ST_MakeEnvelope($2, $3, $4, $5, 4326)) GROUP BY 1`,
      [ids.pipes, ...bbox],
    );
    expect(byHand.length).toBeGreaterThan(0);
    expect(Object.fromEntries(data.groups.map((group) => [String(group.key), group.count]))).toEqual(
      Object.fromEntries(byHand.map((row) => [String(row.zone), row.n])),
    );
  });

  it('answers a whole-layer question again after an edit with the edit counted', async () => {
    const question = { group_by: null, metrics: [{ op: 'count' }] };
    const before = (await answer(ids.hydrants, question)).total.count;
    expect((await answer(ids.hydrants, question)).total.count).toBe(before);
    await insertFeature(
      t.database.db,
      ids.hydrants,
      { type: 'Point', coordinates: [0, 0] },
      { kind: 'pillar' },
    );
    expect((await answer(ids.hydrants, question)).total.count).toBe(before + 1);
  });
});

describe('aggregate refusals', () => {
  it('answers 422 per field for unknown, non-number, non-date and unmeasurable properties', async () => {
    const response = await aggregate(ids.pipes, {
      group_by: { property: 'material', interval: 'month' },
      metrics: [
        { op: 'sum', property: 'colour' },
        { op: 'avg', property: 'material' },
        { op: 'sum', property: '$area' },
      ],
      filters: [{ property: 'owner', operator: 'eq', value: 'x' }],
    });
    expect(response.status).toBe(422);
    expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors).sort()).toEqual([
      'filters.0.property',
      'group_by.property',
      'metrics.0.property',
      'metrics.1.property',
      'metrics.2.property',
    ]);
    const breaks = await aggregate(ids.pipes, {
      group_by: { property: 'diameter_mm', breaks: [100, 50] },
      metrics: [{ op: 'count' }],
    });
    expect(breaks.status).toBe(422);
    expect(breaks.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty(['group_by.breaks']);
  });

  it('treats a property hidden from the caller as unknown, and a hidden layer as missing', async () => {
    const { client, user } = await t.signedIn('user');
    await t.database.db.query(
      `INSERT INTO layer_rules (map_id, layer_id, user_id, access, hidden_properties)
       VALUES ($1, $2, $3, 'read', '["material"]'), ($1, $4, $3, 'hidden', '[]')`,
      [mapId, ids.pipes, user.id, ids.valves],
    );
    await t.database.db.barrier?.(ACCESS_CHANNEL);
    const grouped = await aggregate(
      ids.pipes,
      { group_by: { property: 'material' }, metrics: [{ op: 'count' }] },
      client,
    );
    expect(grouped.status).toBe(422);
    expect(grouped.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      'group_by.property': ['There is no property named material.'],
    });
    const hiddenLayer = await aggregate(ids.valves, { group_by: null, metrics: [{ op: 'count' }] }, client);
    expect(hiddenLayer.status).toBe(404);
    const counted = await aggregate(
      ids.pipes,
      { group_by: { property: 'zone' }, metrics: [{ op: 'count' }] },
      client,
    );
    expect(counted.status).toBe(200);
  });
});

describe('dashboard widgets', () => {
  it('the demo dashboard: every seeded widget answers with features counted on its layer', async () => {
    const listed = await viewer.get(`/api/maps/${mapId}/widgets`);
    const widgets = listed.json<{
      data: {
        layer_id: number;
        title: string;
        group_by: unknown;
        metrics: unknown;
        filters: unknown[];
        limit: number;
      }[];
    }>().data;
    expect(widgets.map((widget) => widget.title)).toContain('Network length by material (m)');
    for (const widget of widgets) {
      const response = await aggregate(widget.layer_id, {
        group_by: widget.group_by,
        metrics: widget.metrics,
        filters: widget.filters,
        limit: widget.limit,
      });
      expect(response.status, widget.title).toBe(200);
      expect(response.json<{ data: Answer }>().data.total.count, widget.title).toBeGreaterThan(0);
    }
  });

  const widget = () => ({
    layer_id: ids.pipes,
    title: 'Network length by material',
    kind: 'category',
    chart: 'bar',
    group_by: { property: 'material' },
    metrics: [{ op: 'sum', property: '$length' }],
  });

  it('managers add, change and delete widgets; readers list them and may not write', async () => {
    const { client: admin } = await t.signedIn('admin');
    const created = await admin.post(`/api/maps/${mapId}/widgets`, widget());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const made = created.json<{ data: { id: number; scope: string; limit: number } }>().data;
    expect(made).toMatchObject({ scope: 'map', limit: 20, title: 'Network length by material' });

    const listed = await viewer.get(`/api/maps/${mapId}/widgets`);
    expect(listed.json<{ data: { id: number }[] }>().data.map((entry) => entry.id)).toContain(made.id);
    expect((await viewer.post(`/api/maps/${mapId}/widgets`, widget())).status).toBe(403);
    expect((await viewer.put(`/api/maps/${mapId}/widgets/${made.id}`, { chart: 'pie' })).status).toBe(403);

    const changed = await admin.put(`/api/maps/${mapId}/widgets/${made.id}`, { chart: 'pie' });
    expect(changed.json<{ data: { chart: string } }>().data.chart).toBe('pie');
    expect((await admin.delete(`/api/maps/${mapId}/widgets/${made.id}`)).status).toBe(204);
    expect((await admin.delete(`/api/maps/${mapId}/widgets/${made.id}`)).status).toBe(404);
  });

  it('refuses a grouping that does not fit the kind, and a layer of another map', async () => {
    const { client: admin } = await t.signedIn('admin');
    const wrongKind = await admin.post(`/api/maps/${mapId}/widgets`, { ...widget(), kind: 'counter' });
    expect(wrongKind.status).toBe(422);
    expect(wrongKind.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty(['group_by']);
    const elsewhere = await admin.post(`/api/maps/${mapId}/widgets`, { ...widget(), layer_id: 999999 });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty(['layer_id']);
  });

  it("keeps each widget's place on the grid: the demo's without overlap, a new one below, a move stored", async () => {
    type Placed = { id: number; title: string; layout: { x: number; y: number; w: number; h: number } };
    const { client: admin } = await t.signedIn('admin');
    const demo = (await viewer.get(`/api/maps/${mapId}/widgets`)).json<{ data: Placed[] }>().data;
    for (const [at, one] of demo.entries()) {
      expect(one.layout.x + one.layout.w, one.title).toBeLessThanOrEqual(12);
      for (const other of demo.slice(at + 1)) {
        const apart =
          one.layout.x + one.layout.w <= other.layout.x ||
          other.layout.x + other.layout.w <= one.layout.x ||
          one.layout.y + one.layout.h <= other.layout.y ||
          other.layout.y + other.layout.h <= one.layout.y;
        expect(apart, `${one.title} / ${other.title}`).toBe(true);
      }
    }
    const bottom = Math.max(...demo.map((one) => one.layout.y + one.layout.h));
    const created = await admin.post(`/api/maps/${mapId}/widgets`, widget());
    const made = created.json<{ data: Placed }>().data;
    expect(made.layout).toEqual({ x: 0, y: bottom, w: 6, h: 4 });

    const moved = await admin.put(`/api/maps/${mapId}/widgets/${made.id}`, {
      layout: { x: 6, y: 1, w: 6, h: 3 },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const relisted = (await viewer.get(`/api/maps/${mapId}/widgets`)).json<{ data: Placed[] }>().data;
    expect(relisted.find((one) => one.id === made.id)?.layout).toEqual({ x: 6, y: 1, w: 6, h: 3 });
    expect((await admin.delete(`/api/maps/${mapId}/widgets/${made.id}`)).status).toBe(204);
  });

  it("refuses a layout off the grid field by field, and a reader's move", async () => {
    type Placed = { id: number; layout: { x: number; y: number; w: number; h: number } };
    const { client: admin } = await t.signedIn('admin');
    const made = (await admin.post(`/api/maps/${mapId}/widgets`, widget())).json<{ data: Placed }>().data;
    const path = `/api/maps/${mapId}/widgets/${made.id}`;
    const errorsOf = async (layout: unknown) => {
      const response = await admin.put(path, { layout });
      expect(response.status, JSON.stringify(layout)).toBe(422);
      return Object.keys(response.json<{ errors: Record<string, string[]> }>().errors);
    };
    expect(await errorsOf({ x: 8, y: 0, w: 6, h: 4 })).toEqual(['layout.w']);
    expect(await errorsOf({ x: 12, y: 0, w: 1, h: 4 })).toContain('layout.x');
    expect(await errorsOf({ x: 0, y: -1, w: 6, h: 4 })).toContain('layout.y');
    expect(await errorsOf({ x: 0, y: 0, w: 0, h: 4 })).toContain('layout.w');
    expect(await errorsOf({ x: 0, y: 0, w: 6, h: 13 })).toContain('layout.h');
    const overflowing = await admin.post(`/api/maps/${mapId}/widgets`, {
      ...widget(),
      layout: { x: 10, y: 0, w: 4, h: 2 },
    });
    expect(overflowing.status).toBe(422);
    expect(Object.keys(overflowing.json<{ errors: Record<string, string[]> }>().errors)).toEqual([
      'layout.w',
    ]);

    // A reader of the map may not arrange it (403); someone who may not read it does not see it (404).
    const readerMove = await viewer.put(path, { layout: { x: 0, y: 0, w: 12, h: 2 } });
    expect(readerMove.status).toBe(403);
    await t.database.db.query("UPDATE maps SET visibility = 'private' WHERE id = $1", [mapId]);
    await t.database.db.barrier?.(ACCESS_CHANNEL);
    try {
      const strangerMove = await viewer.put(path, { layout: { x: 0, y: 0, w: 12, h: 2 } });
      expect(strangerMove.status).toBe(404);
    } finally {
      await t.database.db.query("UPDATE maps SET visibility = 'signed_in' WHERE id = $1", [mapId]);
      await t.database.db.barrier?.(ACCESS_CHANNEL);
    }
    const kept = (await viewer.get(`/api/maps/${mapId}/widgets`)).json<{ data: Placed[] }>().data;
    expect(kept.find((one) => one.id === made.id)?.layout).toEqual(made.layout);
    expect((await admin.delete(path)).status).toBe(204);
  });
});
