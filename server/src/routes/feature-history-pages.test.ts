import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFeature, insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import type { TestClient } from '../../test-support/test-client.ts';
import type { components } from '@generated/openapi-types.ts';
import { writeAudits } from '../features/feature-audits.ts';
import { ACCESS_CHANNEL } from '../access/access-cache.ts';

type AuditList = components['schemas']['AuditList'];

/** A line of `vertices` positions, shifted by `step` (each version of the feature moved it). */
const line = (vertices: number, step: number) => ({
  type: 'LineString',
  coordinates: Array.from({ length: vertices }, (_, i) => [-9.2 + i / 1e4 + step / 10, 38.7 + step / 10]),
});

/**
 * A line created and then moved four times (five history entries, newest id last), each entry
 * holding the line's geometry as the server's edits record it.
 */
async function movedLine(t: TestApp, userId: number, vertices: number) {
  const db = t.database.db;
  const map = await insertMap(db);
  const layer = await insertLayer(db, map.id, { geometry_type: 'LineString' });
  const feature = await insertFeature(db, layer.id, line(vertices, 0), { name: 'Track' });
  await writeAudits(db, [
    {
      layerId: layer.id,
      featureId: feature.id,
      event: 'created',
      oldValues: null,
      newValues: { name: 'Track', geometry: line(vertices, 0) },
      userId,
    },
  ]);
  for (let step = 1; step <= 4; step += 1)
    await writeAudits(db, [
      {
        layerId: layer.id,
        featureId: feature.id,
        event: 'updated',
        oldValues: { geometry: line(vertices, step - 1) },
        newValues: { geometry: line(vertices, step) },
        userId,
      },
    ]);
  return { path: `/api/maps/${map.id}/features/${feature.id}/history`, mapId: map.id, layerId: layer.id };
}

/** Every page from the first, following `meta.next_before`; the versions on each. */
async function allPages(client: TestClient, path: string, query: Record<string, string | number> = {}) {
  const pages: (number | null)[][] = [];
  let before: number | null | undefined;
  do {
    const response = await client.get(path, { query: { ...query, ...(before ? { before } : {}) } });
    expect(response.status).toBe(200);
    const body = response.json<AuditList>();
    pages.push(body.data.map((entry) => entry.version ?? null));
    before = body.meta.next_before;
  } while (before !== null && pages.length < 20);
  return pages;
}

describe('a feature history, page by page', () => {
  let t: TestApp;
  let client: TestClient;
  let userId: number;
  beforeAll(async () => {
    t = await startTestApp();
    const signedIn = await t.signedIn('admin');
    client = signedIn.client;
    userId = signedIn.user.id;
  });
  afterAll(async () => t.close());

  it('pages newest first by the cursor, ending with a null cursor', async () => {
    const { path } = await movedLine(t, userId, 3);
    expect(await allPages(client, path, { per_page: 2 })).toEqual([[5, 4], [3, 2], [1]]);
    // One page holds a short history whole.
    expect(await allPages(client, path)).toEqual([[5, 4, 3, 2, 1]]);
  });

  it('gives a changed geometry as its type alone unless the coordinates are asked for', async () => {
    const { path } = await movedLine(t, userId, 3);
    const brief = (await client.get(path, { query: { per_page: 1 } })).json<AuditList>().data[0];
    expect(brief?.old_values).toEqual({ geometry: { type: 'LineString' } });
    expect(brief?.new_values).toEqual({ geometry: { type: 'LineString' } });
    const whole = (
      await client.get(path, { query: { per_page: 1, include_geometry: 'true' } })
    ).json<AuditList>().data[0];
    expect(whole?.new_values).toEqual({ geometry: line(3, 4) });
    // A value that is not a geometry is given as stored.
    const created = (await client.get(path, { query: { before: brief?.id ?? 0, per_page: 4 } }))
      .json<AuditList>()
      .data.at(-1);
    expect(created).toMatchObject({
      event: 'created',
      new_values: { name: 'Track', geometry: { type: 'LineString' } },
    });
  });

  it('refuses a cursor or a page size the document does not allow', async () => {
    const { path } = await movedLine(t, userId, 3);
    expect((await client.get(path, { query: { before: 0 } })).status).toBe(422);
    expect((await client.get(path, { query: { per_page: 101 } })).status).toBe(422);
  });
});

describe('who reads a history, page by page', () => {
  let t: TestApp;
  let userId: number;
  beforeAll(async () => {
    t = await startTestApp();
    userId = (await t.signedIn('admin')).user.id;
  });
  afterAll(async () => t.close());

  it('keeps a property hidden from the reader out of old and new values on every page', async () => {
    const db = t.database.db;
    const { path, mapId, layerId } = await movedLine(t, userId, 3);
    const feature = Number(path.split('/').at(-2));
    await writeAudits(db, [
      {
        layerId,
        featureId: feature,
        event: 'updated',
        oldValues: { secret: 'old code', name: 'Track' },
        newValues: { secret: 'new code', name: 'Main track' },
        userId,
      },
    ]);
    const { client, user } = await t.signedIn('user');
    await db.query(`INSERT INTO map_grants (map_id, user_id, role) VALUES ($1, $2, 'viewer')`, [
      mapId,
      user.id,
    ]);
    await db.query(
      `INSERT INTO layer_rules (map_id, layer_id, user_id, access, hidden_properties)
       VALUES ($1, $2, $3, 'read', '["secret"]')`,
      [mapId, layerId, user.id],
    );
    await db.barrier?.(ACCESS_CHANNEL);
    const first = (await client.get(path, { query: { per_page: 1 } })).json<AuditList>();
    expect(first.data[0]).toMatchObject({
      old_values: { name: 'Track' },
      new_values: { name: 'Main track' },
    });
    const seen: unknown[] = [];
    let before: number | null = first.meta.next_before;
    while (before !== null) {
      const page = (await client.get(path, { query: { per_page: 2, before } })).json<AuditList>();
      seen.push(...page.data.flatMap((entry) => [entry.old_values, entry.new_values]));
      before = page.meta.next_before;
    }
    expect(seen).toHaveLength(10);
    expect(JSON.stringify([first, seen])).not.toContain('code');
    // The admin, who may read it, gets it.
    const admin = (await t.signedIn('admin')).client;
    expect((await admin.get(path, { query: { per_page: 1 } })).json<AuditList>().data[0]?.old_values).toEqual(
      {
        secret: 'old code',
        name: 'Track',
      },
    );
  });

  it('is not found, on any page, for a map the caller may not read', async () => {
    const { path, mapId } = await movedLine(t, userId, 3);
    await t.database.db.query(`UPDATE maps SET visibility = 'private' WHERE id = $1`, [mapId]);
    await t.database.db.barrier?.(ACCESS_CHANNEL);
    const { client } = await t.signedIn('user');
    expect((await client.get(path)).status).toBe(404);
    expect((await client.get(path, { query: { before: 999_999, per_page: 1 } })).status).toBe(404);
    // Nor for someone signed out, even though the feature exists.
    expect((await t.client().get(path)).status).toBe(401);
  });
});

describe('a history of big geometries', () => {
  let t: TestApp;
  let client: TestClient;
  let userId: number;
  beforeAll(async () => {
    // Each entry (a line of 2,000 positions or two: kilobytes stored, even compressed) is past it alone.
    t = await startTestApp({ ANSWER_MAX_BYTES: '1000' });
    const signedIn = await t.signedIn('admin');
    client = signedIn.client;
    userId = signedIn.user.id;
  });
  afterAll(async () => t.close());

  it('is answered one entry at a time, each page linking to the next, nothing skipped', async () => {
    const { path } = await movedLine(t, userId, 2000);
    expect(await allPages(client, path, { include_geometry: 'true' })).toEqual([[5], [4], [3], [2], [1]]);
  });
});
