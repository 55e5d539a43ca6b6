import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('a required property named like a JavaScript built-in', () => {
  it('is required of a new feature like any other', async () => {
    const { client } = await t.signedIn('editor');
    const map = await insertMap(t.database.db);
    const layer = await insertLayer(t.database.db, map.id, {
      properties: [{ name: 'constructor', required: true }],
    });
    const create = (properties: Record<string, unknown>) =>
      client.post(`/api/maps/${map.id}/layers/${layer.id}/features`, {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [1, 2] },
        properties,
      });
    const refused = await create({});
    expect(refused.status).toBe(422);
    expect(refused.json()).toMatchObject({ errors: { 'properties.constructor': [expect.any(String)] } });
    expect((await create({ constructor: 'given' })).status).toBe(201);
  });
});
