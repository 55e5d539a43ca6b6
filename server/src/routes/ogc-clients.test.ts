import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLayerIds, startOnEmptyDatabase } from '../../test-support/demo-town.ts';
import { oapifLayers } from '../../test-support/gdal-client.ts';
import { runFeaturesEts } from '../../test-support/ogc-features-ets.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

/**
 * The demo map read the way real OGC clients read it, over HTTP on a free port, signed in with a
 * personal access token as HTTP Basic: OGC's test suite for Part 1 (ported), GDAL and OWSLib
 * given the landing page with and without a trailing slash, and `datetime` on the pipes.
 */
const run = promisify(execFile);
let t: TestApp;
let root: string;
let basic: string;
let email: string;
let token: string;
let pipesId: number;

beforeAll(async () => {
  t = await startTestApp();
  await startOnEmptyDatabase(t.database.db, { DEMO_SEED: '1' });
  pipesId = (await demoLayerIds(t.database.db)).pipes;
  const [map] = await t.database.db.query<{ map_id: number }>('SELECT map_id FROM layers WHERE id = $1', [
    pipesId,
  ]);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  root = `http://127.0.0.1:${port}/ogc/maps/${map?.map_id ?? 0}`;
  const { client, user } = await t.signedIn('user');
  email = user.email;
  token = (await client.post('/api/user/tokens', { name: 'clients', abilities: ['read'] })).json<{
    data: { token: string };
  }>().data.token;
  basic = `Basic ${Buffer.from(`${email}:${token}`).toString('base64')}`;
});
afterAll(async () => t.close());

const get = async (url: string, accept = 'application/json') => {
  const response = await fetch(url, { headers: { Authorization: basic, Accept: accept } });
  return {
    status: response.status,
    text: await response.text(),
    contentType: response.headers.get('content-type') ?? '',
  };
};

describe('OGC clients read the demo map', () => {
  it('passes every check of the OGC test suite for Part 1 (core, GeoJSON, OpenAPI 3.0), all run', async () => {
    const { failures, passed } = await runFeaturesEts({ get }, root);
    expect(failures).toEqual([]);
    // Every demo layer is a collection, each with its limit, bbox and error checks.
    expect(passed.filter((test) => test.includes('fc-bbox-response')).length).toBeGreaterThanOrEqual(6 * 6);
    expect(passed.some((test) => test.includes('fc-time-response: pipes'))).toBe(true);
  });

  it('GDAL lists the same named layers from the landing page with and without a trailing slash', async () => {
    const auth = ['-oo', `USERPWD=${email}:${token}`];
    const plain = await oapifLayers(`OAPIF:${root}`, auth);
    const slashed = await oapifLayers(`OAPIF:${root}/`, auth);
    expect(slashed).toEqual(plain);
    expect(plain.find((layer) => layer.title === 'Pipes')).toMatchObject({
      name: 'pipes',
      featureCount: 3360,
    });
    expect(plain.map((layer) => layer.name)).toContain('service-points');
  });

  it('OWSLib reads the collections and a page of pipes from the root URL, with and without a slash', async () => {
    const script = `
import json, sys
from owslib.ogcapi.features import Features
from owslib.util import Authentication
out = []
for url in sys.argv[3:]:
    api = Features(url, auth=Authentication(sys.argv[1], sys.argv[2]))
    ids = [c['id'] for c in api.collections()['collections']]
    page = api.collection_items('pipes', limit=5)
    out.append({'ids': ids, 'returned': page['numberReturned']})
print(json.dumps(out))
`;
    const { stdout } = await run('/usr/bin/python3', ['-c', script, email, token, root, `${root}/`]);
    const [plain, slashed] = JSON.parse(stdout) as { ids: string[]; returned: number }[];
    expect(plain?.ids).toContain('pipes');
    expect(slashed).toEqual(plain);
    expect(plain?.returned).toBe(5);
  });

  it('filters the pipes by install date with datetime, as the database counts them', async () => {
    const matched = async (datetime: string) =>
      (
        JSON.parse(
          (
            await get(
              `${root}/collections/pipes/items?limit=1&datetime=${encodeURIComponent(datetime)}`,
              'application/geo+json',
            )
          ).text,
        ) as {
          numberMatched: number;
        }
      ).numberMatched;
    const count = async (where: string) =>
      Number(
        (
          await t.database.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM features WHERE layer_id = $1 AND (${where})`,
            [pipesId],
          )
        )[0]?.n,
      );
    const date = `(properties ->> 'install_date')::date`;
    const none = `properties ->> 'install_date' IS NULL`;
    expect(await matched('2000-01-01T00:00:00Z/2009-12-31T23:59:59Z')).toBe(
      await count(`${none} OR ${date} BETWEEN '2000-01-01' AND '2009-12-31'`),
    );
    expect(await matched('../1980-01-01T00:00:00Z')).toBe(await count(`${none} OR ${date} <= '1980-01-01'`));
    expect(await matched('2015-01-01/..')).toBe(await count(`${none} OR ${date} >= '2015-01-01'`));
    const [one] = await t.database.db.query<{ day: string }>(
      `SELECT properties ->> 'install_date' AS day FROM features WHERE layer_id = $1 AND properties ? 'install_date' LIMIT 1`,
      [pipesId],
    );
    expect(await matched(`${one?.day}T12:00:00Z`)).toBe(await count(`${none} OR ${date} = '${one?.day}'`));
    expect(await matched('2000-01-01/2009-12-31')).toBeLessThan(3360);
    const collection = JSON.parse((await get(`${root}/collections/pipes`)).text) as {
      extent: { temporal: { interval: string[][] } };
    };
    const [range] = await t.database.db.query<{ first: string; last: string }>(
      `SELECT min(properties ->> 'install_date') AS first, max(properties ->> 'install_date') AS last
       FROM features WHERE layer_id = $1`,
      [pipesId],
    );
    expect(collection.extent.temporal.interval[0]).toEqual([
      `${range?.first}T00:00:00Z`,
      `${range?.last}T23:59:59Z`,
    ]);
    const bad = await get(`${root}/collections/valves/items?datetime=2020-01-01`);
    expect([bad.status, JSON.parse(bad.text).message]).toEqual([
      400,
      'datetime: the layer "Valves" has no time property, so it cannot be filtered by time.',
    ]);
    expect((await get(`${root}/collections/pipes/items?datetime=2020-13-01`)).status).toBe(400);
  });
});
