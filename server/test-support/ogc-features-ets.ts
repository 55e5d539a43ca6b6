/**
 * The checks of OGC's Executable Test Suite for OGC API – Features Part 1 (ets-ogcapi-features10:
 * core, GeoJSON, OpenAPI 3.0), after the abstract tests of OGC 17-069r4 Annex A, in TypeScript.
 * Every check runs whatever failed before it (the suite skips dependants; forcing them to run
 * is what this does), and every failure is collected, so one run reports them all.
 */
type Json = Record<string, unknown>;
type Link = { href?: unknown; rel?: unknown; type?: unknown };

export interface EtsFailure {
  test: string;
  message: string;
}

const OPENAPI_TYPE = 'application/vnd.oai.openapi+json;version=3.0';
const GEOJSON = 'application/geo+json';
const CORE = 'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core';
const CRS84 = ['http://www.opengis.net/def/crs/OGC/1.3/CRS84', 'http://www.opengis.net/def/crs/OGC/0/CRS84h'];
/** The suite's own limits (OgcApiFeatures10.java). */
const PAGING_LIMIT = 3;
const NUMBERMATCHED_LIMIT = 10_000;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const linksOf = (document: unknown): Link[] =>
  isObject(document) && Array.isArray(document.links) ? (document.links as Link[]) : [];
const byRel = (links: Link[], rel: string) => links.find((link) => link.rel === rel);

export interface EtsClient {
  get(url: string, accept: string): Promise<{ status: number; text: string; contentType: string }>;
}

class Run {
  readonly failures: EtsFailure[] = [];
  readonly passed: string[] = [];

  async check(test: string, body: () => Promise<void> | void): Promise<void> {
    try {
      await body();
      this.passed.push(test);
    } catch (error) {
      this.failures.push({ test, message: error instanceof Error ? error.message : String(error) });
    }
  }
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

async function getJson(client: EtsClient, url: string, accept: string, status = 200): Promise<Json> {
  const response = await client.get(url, accept);
  assert(response.status === status, `GET ${url}: status ${response.status}, expected ${status}`);
  try {
    return JSON.parse(response.text) as Json;
  } catch {
    throw new Error(`GET ${url}: not JSON (${response.contentType}): ${response.text.slice(0, 80)}`);
  }
}

/** Every `$ref` of the document resolves inside it (what the suite's OpenAPI parser checks first). */
function danglingRefs(document: Json): string[] {
  const dangling: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!isObject(node)) return;
    if (typeof node.$ref === 'string') {
      const target = node.$ref
        .replace(/^#\//, '')
        .split('/')
        .reduce<unknown>(
          (at, key) => (isObject(at) ? at[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined),
          document,
        );
      if (target === undefined) dangling.push(node.$ref);
    }
    Object.values(node).forEach(walk);
  };
  walk(document);
  return dangling;
}

interface Parameter {
  name?: string;
  in?: string;
  required?: boolean;
  style?: string;
  explode?: boolean;
  schema?: Json;
}

function resolve<T>(document: Json, node: unknown): T {
  let at = node;
  for (let hops = 0; isObject(at) && typeof at.$ref === 'string' && hops < 10; hops += 1)
    at = (at.$ref as string)
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((value, key) => (isObject(value) ? value[key] : undefined), document);
  return at as T;
}

/** The parameter `name` of a path's GET (path-level first), as OpenApiUtils.retrieveParameterByName. */
function parameterOf(document: Json, path: string, name: string): Parameter | undefined {
  const item = resolve<Json>(document, (document.paths as Json)[path]);
  const all = [
    ...((item.parameters as unknown[]) ?? []),
    ...((resolve<Json>(document, item.get).parameters as unknown[]) ?? []),
  ];
  return all.map((entry) => resolve<Parameter>(document, entry)).find((parameter) => parameter.name === name);
}

/** A path template as the suite matches it: `{x}` stands for any segment. */
const templateMatches = (template: string, path: string) =>
  new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path);

function assertStyleFormNoExplode(parameter: Parameter | undefined, name: string): void {
  assert(parameter, `Required ${name} parameter missing`);
  assert(parameter.in === 'query', `${name}: in must be query`);
  assert(parameter.required !== true, `${name}: required must be false`);
  assert(parameter.style === 'form', `${name}: style must be form, was ${String(parameter.style)}`);
  assert(parameter.explode !== true, `${name}: explode must be false`);
}

/** `numberMatched` equals the features of this page and its `next` pages (the suite reads up to 4 more, at the maximum limit). */
async function assertNumberMatched(
  client: EtsClient,
  page: Json,
  maximum: number | undefined,
): Promise<void> {
  if (typeof page.numberMatched !== 'number') return;
  if (page.numberMatched > NUMBERMATCHED_LIMIT) return;
  let total = Array.isArray(page.features) ? page.features.length : 0;
  let next = byRel(linksOf(page), 'next');
  for (let count = 0; next && count <= PAGING_LIMIT; count += 1) {
    const url = new URL(String(next.href));
    if (maximum !== undefined) url.searchParams.set('limit', String(maximum));
    const following = await getJson(client, url.toString(), GEOJSON);
    const features = Array.isArray(following.features) ? following.features.length : 0;
    if (features === 0) break;
    total += features;
    next = byRel(linksOf(following), 'next');
  }
  assert(
    total === page.numberMatched,
    `numberMatched ${page.numberMatched} but ${total} features in all pages`,
  );
}

function assertFeatureCollection(page: Json, limit?: number): void {
  assert(page.type === 'FeatureCollection', `type is ${String(page.type)}, expected FeatureCollection`);
  assert(Array.isArray(page.features), 'features property is missing');
  const self = byRel(linksOf(page), 'self');
  assert(self, 'Feature collection must include a link for itself');
  assert(self.type !== undefined, 'Link to itself must include a rel and type parameter');
  if (page.timeStamp !== undefined)
    assert(
      !Number.isNaN(Date.parse(String(page.timeStamp))),
      `timeStamp ${String(page.timeStamp)} is not a date-time`,
    );
  if (page.numberReturned !== undefined)
    assert(page.numberReturned === page.features.length, 'numberReturned does not match the features');
  if (limit !== undefined) assert(page.features.length <= limit, `more than ${limit} features`);
  for (const feature of page.features as Json[]) {
    const geometry = feature.geometry;
    if (!isObject(geometry)) continue;
    const numbers = JSON.stringify(geometry.coordinates).match(/-?\d+(\.\d+)?(e-?\d+)?/gi) ?? [];
    for (let i = 0; i + 1 < numbers.length; i += 2) {
      const [x, y] = [Number(numbers[i]), Number(numbers[i + 1])];
      assert(Math.abs(x) <= 180 && Math.abs(y) <= 90, `feature ${String(feature.id)} is outside CRS84`);
    }
  }
}

function intersectsBox(geometry: unknown, [minX, minY, maxX, maxY]: number[]): boolean {
  if (!isObject(geometry)) return true;
  const numbers = (JSON.stringify(geometry.coordinates).match(/-?\d+(\.\d+)?(e-?\d+)?/gi) ?? []).map(Number);
  let [gMinX, gMinY, gMaxX, gMaxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i + 1 < numbers.length; i += 2) {
    const [x = 0, y = 0] = [numbers[i], numbers[i + 1]];
    [gMinX, gMinY, gMaxX, gMaxY] = [
      Math.min(gMinX, x),
      Math.min(gMinY, y),
      Math.max(gMaxX, x),
      Math.max(gMaxY, y),
    ];
  }
  const xOverlap = (a: number, b: number) => gMinX <= b && gMaxX >= a;
  const x =
    (minX ?? 0) <= (maxX ?? 0)
      ? xOverlap(minX ?? 0, maxX ?? 0)
      : xOverlap(minX ?? 0, 180) || xOverlap(-180, maxX ?? 0);
  return x && gMinY <= (maxY ?? 0) && gMaxY >= (minY ?? 0);
}

/** Runs every check against the landing page `root` (no trailing slash); returns what failed and passed. */
export async function runFeaturesEts(
  client: EtsClient,
  root: string,
): Promise<{ failures: EtsFailure[]; passed: string[] }> {
  const run = new Run();
  let landing: Json = {};
  let api: Json = {};
  let collections: Json[] = [];
  const featureIds = new Map<string, string>();

  await run.check('A.2.1 /ats/core/http: {root}/ answers over HTTP/1.1', async () => {
    const response = await client.get(`${root}/`, '*/*');
    assert(response.status < 500, `GET ${root}/: status ${response.status}`);
  });
  await run.check('A.2.2 /ats/core/root-op: {root}/ is the landing page (JSON)', async () => {
    landing = await getJson(client, `${root}/`, 'application/json');
  });
  await run.check('A.2.2 /ats/core/root-success: service-desc, conformance and data links', () => {
    const rels = new Set(linksOf(landing).map((link) => link.rel));
    assert(
      (rels.has('service-desc') || rels.has('service-doc')) && rels.has('conformance') && rels.has('data'),
      `landing page rels: ${[...rels].join(', ')}`,
    );
  });
  await run.check('A.2.3 /ats/core/api-definition-op: the OpenAPI 3.0 document', async () => {
    const page = await getJson(client, root, 'application/json');
    const link = linksOf(page).find(
      (entry) => entry.rel === 'service-desc' && String(entry.type).replace(/ /g, '') === OPENAPI_TYPE,
    );
    assert(link, 'Path to the API Definition could not be constructed from the landing page');
    api = await getJson(client, String(link.href), OPENAPI_TYPE);
  });
  await run.check('A.2.3 /ats/core/api-definition-success: a valid OpenAPI 3.0 document', () => {
    assert(/^3\.0\.\d+$/.test(String(api.openapi)), `openapi is ${String(api.openapi)}`);
    assert(isObject(api.info) && api.info.title && api.info.version, 'info.title and info.version required');
    assert(isObject(api.paths), 'paths required');
    const dangling = danglingRefs(api);
    assert(dangling.length === 0, `unresolved $ref: ${dangling.slice(0, 5).join(', ')}`);
  });
  const server = Array.isArray(api.servers) && isObject(api.servers[0]) ? String(api.servers[0].url) : root;
  const paths = isObject(api.paths) ? Object.keys(api.paths) : [];
  await run.check('A.2.4 /ats/core/conformance-op + success: conformsTo lists core', async () => {
    const points = paths.filter((path) => path === '/conformance');
    assert(points.length > 0, 'No conformance classes found at the /conformance path.');
    for (const path of points) {
      const document = await getJson(client, `${server}${path}`, 'application/json');
      assert(Array.isArray(document.conformsTo), "Missing member 'conformsTo'.");
      assert(
        document.conformsTo.every((entry) => typeof entry === 'string'),
        'conformsTo has a non-string',
      );
      assert(document.conformsTo.includes(CORE), 'core is not declared');
    }
  });
  await run.check('A.2.5 /ats/core/fc-md-op + success: {root}/collections', async () => {
    const points = paths.filter((path) => path === '/collections');
    assert(points.length > 0, 'no /collections path in the API definition');
    const document = await getJson(client, `${server}/collections`, 'application/json');
    const self = byRel(linksOf(document), 'self');
    assert(self && self.type !== undefined, 'Collections must link to themselves with rel and type');
    assert(Array.isArray(document.collections) && document.collections.length > 0, 'no collections');
    if (Array.isArray(document.crs))
      assert(CRS84.includes(String(document.crs[0])), 'first crs is not CRS84');
    collections = (document.collections as Json[]).filter(
      (entry) =>
        entry.id !== undefined &&
        (entry.itemType === undefined || String(entry.itemType).toLowerCase() === 'feature') &&
        linksOf(entry).some((link) => link.rel === 'items'),
    );
  });
  for (const entry of collections) {
    const id = String(entry.id);
    const itemsLink = linksOf(entry).find((link) => link.rel === 'items' && link.type === GEOJSON);
    const itemsUrl = itemsLink ? String(itemsLink.href) : '';
    const concrete = paths.find((path) => path === `/collections/${id}/items`);
    const itemsPaths = paths.filter((path) => templateMatches(path, `/collections/${id}/items`));
    const limitOf = (path: string) => parameterOf(api, path, 'limit');
    const maximum = (() => {
      const path = concrete ?? itemsPaths[0];
      const value = path ? limitOf(path)?.schema?.maximum : undefined;
      return typeof value === 'number' ? value : undefined;
    })();

    await run.check(`A.2.6 /ats/core/sfc-md-op + success: collection ${id}`, async () => {
      assert(
        paths.some((path) => templateMatches(path, `/collections/${id}`)),
        `no path for collection ${id}`,
      );
      const one = await getJson(client, `${server}/collections/${id}`, 'application/json');
      for (const key of ['id', 'title', 'description', 'extent'])
        assert(
          JSON.stringify(one[key]) === JSON.stringify(entry[key]),
          `${key} of /collections/${id} differs from /collections`,
        );
    });
    await run.check(`A.2.7 /ats/core/fc-op + fc-response: items of ${id}`, async () => {
      assert(itemsUrl, `no items link of type ${GEOJSON}`);
      const page = await getJson(client, itemsUrl, GEOJSON);
      assertFeatureCollection(page);
      await assertNumberMatched(client, page, maximum);
      const first = (page.features as Json[]).find((feature) => feature.id !== undefined);
      if (first) featureIds.set(id, String(first.id));
    });
    for (const path of itemsPaths) {
      await run.check(`A.2.7 /ats/core/fc-limit-definition: ${path}`, () => {
        const limit = limitOf(path);
        assertStyleFormNoExplode(limit, 'limit');
        assert(limit?.schema?.type === 'integer', 'limit schema type must be integer');
        assert(
          typeof limit.schema.minimum === 'number' && limit.schema.minimum >= 0,
          'limit minimum must be >= 0',
        );
        assert(
          typeof limit.schema.default === 'number' && limit.schema.default >= 0,
          'limit default must be >= 0',
        );
      });
      await run.check(`A.2.7 /ats/core/fc-bbox-definition: ${path}`, () => {
        const bbox = parameterOf(api, path, 'bbox');
        assertStyleFormNoExplode(bbox, 'bbox');
        assert(bbox?.schema?.type === 'array', 'bbox schema type must be array');
        assert(bbox.schema.minItems === 4 && bbox.schema.maxItems === 6, 'bbox must take 4 to 6 items');
        assert(
          isObject(bbox.schema.items) && bbox.schema.items.type === 'number',
          'bbox items must be numbers',
        );
      });
      await run.check(`A.2.7 /ats/core/fc-time-definition: ${path}`, () => {
        const datetime = parameterOf(api, path, 'datetime');
        assertStyleFormNoExplode(datetime, 'datetime');
        assert(datetime?.schema?.type === 'string', 'datetime schema type must be string');
      });
      const limit = limitOf(path)?.schema;
      const min = typeof limit?.minimum === 'number' ? limit.minimum : 1;
      const max = typeof limit?.maximum === 'number' ? limit.maximum : -1;
      for (const value of min === max ? [min] : [min, Math.min(100, min + Math.floor((max - min) / 2))])
        await run.check(`A.2.7 /ats/core/fc-limit-response: ${id} limit=${value}`, async () => {
          const url = new URL(itemsUrl);
          url.searchParams.set('limit', String(value));
          const page = await getJson(client, url.toString(), GEOJSON);
          assertFeatureCollection(page, max > 0 ? Math.min(value, max) : value);
          await assertNumberMatched(client, page, maximum);
        });
    }
    const extent = isObject(entry.extent) ? entry.extent : {};
    const spatial =
      isObject(extent.spatial) && Array.isArray(extent.spatial.bbox) ? extent.spatial.bbox[0] : undefined;
    if (Array.isArray(spatial)) {
      const boxes = [
        spatial as number[],
        [-1.5, 50, 1.5, 53],
        [-80, -5, -70, 5],
        [177, 65, -177, 70],
        [-180, 85, 180, 90],
        [-180, -90, 180, -85],
      ];
      for (const box of boxes)
        await run.check(`A.2.7 /ats/core/fc-bbox-response: ${id} bbox=${box.join(',')}`, async () => {
          const url = new URL(itemsUrl);
          url.searchParams.set('bbox', box.join(','));
          const page = await getJson(client, url.toString(), GEOJSON);
          assertFeatureCollection(page);
          for (const feature of page.features as Json[])
            assert(
              intersectsBox(feature.geometry, box),
              `feature ${String(feature.id)} is outside ${box.join(',')}`,
            );
          await assertNumberMatched(client, page, maximum);
        });
    }
    // The suite reads `extent.temporal` as a two-item list, which the standard never writes, so
    // it never sends datetime; its cases are run here from the standard's `interval`.
    const interval =
      isObject(extent.temporal) && Array.isArray(extent.temporal.interval)
        ? extent.temporal.interval[0]
        : undefined;
    if (Array.isArray(interval) && typeof interval[0] === 'string' && typeof interval[1] === 'string') {
      const begin = Date.parse(interval[0]);
      const quarter = (Date.parse(interval[1]) - begin) / 4;
      const iso = (at: number) => new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z');
      const from = begin + quarter;
      const day = iso(from).slice(0, 10);
      const cases = [iso(begin), `${iso(from)}/${iso(from + quarter)}`, `${day}/P2D`];
      for (const datetime of cases)
        await run.check(`A.2.7 /ats/core/fc-time-response: ${id} datetime=${datetime}`, async () => {
          const url = new URL(itemsUrl);
          url.searchParams.set('datetime', datetime);
          const page = await getJson(client, url.toString(), GEOJSON);
          assertFeatureCollection(page);
          await assertNumberMatched(client, page, maximum);
        });
    }
    await run.check(`A.2.7 error conditions: ${id} limit=unlimited is 400`, async () => {
      const url = new URL(itemsUrl);
      url.searchParams.set('limit', 'unlimited');
      assert((await client.get(url.toString(), GEOJSON)).status === 400, 'limit=unlimited is not a 400');
    });
    await run.check(`A.2.7 error conditions: ${id} an unknown parameter is 400`, async () => {
      const url = new URL(itemsUrl);
      url.searchParams.set(`unknownQueryParameter${10000 + Math.floor(Math.random() * 10000)}`, '1');
      assert((await client.get(url.toString(), GEOJSON)).status === 400, 'an unknown parameter is not a 400');
    });
  }
  await run.check('A.2.8 /ats/core/f-op + f-success: one feature of each collection', async () => {
    assert(featureIds.size > 0, 'No feature Ids found in tested collections.');
    for (const entry of collections) {
      const id = String(entry.id);
      const featureId = featureIds.get(id);
      if (!featureId) continue;
      const itemsLink = linksOf(entry).find((link) => link.rel === 'items' && link.type === GEOJSON);
      const url = `${String(itemsLink?.href).split('?')[0]}/${featureId}`;
      const feature = await getJson(client, url, GEOJSON);
      const links = linksOf(feature);
      for (const rel of ['self', 'collection']) {
        const link = byRel(links, rel);
        assert(link && link.type !== undefined, `feature ${url}: no ${rel} link with rel and type`);
      }
    }
  });
  return run;
}
