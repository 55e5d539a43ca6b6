import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => t.database.reset());

type Errors = { errors: Record<string, string[]> };
const point = { type: 'Point', coordinates: [1, 2] };

describe('the guides of an attribute schema (bounds, pattern, default)', () => {
  it('stores them on the types they belong to and checks feature values against them', async () => {
    const { client } = await t.signedIn('admin');
    const map = await insertMap(t.database.db);
    const layer = await insertLayer(t.database.db, map.id, { properties: [] });
    const schema = await client.put(`/api/maps/${map.id}/layers/${layer.id}/properties`, {
      properties: [
        { name: 'diameter_mm', label: 'Diameter', type: 'integer', min: 20, max: 1000, default: 110 },
        { name: 'code', label: 'Code', type: 'string', pattern: '[A-Z]{2}-[0-9]{3}', min: 3 },
        { name: 'status', label: 'Status', type: 'enum', options: ['open', 'closed'], default: 'open' },
      ],
    });
    expect(schema.status).toBe(200);
    expect(schema.json<{ data: { properties: object[] } }>().data.properties).toEqual([
      {
        name: 'diameter_mm',
        label: 'Diameter',
        type: 'integer',
        required: false,
        options: null,
        min: 20,
        max: 1000,
        default: 110,
      },
      // A bound means nothing to text: it is not kept.
      {
        name: 'code',
        label: 'Code',
        type: 'string',
        required: false,
        options: null,
        pattern: '[A-Z]{2}-[0-9]{3}',
      },
      {
        name: 'status',
        label: 'Status',
        type: 'enum',
        required: false,
        options: ['open', 'closed'],
        default: 'open',
      },
    ]);

    const url = `/api/maps/${map.id}/layers/${layer.id}/features`;
    const refused = await client.post(url, {
      type: 'Feature',
      geometry: point,
      properties: { diameter_mm: 5, code: 'ab-123' },
    });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.json<Errors>().errors).sort()).toEqual([
      'properties.code',
      'properties.diameter_mm',
    ]);
    const accepted = await client.post(url, {
      type: 'Feature',
      geometry: point,
      properties: { diameter_mm: 1000, code: 'AB-123' },
    });
    expect(accepted.status).toBe(201);
  });

  it('refuses a pattern that is no regular expression, bounds the wrong way round and a default of another type', async () => {
    const { client } = await t.signedIn('admin');
    const map = await insertMap(t.database.db);
    const layer = await insertLayer(t.database.db, map.id, { properties: [] });
    const response = await client.put(`/api/maps/${map.id}/layers/${layer.id}/properties`, {
      properties: [
        { name: 'code', label: 'Code', type: 'string', pattern: '([A-Z' },
        { name: 'size', label: 'Size', type: 'number', min: 10, max: 1 },
        { name: 'kind', label: 'Kind', type: 'enum', options: ['a', 'b'], default: 'c' },
      ],
    });
    expect(response.status).toBe(422);
    expect(Object.keys(response.json<Errors>().errors).sort()).toEqual([
      'properties.0.pattern',
      'properties.1.max',
      'properties.2.default',
    ]);
  });
});

describe('attribute patterns match in time linear in the value', () => {
  // With a backtracking engine, each character added to this value doubles the time `(a+)+`
  // takes to fail on it: 40 characters would hold the server for hours.
  const hostile = `${'a'.repeat(40)}!`;

  it('checks a value against a nested-repeat pattern at once, through the app and OGC API', async () => {
    const { client } = await t.signedIn('admin');
    const map = await insertMap(t.database.db);
    const layer = await insertLayer(t.database.db, map.id, { properties: [] });
    const schema = await client.put(`/api/maps/${map.id}/layers/${layer.id}/properties`, {
      properties: [
        { name: 'code', label: 'Code', type: 'string', pattern: '(a+)+' },
        { name: 'words', label: 'Words', type: 'string', pattern: '([A-Za-z0-9]+\\s?)*' },
      ],
    });
    expect(schema.status).toBe(200);
    const app = await client.post(`/api/maps/${map.id}/layers/${layer.id}/features`, {
      type: 'Feature',
      geometry: point,
      properties: { code: hostile, words: hostile },
    });
    expect(app.status).toBe(422);
    expect(Object.keys(app.json<Errors>().errors).sort()).toEqual(['properties.code', 'properties.words']);
    const ogc = await client.request('POST', `/ogc/maps/${map.id}/collections/${layer.id}/items`, {
      body: { type: 'Feature', geometry: point, properties: { code: hostile } },
      headers: { 'content-type': 'application/geo+json' },
    });
    expect(ogc.status).toBe(422);
    const fine = await client.post(`/api/maps/${map.id}/layers/${layer.id}/features`, {
      type: 'Feature',
      geometry: point,
      properties: { code: 'aaaa', words: 'two words' },
    });
    expect(fine.status).toBe(201);
  });

  it('refuses a pattern only a backtracking engine can take (look-arounds, back-references)', async () => {
    const { client } = await t.signedIn('admin');
    const map = await insertMap(t.database.db);
    const layer = await insertLayer(t.database.db, map.id, { properties: [] });
    const response = await client.put(`/api/maps/${map.id}/layers/${layer.id}/properties`, {
      properties: [
        { name: 'ahead', label: 'Ahead', type: 'string', pattern: '(?=[A-Z])\\w+' },
        { name: 'twice', label: 'Twice', type: 'string', pattern: '(a)\\1' },
      ],
    });
    expect(response.status).toBe(422);
    const errors = response.json<Errors>().errors;
    expect(Object.keys(errors).sort()).toEqual(['properties.0.pattern', 'properties.1.pattern']);
    expect(errors['properties.0.pattern']?.[0]).toContain('RE2');
  });
});
