import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertFeature, insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import type { Database } from '../db/database.ts';
import { saveFeatureEdits } from '../features/feature-edits.ts';
import { restoreFeatureVersion } from '../features/feature-restore.ts';
import { VersionConflict } from '../features/feature-versions.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => t.database.reset());

/** A database whose transactions start only once `count` callers reached one: the interleaving a pool gives. */
function meetingAt(db: Database, count: number): Database {
  let arrived = 0;
  let all: () => void = () => undefined;
  const barrier = new Promise<void>((resolve) => (all = resolve));
  return {
    query: (sql, params) => db.query(sql, params),
    close: () => db.close(),
    async transaction(work) {
      arrived += 1;
      if (arrived === count) all();
      await barrier;
      return db.transaction(work);
    },
  };
}

async function edited() {
  const { user } = await t.signedIn('editor');
  const map = await insertMap(t.database.db);
  const layer = await insertLayer(t.database.db, map.id, {
    properties: [{ name: 'diameter_mm', type: 'integer' }],
  });
  const feature = await insertFeature(
    t.database.db,
    layer.id,
    { type: 'Point', coordinates: [1, 2] },
    { diameter_mm: 100 },
  );
  // One recorded edit: version 2 (version 1 is the feature as inserted).
  await saveFeatureEdits(
    t.database.db,
    map.id,
    { features: [{ type: 'Feature', id: feature.id, layer_id: layer.id, properties: { diameter_mm: 150 } }] },
    user.id,
  );
  return { user, map, feature };
}

const outcomes = (results: PromiseSettledResult<unknown>[]) =>
  results.map((result) =>
    result.status === 'fulfilled'
      ? 'done'
      : result.reason instanceof VersionConflict
        ? 409
        : String(result.reason),
  );

describe('a restore racing another change of the same feature', () => {
  it('lets one of two restores seen at the same version through and answers the other 409', async () => {
    const { user, map, feature } = await edited();
    const db = meetingAt(t.database.db, 2);
    const restore = () =>
      restoreFeatureVersion(db, map.id, feature.id, { version: 1, seen_version: 2 }, user.id);
    expect(outcomes(await Promise.allSettled([restore(), restore()])).sort()).toEqual([409, 'done'].sort());
    const versions = await t.database.db.query<{ version: number; restored_version: number | null }>(
      'SELECT version, restored_version FROM feature_audits WHERE auditable_id = $1 ORDER BY id',
      [feature.id],
    );
    expect(versions).toEqual([
      { version: 2, restored_version: null },
      { version: 3, restored_version: 1 },
    ]);
  });

  it('brings a deleted feature back once when two restore it at the same moment', async () => {
    const { user, map, feature } = await edited();
    await saveFeatureEdits(t.database.db, map.id, { features: [], delete_ids: [feature.id] }, user.id);
    const db = meetingAt(t.database.db, 2);
    const restore = () =>
      restoreFeatureVersion(db, map.id, feature.id, { version: 2, seen_version: 3 }, user.id);
    expect(outcomes(await Promise.allSettled([restore(), restore()])).sort()).toEqual([409, 'done'].sort());
    const rows = await t.database.db.query('SELECT id FROM features WHERE id = $1', [feature.id]);
    expect(rows).toHaveLength(1);
  });
});
