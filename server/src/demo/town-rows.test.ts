import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOnEmptyDatabase } from '../../test-support/demo-town.ts';
import { openTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { DEMO_FEATURE_ORDER, demoTownSummary, type DemoLayerSummary } from '@shared/demo/town-rows.ts';
import { DEMO_LAYERS } from '@shared/demo/configuration.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.reset();
  await startOnEmptyDatabase(database.db, {});
});
afterAll(async () => database.close());

// Mock mode compares what it serves with the same summary (mocks/demo-town.test.ts): a change
// to the generator or the seed that the other side does not follow fails one of the two.
describe('the seeded demo town against its generator', () => {
  it('holds the generator’s layers, in their order, with its feature counts and first names', async () => {
    const rows = await database.db.query<{
      id: number;
      name: string;
      geometry_type: string;
      features: number;
    }>(
      `SELECT l.id, l.name, l.geometry_type, (SELECT count(*)::int FROM features f WHERE f.layer_id = l.id) AS features
       FROM layers l ORDER BY l.id`,
    );
    const served: DemoLayerSummary[] = [];
    for (const row of rows) {
      const first = await database.db.query<{ properties: DemoLayerSummary['first'] }>(
        'SELECT properties FROM features WHERE layer_id = $1 ORDER BY id LIMIT 1',
        [row.id],
      );
      served.push({
        name: row.name,
        geometry_type: row.geometry_type,
        features: row.features,
        first: first[0]?.properties ?? null,
      });
    }
    expect(served).toEqual(demoTownSummary());
  });

  it('numbers the features in the shared write order, the ids mock mode gives them too', async () => {
    const rows = await database.db.query<{ name: string; first: number; last: number }>(
      `SELECT l.name, min(f.id)::int AS first, max(f.id)::int AS last
       FROM features f JOIN layers l ON l.id = f.layer_id GROUP BY l.name ORDER BY min(f.id)`,
    );
    const nameOf = (key: string) => DEMO_LAYERS.find((layer) => layer.key === key)?.name;
    expect(rows.map((row) => row.name)).toEqual(DEMO_FEATURE_ORDER.map(nameOf));
    expect(rows[0]?.first).toBe(1);
    for (const [index, row] of rows.entries())
      if (index > 0) expect(row.first).toBe((rows[index - 1]?.last ?? 0) + 1);
  });
});
