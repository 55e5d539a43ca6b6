import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOnEmptyDatabase } from '../../test-support/demo-town.ts';
import { openTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { loadModel } from './hydraulic-source.ts';
import { warmWaterNetworks } from './warm-models.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
  await startOnEmptyDatabase(database.db, {});
});
afterAll(async () => database.close());

describe('warming the water networks at server start', () => {
  it("builds the demo town's model, which the first simulation then finds built", async () => {
    expect(await warmWaterNetworks(database.db)).toBe(1);
    const map = (
      await database.db.query<{ center: [number, number] }>('SELECT center FROM maps WHERE id = 1')
    )[0];
    const first = await loadModel(database.db, 1, map?.center ?? [0, 0]);
    expect(await loadModel(database.db, 1, map?.center ?? [0, 0])).toBe(first);
    expect(first.model.pipes.length).toBeGreaterThan(3000);
  });

  it('skips a map whose model cannot be built instead of failing the start', async () => {
    await database.db.query(
      `UPDATE water_networks SET hydraulics = jsonb_set(hydraulics, '{default_roughness}', '-1')
       WHERE map_id = 1`,
    );
    await database.db.query(`UPDATE features SET properties = properties - 'hw_c' - 'material'
       WHERE layer_id = (SELECT pipe_layer_id FROM water_networks WHERE map_id = 1) AND id = 1`);
    expect(await warmWaterNetworks(database.db)).toBe(0);
  });
});
