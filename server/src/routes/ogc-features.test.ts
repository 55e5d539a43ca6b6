import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertFeature, insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import type { TestClient } from '../../test-support/test-client.ts';

/** Links name the configured origin, whatever Host a request carries (nothing built from Host). */
const ORIGIN = 'https://gis.example.org';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ APP_URL: ORIGIN });
});
afterAll(async () => t.close());
beforeEach(async () => t.database.reset());

const SCHEMA = [
  { name: 'material', type: 'enum' as const, options: ['PVC', 'steel'], required: true },
  { name: 'diameter_mm', type: 'integer' as const },
  { name: 'note', type: 'string' as const },
];
const point = (lon: number, lat = 38.7) => ({ type: 'Point', coordinates: [lon, lat] });

interface Link {
  href: string;
  rel: string;
  type?: string;
}
interface Items {
  features: { id: number; properties: Record<string, unknown>; geometry: { coordinates: number[] } }[];
  numberMatched?: number;
  numberReturned: number;
  links: Link[];
}

/** A map with a Valves layer of `count` points (every third one steel, diameters 100, 110, …). */
async function valves(count: number) {
  const map = await insertMap(t.database.db, { title: 'Town' });
  const layer = await insertLayer(t.database.db, map.id, { name: 'Valves', properties: SCHEMA });
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const properties = { material: i % 3 === 0 ? 'steel' : 'PVC', diameter_mm: 100 + i * 10 };
    ids.push((await insertFeature(t.database.db, layer.id, point(i / 100), properties)).id);
  }
  return {
    map,
    layer,
    ids,
    base: `/ogc/maps/${map.id}`,
    // The collection id is the slug of the layer's name.
    items: `/ogc/maps/${map.id}/collections/valves/items`,
  };
}

const pathOf = (href: string) => href.replace(/^https?:\/\/[^/]+/, '');
const linkOf = (links: Link[], rel: string) => links.find((link) => link.rel === rel);

async function items(client: TestClient, url: string, query: Record<string, string | number> = {}) {
  const response = await client.get(url, Object.keys(query).length > 0 ? { query } : {});
  return { status: response.status, type: response.headers['content-type'], body: response.json<Items>() };
}

describe('OGC API – Features: discovery', () => {
  it('lists one collection per vector layer, with absolute links, and only implemented classes', async () => {
    const { client } = await t.signedIn('user');
    const { map, layer, base } = await valves(2);
    await insertLayer(t.database.db, map.id, { name: 'Basemap', type: 'xyz' });
    const landing = (
      await client.get(base, { headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } })
    ).json<{
      title: string;
      links: Link[];
    }>();
    expect(landing.title).toBe('Town');
    expect(linkOf(landing.links, 'data')?.href).toBe(`${ORIGIN}${base}/collections`);
    expect(linkOf(landing.links, 'service-desc')?.type).toBe('application/vnd.oai.openapi+json;version=3.0');
    const collections = (await client.get(`${base}/collections`)).json<{
      collections: { id: string; title: string }[];
    }>();
    expect(collections.collections.map((c) => [c.id, c.title])).toEqual([['valves', 'Valves']]);
    // The layer id still names it; a trailing slash reads as none, never the app page.
    expect((await client.get(`${base}/collections/${layer.id}`)).json<{ id: string }>().id).toBe('valves');
    const slashed = await client.get(`${base}/collections/`, { unchecked: true });
    expect(slashed.headers['content-type']).toBe('application/json');
    expect(slashed.json<{ collections: object[] }>().collections).toHaveLength(1);
    expect((await client.get(`${base}/`, { unchecked: true })).json<{ title: string }>().title).toBe('Town');
    expect(
      (await client.get(`${base}/conformance/`, { unchecked: true })).json<{ conformsTo: string[] }>()
        .conformsTo,
    ).toContain('http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core');
    const unknown = await client.get(`${base}/nothing-here`, { unchecked: true });
    expect([unknown.status, unknown.headers['content-type']]).toEqual([404, 'application/json']);
    const conformance = (await client.get(`${base}/conformance`)).json<{ conformsTo: string[] }>();
    expect(conformance.conformsTo).toContain('http://www.opengis.net/spec/cql2/1.0/conf/basic-cql2');
    expect(conformance.conformsTo).not.toContain(
      'http://www.opengis.net/spec/ogcapi-features-2/1.0/conf/crs',
    );
  });

  it('answers a layer of another map, a raster layer, or no map with 404, and a guest with 401', async () => {
    const { client } = await t.signedIn('user');
    const { base } = await valves(1);
    const other = await valves(1);
    const raster = await insertLayer(t.database.db, other.map.id, { type: 'xyz' });
    expect((await client.get(`${base}/collections/${other.layer.id}`)).status).toBe(404);
    expect((await client.get(`${base}/collections/${other.layer.id}/items`)).status).toBe(404);
    expect((await client.get(`${other.base}/collections/${raster.id}/items`)).status).toBe(404);
    expect((await client.get('/ogc/maps/999999')).status).toBe(404);
    expect((await t.client().get(base)).status).toBe(401);
  });

  it('describes queryables from the attribute schema and the API in OpenAPI 3.0 when asked', async () => {
    const { client } = await t.signedIn('user');
    const { layer, base } = await valves(1);
    const queryables = await client.get(`${base}/collections/${layer.id}/queryables`);
    expect(queryables.headers['content-type']).toBe('application/schema+json');
    expect(queryables.json<{ properties: object }>().properties).toMatchObject({
      material: { type: 'string', enum: ['PVC', 'steel'] },
      diameter_mm: { type: 'integer' },
      note: { type: 'string' },
    });
    const api = await client.get(`${base}/api`, {
      headers: { accept: 'application/vnd.oai.openapi+json;version=3.0, application/json' },
      unchecked: true,
    });
    expect(api.headers['content-type']).toBe('application/vnd.oai.openapi+json;version=3.0');
    const document = api.json<{
      openapi: string;
      servers: { url: string }[];
      paths: Record<string, { get?: { parameters: { $ref?: string; name?: string }[] } }>;
    }>();
    expect(document.openapi).toBe('3.0.3');
    expect(document.servers[0]?.url).toBe(`${ORIGIN}${base}`);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/',
        '/conformance',
        '/collections/{collection_id}/items',
        '/collections/valves/items',
      ]),
    );
    const resolve = (p: { $ref?: string; name?: string }) =>
      p.$ref
        ? (document as unknown as { components: { parameters: Record<string, { name: string }> } }).components
            .parameters[p.$ref.split('/').pop() ?? '']
        : p;
    const parameters = (document.paths['/collections/valves/items']?.get?.parameters ?? []).map(resolve);
    expect(parameters.map((p) => p?.name)).toEqual(
      expect.arrayContaining(['limit', 'bbox', 'filter', 'material', 'diameter_mm']),
    );
    expect(JSON.stringify(document)).not.toMatch(/"type":\["/);
    expect((await client.get(`${base}/api`)).headers['content-type']).toBe('application/json');
  });
});

describe('OGC API – Features: items', () => {
  it('pages by keyset links to the end and back, counting on the first page', async () => {
    const { client } = await t.signedIn('user');
    const { ids, items: url } = await valves(25);
    const first = await items(client, url, { limit: 10 });
    expect(first.type).toBe('application/geo+json');
    expect(first.body.numberMatched).toBe(25);
    expect(first.body.numberReturned).toBe(10);
    const seen = first.body.features.map((f) => f.id);
    let next = linkOf(first.body.links, 'next');
    expect(next?.href).toContain(`after=${ids[9]}`);
    let last = first;
    for (let page = 0; next && page < 10; page += 1) {
      last = await items(client, pathOf(next.href));
      seen.push(...last.body.features.map((f) => f.id));
      next = linkOf(last.body.links, 'next');
    }
    expect(seen).toEqual(ids);
    expect(last.body.numberReturned).toBe(5);
    const prev = linkOf(last.body.links, 'prev');
    expect(prev?.href).toContain(`before=${ids[20]}`);
    const back = await items(client, pathOf(prev?.href ?? ''));
    expect(back.body.features.map((f) => f.id)).toEqual(ids.slice(10, 20));
    expect(linkOf(first.body.links, 'prev')).toBeUndefined();
    // Every property of the schema is present, null when unset.
    expect(first.body.features[0]?.properties).toEqual({ material: 'steel', diameter_mm: 100, note: null });
  });

  it('filters by bbox, property=value and CQL2 text, in the database', async () => {
    const { client } = await t.signedIn('user');
    const { items: url, ids } = await valves(12);
    const count = async (query: Record<string, string>) =>
      (await items(client, url, query)).body.numberMatched;
    expect(await count({ bbox: '-0.001,38,0.045,39' })).toBe(5);
    expect(await count({ material: 'steel' })).toBe(4);
    expect(await count({ diameter_mm: '150' })).toBe(1);
    expect(await count({ filter: "material = 'PVC'", 'filter-lang': 'cql2-text' })).toBe(8);
    expect(await count({ filter: "material = 'PVC'", 'filter-lang': 'cql-text' })).toBe(8);
    expect(await count({ filter: "diameter_mm BETWEEN 120 AND 150 AND NOT material IN ('steel')" })).toBe(3);
    expect(await count({ filter: "note IS NULL OR material LIKE 'st%'" })).toBe(12);
    expect(
      await count({ filter: 'S_INTERSECTS(geometry, BBOX(-0.001, 38, 0.045, 39)) AND diameter_mm > 100' }),
    ).toBe(4);
    expect(
      await count({ filter: 'S_INTERSECTS(geometry, POLYGON((-1 38, 0.015 38, 0.015 39, -1 39, -1 38)))' }),
    ).toBe(2);
    const single = await client.get(`${url}/${ids[1]}`);
    expect(single.headers['content-type']).toBe('application/geo+json');
    expect(single.json<{ id: number; properties: object }>()).toMatchObject({
      id: ids[1],
      properties: { material: 'PVC' },
    });
    const hits = await items(client, url, { resultType: 'hits', material: 'steel' });
    expect(hits.body).toMatchObject({ numberMatched: 4, numberReturned: 0, features: [] });
  });

  it('reads a boolean property alone as a predicate, as QGIS writes `NOT "is_open"` in CQL2', async () => {
    const { client } = await t.signedIn('user');
    const map = await insertMap(t.database.db, { title: 'Town' });
    const layer = await insertLayer(t.database.db, map.id, {
      name: 'Valves',
      properties: [{ name: 'is_open', type: 'boolean' as const }],
    });
    for (const [i, isOpen] of [true, true, true, false, false].entries())
      await insertFeature(t.database.db, layer.id, point(i / 100), { is_open: isOpen });
    await insertFeature(t.database.db, layer.id, point(1), {});
    const url = `/ogc/maps/${map.id}/collections/valves/items`;
    // The query string QGIS 3.32+ sends for a layer filtered by these expressions.
    const matched = async (filter: string) => {
      const response = await client.get(`${url}?filter=${encodeURIComponent(filter)}&filter-lang=cql2-text`);
      return [response.status, response.json<Items>().numberMatched];
    };
    expect(await matched('(NOT ("is_open"))')).toEqual([200, 2]);
    expect(await matched('"is_open"')).toEqual([200, 3]);
    expect(await matched('(("is_open") AND ("is_open" IS NOT NULL))')).toEqual([200, 3]);
    expect(await matched('(("is_open") OR ("is_open" IS NULL))')).toEqual([200, 4]);
    // The same as the comparisons: a feature without the value matches neither.
    expect(await matched('("is_open" = FALSE)')).toEqual([200, 2]);
  });

  it('reads a negative number as QGIS writes it in CQL2, `( - (5))`', async () => {
    const { client } = await t.signedIn('user');
    const map = await insertMap(t.database.db, { title: 'Town' });
    const layer = await insertLayer(t.database.db, map.id, {
      name: 'Sources',
      properties: [{ name: 'elevation_m', type: 'number' as const }],
    });
    for (const [i, elevation] of [-12.5, -3, 0, 4].entries())
      await insertFeature(t.database.db, layer.id, point(i / 100), { elevation_m: elevation });
    const url = `/ogc/maps/${map.id}/collections/sources/items`;
    // The query string QGIS 3.32+ sends for a layer filtered by `"elevation_m" < -5` and the like.
    const matched = async (filter: string) => {
      const response = await client.get(`${url}?filter=${encodeURIComponent(filter)}&filter-lang=cql2-text`);
      return [response.status, response.json<Items>().numberMatched];
    };
    expect(await matched('("elevation_m" < ( - (5)))')).toEqual([200, 1]);
    expect(await matched('("elevation_m" >= ( - (3)))')).toEqual([200, 3]);
    expect(await matched('("elevation_m" = ( - (12.5)))')).toEqual([200, 1]);
    expect(await matched('"elevation_m" BETWEEN ( - (4)) AND 1')).toEqual([200, 2]);
    expect(await matched('"elevation_m" IN (( - (3)),4)')).toEqual([200, 2]);
    // A minus is still no arithmetic: between two values it is refused where it stands.
    const arithmetic = await client.get(`${url}?filter=${encodeURIComponent('"elevation_m" < 5 - 3')}`);
    expect([arithmetic.status, arithmetic.json<{ message: string }>().message]).toEqual([
      400,
      'filter: expected AND, OR or end at position 19, found -.',
    ]);
  });

  it('answers a bad filter, an unknown property or a bad bbox with a 400 that says where', async () => {
    const { client } = await t.signedIn('user');
    const { items: url } = await valves(1);
    const bad = async (query: Record<string, string>) => {
      const response = await client.get(url, Object.keys(query).length > 0 ? { query } : {});
      return { status: response.status, message: response.json<{ message: string }>().message };
    };
    expect(await bad({ filter: "colour = 'red'" })).toEqual({
      status: 400,
      message: 'filter: unknown property "colour" at position 1.',
    });
    expect(await bad({ filter: "material = 'PVC' AND (" })).toEqual({
      status: 400,
      message: 'filter: expected a property name at position 23, found end.',
    });
    expect(await bad({ filter: "diameter_mm > 'wide'" })).toEqual({
      status: 400,
      message: 'filter: diameter_mm at position 15 takes a number value.',
    });
    expect((await bad({ filter: 'S_INTERSECTS(geometry, POLYGON((0 0, 1 1)))' })).status).toBe(400);
    expect((await bad({ filter: `${'('.repeat(500)}` })).status).toBe(400);
    expect(await bad({ bbox: '1,2,3' })).toEqual({
      status: 400,
      message: 'The bbox field must have at least 4 items.',
    });
    expect(await bad({ bbox: '1,40,3,39' })).toEqual({
      status: 400,
      message: 'bbox: expected four numbers minLon,minLat,maxLon,maxLat.',
    });
    expect((await bad({ diameter_mm: 'wide' })).status).toBe(400);
    // Invalid values and unknown parameters are 400s that name the parameter (OGC 17-069r4).
    expect(await bad({ limit: 'unlimited' })).toEqual({
      status: 400,
      message: 'The limit field must be an integer.',
    });
    expect(await bad({ limit: '0' })).toEqual({
      status: 400,
      message: 'The limit field must be at least 1.',
    });
    // Above the declared maximum reads as the maximum (not an error).
    expect((await client.get(url, { query: { limit: '20000' } })).status).toBe(200);
    expect(await bad({ colour: 'red' })).toEqual({
      status: 400,
      message: 'colour: this operation has no such query parameter.',
    });
    expect(await bad({ datetime: '2020-01-01' })).toEqual({
      status: 400,
      message: 'datetime: the layer "Valves" has no time property, so it cannot be filtered by time.',
    });
  });
});

interface Audit {
  event: string;
  new_values: Record<string, unknown> | null;
  user: { id: number } | null;
}

describe('OGC API – Features Part 4: editing', () => {
  const geojson = { 'content-type': 'application/geo+json' };
  const version = async (layerId: number) =>
    Number(
      (
        await t.database.db.query<{ version: string }>('SELECT version FROM layers WHERE id = $1', [layerId])
      )[0]?.version,
    );

  it('creates, updates, replaces and deletes through the app save, with history under the caller', async () => {
    const { client, user } = await t.signedIn('editor');
    const { map, layer, items: url } = await valves(1);
    const before = await version(layer.id);
    const created = await client.request('POST', url, {
      body: { type: 'Feature', geometry: point(1), properties: { material: 'PVC', diameter_mm: 90 } },
      headers: geojson,
    });
    expect(created.status).toBe(201);
    const location = String(created.headers.location);
    const id = Number(location.split('/').pop());
    expect(location).toBe(`${ORIGIN}${url}/${id}`);
    expect(await version(layer.id)).toBeGreaterThan(before);

    const patched = await client.request('PATCH', `${url}/${id}`, {
      body: { type: 'Feature', properties: { note: 'relined' } },
      headers: geojson,
    });
    expect(patched.status).toBe(204);
    const replaced = await client.request('PUT', `${url}/${id}`, {
      body: { type: 'Feature', geometry: point(2), properties: { material: 'steel' } },
      headers: geojson,
    });
    expect(replaced.status).toBe(204);
    const read = (await client.get(`${url}/${id}`)).json<{ properties: object; geometry: object }>();
    expect(read).toMatchObject({
      properties: { material: 'steel', diameter_mm: null, note: null },
      geometry: point(2),
    });

    const history = async () =>
      (await client.get(`/api/maps/${map.id}/features/${id}/history`)).json<{ data: Audit[] }>().data;
    expect((await history()).map((entry) => [entry.event, entry.user?.id])).toEqual([
      ['updated', user.id],
      ['updated', user.id],
      ['created', user.id],
    ]);
    expect((await client.request('DELETE', `${url}/${id}`)).status).toBe(204);
    expect((await client.get(`${url}/${id}`)).status).toBe(404);
    expect((await history())[0]?.event).toBe('deleted');
  });

  it('validates like the app and writes nothing on a bad feature', async () => {
    const { client } = await t.signedIn('editor');
    const { layer, ids, items: url } = await valves(1);
    const before = await version(layer.id);
    const wrongType = await client.request('POST', url, {
      body: {
        type: 'Feature',
        geometry: {
          type: 'LineString',
          coordinates: [
            [0, 0],
            [1, 1],
          ],
        },
        properties: { material: 'PVC' },
      },
      headers: geojson,
    });
    expect(wrongType.status).toBe(422);
    expect(Object.keys(wrongType.json<{ errors: object }>().errors)).toEqual(['geometry.type']);
    const badValue = await client.request('PATCH', `${url}/${ids[0]}`, {
      body: { type: 'Feature', properties: { material: 'gold', diameter_mm: 'wide' } },
      headers: geojson,
    });
    expect(badValue.status).toBe(422);
    expect(Object.keys(badValue.json<{ errors: object }>().errors).sort()).toEqual([
      'properties.diameter_mm',
      'properties.material',
    ]);
    const clearsRequired = await client.request('PUT', `${url}/${ids[0]}`, {
      body: { type: 'Feature', geometry: point(0), properties: {} },
      headers: geojson,
    });
    expect(clearsRequired.status).toBe(422);
    expect(await version(layer.id)).toBe(before);
  });

  it('refuses edits to readers and says so in OPTIONS; another layer’s feature is 404', async () => {
    const reader = (await t.signedIn('user')).client;
    const editor = (await t.signedIn('editor')).client;
    const { ids, items: url } = await valves(1);
    const other = await valves(1);
    const body = { type: 'Feature', geometry: point(1), properties: { material: 'PVC' } };
    expect((await reader.request('POST', url, { body, headers: geojson })).status).toBe(403);
    expect((await reader.request('DELETE', `${url}/${ids[0]}`)).status).toBe(403);
    expect((await reader.request('OPTIONS', url)).headers.allow).toBe('GET, OPTIONS');
    expect((await editor.request('OPTIONS', url)).headers.allow).toBe('GET, POST, OPTIONS');
    expect((await editor.request('OPTIONS', `${url}/${ids[0]}`)).headers.allow).toBe(
      'GET, PUT, PATCH, DELETE, OPTIONS',
    );
    expect((await editor.request('DELETE', `${url}/${other.ids[0]}`)).status).toBe(404);
  });
});

describe('OGC API – Features: hostile input', () => {
  it('answers any filter made of CQL2 pieces with 200 or 400, never 500', async () => {
    const { client } = await t.signedIn('user');
    const { items: url } = await valves(3);
    const pieces = [
      'material',
      'diameter_mm',
      'note',
      'geometry',
      '"material"',
      "'PVC'",
      "'it''s'",
      '12',
      '-1.5e3',
      '1e400',
      '=',
      '<>',
      '<=',
      '>',
      'AND',
      'OR',
      'NOT',
      'LIKE',
      'IN',
      'BETWEEN',
      'IS',
      'NULL',
      'TRUE',
      '(',
      ')',
      ',',
      'S_INTERSECTS',
      'BBOX',
      'POLYGON',
      'POINT',
      'DATE',
      '%',
      ';',
      '--',
      '\\',
    ];
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const statuses = new Set<number>();
    for (let i = 0; i < 150; i += 1) {
      const length = 1 + Math.floor(random() * 8);
      const filter = Array.from({ length }, () => pieces[Math.floor(random() * pieces.length)]).join(' ');
      const response = await client.get(url, { query: { filter } });
      statuses.add(response.status);
      expect(response.status, filter).not.toBe(500);
    }
    expect([...statuses].every((status) => status === 200 || status === 400)).toBe(true);
    expect((await client.get(url, { query: { after: '99999999999999' } })).status).toBe(200);
  });
});
