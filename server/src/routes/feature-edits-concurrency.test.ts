import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertFeature, insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import type { Database } from '../db/database.ts';
import { saveFeatureEdits } from '../features/feature-edits.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => t.database.reset());

const SCHEMA = [
  { name: 'material', type: 'string' as const },
  { name: 'diameter_mm', type: 'integer' as const },
  { name: 'note', type: 'string' as const },
];

interface Audit {
  old_values: Record<string, unknown> | null;
  new_values: Record<string, unknown> | null;
}

describe('two editors saving one feature at once', () => {
  it('keeps both changes of different properties, and the history holds the true old values', async () => {
    const first = await t.signedIn('editor');
    const second = await t.signedIn('editor');
    const map = await insertMap(t.database.db);
    const layer = await insertLayer(t.database.db, map.id, { properties: SCHEMA });
    const feature = await insertFeature(
      t.database.db,
      layer.id,
      { type: 'Point', coordinates: [1, 2] },
      { material: 'pvc', diameter_mm: 100 },
    );
    // Both saves reach their transaction before either runs it: the interleaving two
    // editors get on a real connection pool, made certain here.
    const db = t.database.db;
    let arrived = 0;
    let bothThere: () => void = () => undefined;
    const barrier = new Promise<void>((resolve) => (bothThere = resolve));
    const meetingAtCommit: Database = {
      query: (sql, params) => db.query(sql, params),
      close: () => db.close(),
      async transaction(work) {
        arrived += 1;
        if (arrived === 2) bothThere();
        await barrier;
        return db.transaction(work);
      },
    };
    const save = (userId: number, properties: Record<string, string | number>) =>
      saveFeatureEdits(
        meetingAtCommit,
        map.id,
        { features: [{ type: 'Feature', id: feature.id, layer_id: layer.id, properties }] },
        userId,
      );
    await Promise.all([save(first.user.id, { diameter_mm: 150 }), save(second.user.id, { note: 'relined' })]);

    const [stored] = await t.database.db.query<{ properties: object }>(
      'SELECT properties FROM features WHERE id = $1',
      [feature.id],
    );
    expect(stored?.properties).toEqual({
      material: 'pvc',
      diameter_mm: 150,
      note: 'relined',
    });
    const history = (await first.client.get(`/api/maps/${map.id}/features/${feature.id}/history`)).json<{
      data: Audit[];
    }>().data;
    const changes = history.map((entry) => [entry.old_values, entry.new_values]);
    expect(changes).toHaveLength(2);
    expect(changes).toEqual(
      expect.arrayContaining([
        [{ diameter_mm: 100 }, { diameter_mm: 150 }],
        [{ note: null }, { note: 'relined' }],
      ]),
    );
  });
});
