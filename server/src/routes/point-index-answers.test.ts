import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FEATURE_LIMITS, setFeatureLimits } from '../features/feature-limits.ts';
import { PointGrid } from '../features/point-grid.ts';
import {
  POINT_INDEX_MIN_FEATURES,
  pointIndexes,
  warmPointIndexes,
  type LayerVersion,
} from '../features/point-index.ts';
import { buildGrid, tileCells } from '../tiles/feature-grid.ts';
import { encodeTile } from '../tiles/tile-encode.ts';
import { tileRows } from '../tiles/tile-query.ts';
import { accessChanged, insertFeature, insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

/**
 * A big point layer's boxes and tiles are picked by the server's point index once it is built.
 * Every answer must be the one the database's own spatial index gives: the same features in
 * the same order, counts, links and tile bytes; and after a change, the layer as it is now.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => t.database.reset());

/** A seeded generator, so each run asks the same boxes. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const POINTS = POINT_INDEX_MIN_FEATURES + 500;

async function bigPointLayer() {
  const db = t.database.db;
  const map = await insertMap(db);
  const layer = await insertLayer(db, map.id, {
    name: 'Hydrants',
    properties: [{ name: 'name' }, { name: 'kind' }, { name: 'pressure', type: 'number' }],
  });
  const [editor] = await db.query<{ id: number }>('SELECT id FROM users ORDER BY id LIMIT 1');
  // Points over a 1° × 1° square, clustered towards one corner, some on a 0.01° lattice
  // (so box edges fall exactly on points) and a few repeated at one place. Some have a
  // pressure, some a stored null, the rest none (the OGC API shows null for both); some were
  // made and changed by an account, at times with microseconds.
  await db.query(
    `INSERT INTO features (layer_id, geom, properties, created_by, updated_by, created_at, updated_at)
     SELECT $1, ST_SetSRID(ST_MakePoint(
         CASE WHEN g % 7 = 0 THEN -9 + (g % 100) * 0.01 ELSE -9 + power((g * 0.6180339887) % 1, 2) END,
         CASE WHEN g % 7 = 0 THEN 38 + ((g / 100) % 100) * 0.01 ELSE 38 + (g * 0.7548776662) % 1 END), 4326),
       jsonb_build_object('name', 'Hydrant ' || g, 'kind', CASE WHEN g % 3 = 0 THEN 'pillar' ELSE 'flush' END)
         || CASE g % 4 WHEN 0 THEN jsonb_build_object('pressure', g / 10.0) WHEN 1 THEN '{"pressure": null}'::jsonb
              ELSE '{}'::jsonb END,
       CASE WHEN g % 5 = 0 THEN $3::int END, CASE WHEN g % 10 = 0 THEN $3::int END,
       timestamptz '2026-01-01 00:00:00.123456+00' + g * interval '1.000371 second', now()
     FROM generate_series(1, $2) g`,
    [layer.id, POINTS, editor?.id ?? null],
  );
  return { map, layer };
}

/** The layer's schema as the index keys it (the OGC API's null for each property unset). */
const layerRow = async (id: number) =>
  (
    await t.database.db.query<LayerVersion>(
      'SELECT id, geometry_type, features_count, version, created_at, properties FROM layers WHERE id = $1',
      [id],
    )
  )[0] as LayerVersion;

async function indexBuilt(ask: () => Promise<unknown>) {
  await ask();
  // The index is built once the layer's version has held for a moment, in the background.
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  await ask();
  await pointIndexes(t.database.db)?.settled();
}

describe("a big point layer's boxes and tiles", () => {
  it('are answered from the point index with what the database would answer', async () => {
    const { client } = await t.signedIn('admin');
    const { map, layer } = await bigPointLayer();
    const items = `/ogc/maps/${map.id}/collections/hydrants/items`;
    const next = random(42);
    const boxes = Array.from({ length: 25 }, () => {
      const size = 0.005 + next() * 0.1;
      const lon = -9.05 + next();
      const lat = 37.95 + next();
      return [lon, lat, lon + size, lat + size * 0.8].map((value) => value.toFixed(6)).join(',');
    });
    // Edges on lattice points: the boundary counts as inside.
    boxes.push('-8.99,38.01,-8.95,38.05', '-9,38,-8.9,38.1', '-9.5,37.5,-8.5,38.5');
    // z12–z14 (every point under the tile) and z6–z11 (one point per grid cell).
    const tiles = Array.from({ length: 40 }, (_, i) => {
      const z = i < 20 ? 12 + Math.floor(next() * 3) : 6 + Math.floor(next() * 6);
      const lon = -9 + next();
      const lat = 38 + next();
      const n = 2 ** z;
      const rad = (lat * Math.PI) / 180;
      return [
        z,
        Math.floor(((lon + 180) / 360) * n),
        Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n),
      ];
    });
    const answers = async () => {
      const out: unknown[] = [];
      for (const bbox of boxes) {
        const first = await client.get(items, { query: { bbox, limit: 7 } });
        expect(first.status).toBe(200);
        const page = first.json<{ links: { rel: string; href: string }[] }>();
        const following = page.links.find((link) => link.rel === 'next');
        const go = (href: string) => client.get(new URL(href).pathname + new URL(href).search);
        const second = following ? await go(following.href) : undefined;
        // And back from there, by its prev link (a `before` cursor).
        const back = second
          ?.json<{ links: { rel: string; href: string }[] }>()
          .links.find((link) => link.rel === 'prev');
        const previous = back ? await go(back.href) : undefined;
        const data = await client.get(`/api/maps/${map.id}/layers/${layer.id}`, {
          query: { include_data: 'true', bbox },
        });
        const box = bbox.split(',').map(Number);
        const filtered = await client.post(`/api/maps/${map.id}/filter-features`, {
          layers_filter: [
            {
              layer_id: layer.id,
              filters: [{ property: 'kind', operator: 'eq', value: 'pillar' }],
              bbox: box,
            },
          ],
        });
        expect(filtered.status).toBe(200);
        const strip = (text: string) => text.replace(/"timeStamp":"[^"]*"/, '');
        out.push(
          strip(first.text),
          second && strip(second.text),
          previous && strip(previous.text),
          data.text,
          filtered.text,
        );
      }
      return out;
    };
    // Tiles straight from the tile query: the route's cache would hand back the first answers.
    const row = await layerRow(layer.id);
    // The long way thins low zooms by the grid the database builds; the index way, in memory.
    const gridVersion = await buildGrid(t.database.db, layer.id);
    const tileAnswers = async (grid?: string) => {
      const out: (string | undefined)[] = [];
      for (const [z = 0, x = 0, y = 0] of tiles) {
        const cells = grid && z < 12 ? { version: grid, cells: tileCells(z, x, y) } : undefined;
        out.push(
          encodeTile(layer.id, await tileRows(t.database.db, row, z, x, y, cells))?.toString('base64'),
        );
      }
      return out;
    };

    const longWay = await answers();
    // The answers show creators, stored nulls and the schema's nulls for properties unset.
    const shown = longWay.join('\n');
    expect(shown).toMatch(/"created_by":\d+/);
    expect(shown).toContain('"created_by":null');
    expect(shown).toMatch(/"pressure":\d/);
    expect(shown).toContain('"pressure":null');
    // With a small answer budget a page of 7 is cut after two or three points.
    const smallBudget = async () => {
      setFeatureLimits({ ...DEFAULT_FEATURE_LIMITS, answerBytes: 300 });
      try {
        return await answers();
      } finally {
        setFeatureLimits(DEFAULT_FEATURE_LIMITS);
      }
    };
    const longWayCut = await smallBudget();
    expect(longWayCut).not.toEqual(longWay);
    const longWayTiles = await tileAnswers(gridVersion);
    expect(longWayTiles.filter((tile) => tile !== undefined).length).toBeGreaterThan(tiles.length / 2);
    // Low zooms hold fewer points than the layer has under them: they are thinned.
    expect(longWayTiles.slice(20).filter((tile) => tile !== undefined).length).toBeGreaterThan(10);
    const search = vi.spyOn(PointGrid.prototype, 'search');
    await indexBuilt(() => client.get(items, { query: { bbox: boxes[0] ?? '', limit: 7 } }));
    search.mockClear();
    expect(await answers()).toEqual(longWay);
    expect(await smallBudget()).toEqual(longWayCut);
    // Every box above went through the index (first pages, include_data and filters at least,
    // with both budgets), on either database.
    expect(search.mock.calls.length).toBeGreaterThanOrEqual(boxes.length * 6);
    search.mockClear();
    expect(await tileAnswers()).toEqual(longWayTiles);
    expect(search.mock.calls).toHaveLength(tiles.length);
    search.mockRestore();
  });

  it("answer the filters panel's conditions as the database does, attachments included", async () => {
    const { client } = await t.signedIn('admin');
    const { map, layer } = await bigPointLayer();
    const db = t.database.db;
    // A yes/no property on some points, a text one stored as null on others, and attachments
    // on a few: the panel's answer carries each feature's files.
    await db.query(
      `UPDATE features SET properties = properties || CASE id % 3
         WHEN 0 THEN '{"active": true}'::jsonb WHEN 1 THEN '{"active": false, "note": null}'::jsonb
         ELSE '{"note": "north"}'::jsonb END
       WHERE layer_id = $1`,
      [layer.id],
    );
    await db.query(
      `INSERT INTO feature_files (feature_id, name, mime_type, size, storage_key)
       SELECT id, 'photo-' || id || '.jpg', 'image/jpeg', 100, 'files/' || id FROM features
       WHERE layer_id = $1 AND id % 11 = 0`,
      [layer.id],
    );
    const box = [-8.99, 38.01, -8.6, 38.4];
    const entry = (filters: object[]) => ({ layer_id: layer.id, filters, bbox: box });
    const asks: { body: object; query?: Record<string, string | number> }[] = [
      { body: { layers_filter: [entry([])] }, query: { per_page: 100 } },
      { body: { layers_filter: [entry([{ property: 'kind', operator: 'eq', value: 'pillar' }])] } },
      {
        body: { layers_filter: [entry([{ property: 'kind', operator: 'neq', value: 'pillar' }])] },
        query: { page: 3, per_page: 20 },
      },
      { body: { layers_filter: [entry([{ property: 'kind', operator: 'in', value: ['flush', 'x'] }])] } },
      { body: { layers_filter: [entry([{ property: 'active', operator: 'eq', value: true }])] } },
      { body: { layers_filter: [entry([{ property: 'active', operator: 'eq', value: 'false' }])] } },
      { body: { layers_filter: [entry([{ property: 'active', operator: 'in', value: [true] }])] } },
      { body: { layers_filter: [entry([{ property: 'note', operator: 'neq', value: 'north' }])] } },
      { body: { layers_filter: [entry([{ property: 'note', operator: 'in', value: ['north'] }])] } },
      { body: { layers_filter: [entry([{ property: 'colour', operator: 'neq', value: 'red' }])] } },
      { body: { layers_filter: [entry([{ property: 'colour', operator: 'eq', value: 'red' }])] } },
      {
        body: {
          layers_filter: [
            entry([
              { property: 'kind', operator: 'eq', value: 'flush' },
              { property: 'active', operator: 'neq', value: false },
            ]),
          ],
        },
      },
      // The database's to tell: numbers, text order and case, and a layer named twice.
      { body: { layers_filter: [entry([{ property: 'pressure', operator: 'gte', value: 100 }])] } },
      { body: { layers_filter: [entry([{ property: 'name', operator: 'contains', value: 'ANT 12' }])] } },
      {
        body: {
          layers_filter: [
            entry([{ property: 'kind', operator: 'eq', value: 'pillar' }]),
            entry([{ property: 'active', operator: 'eq', value: true }]),
          ],
        },
      },
    ];
    const answers = async () => {
      const out: string[] = [];
      for (const ask of asks) {
        const response = await client.post(`/api/maps/${map.id}/filter-features`, ask.body, {
          query: ask.query ?? {},
        });
        expect(response.status, response.text).toBe(200);
        out.push(response.text);
      }
      return out;
    };
    const longWay = await answers();
    const shown = longWay.join('\n');
    expect(shown).toContain('"files":[{');
    expect(shown).toContain('"total":0');
    await indexBuilt(() =>
      client.get(`/ogc/maps/${map.id}/collections/hydrants/items`, { query: { bbox: box.join(',') } }),
    );
    const sent = vi.spyOn(db, 'query');
    expect(await answers()).toEqual(longWay);
    // Every box whose conditions read the same in memory sent no statement over the features,
    // only one for its page's attachments.
    const overFeatures = sent.mock.calls.filter(([sql]) => /\bFROM features\b/.test(sql)).length;
    expect(overFeatures).toBe(3);
    sent.mockRestore();
  });

  it("write the filters panel's features from the index's text, hidden properties left out", async () => {
    const { client } = await t.signedIn('admin');
    const { map, layer } = await bigPointLayer();
    const db = t.database.db;
    const box = [-8.99, 38.01, -8.6, 38.4];
    // The first points in the box hold what the database writes otherwise than JavaScript
    // does: numbers as stored (1.50, 0.0000001, past a double's digits), keys of digits (which
    // JavaScript orders first, the database by length), escapes and characters past ASCII. A few
    // points carry attachments.
    await db.query(
      `WITH first AS (
         SELECT id, row_number() OVER (ORDER BY id) AS n FROM features
         WHERE layer_id = $1 AND ST_Intersects(geom, ST_MakeEnvelope($2, $3, $4, $5, 4326))
         ORDER BY id LIMIT 8)
       UPDATE features f SET properties = f.properties || CASE first.n
         WHEN 1 THEN '{"pressure": 1.50}'::jsonb
         WHEN 2 THEN '{"pressure": 0.0000001, "big": 12345678901234567890, "huge": 1e21}'::jsonb
         WHEN 3 THEN '{"10": "ten", "2": "two", "x": "ex"}'::jsonb
         WHEN 4 THEN '{"note": "say \\"hi\\"\\n\\ttab \\\\ \\u0001 \\u00e9 😀 /"}'::jsonb
         WHEN 5 THEN '{"": -0, "active": true, "ratio": 2.0}'::jsonb
         ELSE '{}'::jsonb END
       FROM first WHERE f.id = first.id`,
      [layer.id, ...box],
    );
    await db.query(
      `INSERT INTO feature_files (feature_id, name, mime_type, size, storage_key)
       SELECT id, 'photo-' || id || '.jpg', 'image/jpeg', 100, 'files/' || id FROM features
       WHERE layer_id = $1 AND id % 4 = 0`,
      [layer.id],
    );
    // A reader from whom the pressure is hidden.
    const { client: reader, user } = await t.signedIn('user');
    await db.query(`INSERT INTO map_grants (map_id, user_id, role) VALUES ($1, $2, 'viewer')`, [
      map.id,
      user.id,
    ]);
    await db.query(
      `INSERT INTO layer_rules (map_id, layer_id, user_id, access, hidden_properties)
       VALUES ($1, $2, $3, 'read', '["pressure"]')`,
      [map.id, layer.id, user.id],
    );
    await accessChanged(db);
    const everything = { layers_filter: [{ layer_id: layer.id, filters: [], bbox: box }] };
    const asks = [
      { caller: client, body: everything, query: { page: 1, per_page: 100 } },
      { caller: client, body: everything, query: { page: 2, per_page: 50 } },
      {
        caller: client,
        body: {
          layers_filter: [
            {
              ...everything.layers_filter[0],
              filters: [{ property: 'kind', operator: 'eq', value: 'pillar' }],
            },
          ],
        },
        query: { page: 1, per_page: 100 },
      },
      { caller: reader, body: everything, query: { page: 1, per_page: 100 } },
    ];
    // Each answer, how many features it shows and how many stored properties were parsed for it
    // (their text as the database writes it: a space after each colon).
    const parse = vi.spyOn(JSON, 'parse');
    const answers = async () => {
      const out: { text: string; type: unknown; shown: number; parsed: number }[] = [];
      for (const ask of asks) {
        parse.mockClear();
        const response = await ask.caller.post(`/api/maps/${map.id}/filter-features`, ask.body, {
          query: ask.query,
        });
        expect(response.status, response.text).toBe(200);
        const parsed = parse.mock.calls.filter(
          ([text]) => typeof text === 'string' && text.includes('"name": "Hydrant '),
        ).length;
        const shown = response.json<{ data: unknown[] }>().data.length;
        out.push({ text: response.text, type: response.headers['content-type'], shown, parsed });
      }
      return out;
    };
    try {
      const longWay = await answers();
      const [all, , , seen] = longWay.map((answer) => answer.text);
      expect(all).toContain('"pressure":1.5}');
      expect(all).toContain('"big":12345678901234567000,"huge":1e+21,');
      expect(all).toContain('"pressure":1e-7}');
      expect(all).toContain('{"2":"two","10":"ten","x":"ex","kind":');
      expect(all).toContain('"note":"say \\"hi\\"\\n\\ttab \\\\ \\u0001 é 😀 /"');
      expect(all).toContain('{"":0,"kind":');
      expect(all).toContain('"ratio":2,');
      expect(all).toContain('"files":[{');
      expect(seen).not.toContain('"pressure"');
      expect(seen).toContain('"note":"say');
      await indexBuilt(() =>
        client.get(`/ogc/maps/${map.id}/collections/hydrants/items`, { query: { bbox: box.join(',') } }),
      );
      const byIndex = await answers();
      expect(byIndex.map(({ text, type }) => ({ text, type }))).toEqual(
        longWay.map(({ text, type }) => ({ text, type })),
      );
      // The boxes with nothing hidden were written from the stored text, parsed only where
      // JavaScript writes it otherwise (a number such as 1.50: a quarter of the pressures here);
      // the reader's were parsed to leave the pressure out.
      const [first, second, , read] = byIndex;
      for (const written of [first, second]) {
        expect(written?.shown).toBeGreaterThan(40);
        expect(written?.parsed).toBeLessThan((written?.shown ?? 0) / 2);
      }
      expect(read?.parsed).toBeGreaterThanOrEqual(read?.shown ?? 1);
      // Asked again, each point's feature is the one written for the first answers, kept with
      // the index for each set of hidden properties: the same bytes, and no stored text parsed
      // but for the conditions of the third.
      const again = await answers();
      expect(again.map(({ text }) => text)).toEqual(longWay.map(({ text }) => text));
      expect(again.map((answer) => answer.parsed)).toEqual([0, 0, expect.any(Number), 0]);
    } finally {
      parse.mockRestore();
    }
  });

  it('answer a change at once, before the index has caught up with it', async () => {
    const { client } = await t.signedIn('admin');
    const { map, layer } = await bigPointLayer();
    const bbox = '-8.2,38.9,-8.1,39.0';
    const ask = () =>
      client.get(`/ogc/maps/${map.id}/collections/hydrants/items`, { query: { bbox, limit: 1000 } });
    await indexBuilt(ask);
    const before = (await ask()).json<{ numberMatched: number; features: { id: number }[] }>();
    const added = await insertFeature(t.database.db, layer.id, {
      type: 'Point',
      coordinates: [-8.15, 38.95],
    });
    const after = (await ask()).json<{ numberMatched: number; features: { id: number }[] }>();
    expect(after.numberMatched).toBe(before.numberMatched + 1);
    expect(after.features.map((feature) => feature.id)).toContain(added.id);
    await t.database.db.query('DELETE FROM features WHERE id = $1', [added.id]);
    expect((await ask()).json<{ numberMatched: number }>().numberMatched).toBe(before.numberMatched);
  });

  it('are read at a start without waiting for a first box', async () => {
    await t.signedIn('admin');
    const { layer } = await bigPointLayer();
    const row = await layerRow(layer.id);
    await warmPointIndexes(t.database.db);
    // Asked at once, before the version has held a second: the index is there.
    const grid = pointIndexes(t.database.db)?.get(row);
    expect(grid?.size).toBe(POINTS);
  });
});
