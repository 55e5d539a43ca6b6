import type { JsonSchema, OpenApiDocument, Operation } from '../../src/openapi/document.ts';
import { hintsFor, type Targets } from './hints.ts';
import type { Rng } from './random.ts';
import { fileParts, multipartBody, type Part } from './multipart.ts';
import { SchemaValues } from './schema-values.ts';

export interface FuzzCase {
  kind: 'valid' | 'invalid';
  method: string;
  url: string;
  body?: unknown;
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
}

const BAD_PATH_VALUES = [
  '0',
  '-1',
  'abc',
  '1.5',
  '99999999',
  '99999999999999999999',
  '%00',
  "1'%20OR%201=1",
  '1e3',
  '%F0%9F%97%BA',
];
const BAD_QUERY_VALUES = [
  '',
  '-1',
  'abc',
  '1.5',
  '%00',
  'x'.repeat(300),
  'true,false',
  '1e309',
  '[]',
  'null',
];

/** The tile (slippy-map numbering) holding a lon/lat at zoom z. */
function tileAt(lon: number, lat: number, z: number): [number, number] {
  const n = 2 ** z;
  const x = Math.floor(((lon + 180) / 360) * n);
  const rad = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return [x, y];
}

function pathValue(operation: Operation, name: string, targets: Targets, rng: Rng, tile: number[]): string {
  const { world } = targets;
  const path = operation.path;
  switch (name) {
    case 'id':
      if (path.startsWith('/api/users/'))
        return String(rng.pick([targets.victim.id, targets.victim.id, targets.self.id]));
      if (path.startsWith('/api/maps/')) return String(rng.chance(0.9) ? world.mapId : world.otherMapId);
      if (path.startsWith('/api/layer-categories/')) return String(rng.pick(world.categoryIds));
      if (path.startsWith('/api/imports/')) return rng.chance(0.8) ? rng.pick(targets.importIds) : rng.uuid();
      return rng.chance(0.8) ? rng.pick(targets.exportIds) : rng.uuid();
    case 'map_id':
      // OGC API – Features (/ogc/maps/{map_id}/…).
      return String(rng.chance(0.9) ? world.mapId : world.otherMapId);
    case 'layer_id':
    case 'collection_id':
      return String(rng.chance(0.6) ? world.layerIds.point : rng.pick(Object.values(world.layerIds)));
    case 'feature_id':
      return String(
        rng.pick([...world.featureIds.point, ...world.featureIds.line, ...world.featureIds.polygon]),
      );
    case 'search_id':
      return String(path.includes('main-search') ? world.mainSearchId : world.searchId);
    case 'filter_id':
      return String(world.filterId);
    case 'bookmark_id':
      return String(rng.chance(0.8) ? targets.bookmarkIds[0] : rng.pick(targets.bookmarkIds));
    case 'file_id':
      return String(targets.fileId);
    case 'token_id':
    case 'widget_id':
    case 'link_id':
      // Tokens, dashboard widgets and share links the fuzzed create calls may have made (or none).
      return String(rng.int(1, 5));
    case 'z':
      return String(tile[0]);
    case 'x':
      return String(tile[1]);
    case 'y':
      return String(tile[2]);
    default:
      throw new Error(`fuzz: no value for the path parameter ${name} of ${operation.operationId}`);
  }
}

function pickTile(rng: Rng): number[] {
  if (rng.chance(0.3)) {
    const z = rng.int(0, 22);
    return [z, rng.int(0, 2 ** z - 1), rng.int(0, 2 ** z - 1)];
  }
  const z = rng.int(8, 18);
  return [z, ...tileAt(-9.14 + rng.next() * 0.005, 38.72 + rng.next() * 0.002, z)];
}

/**
 * One request for the operation: every part valid, or all valid but one part broken
 * (a path value, a query value, or the body).
 */
export function makeCase(
  document: OpenApiDocument,
  operation: Operation,
  targets: Targets,
  rng: Rng,
  kind: 'valid' | 'invalid',
): FuzzCase {
  const values = new SchemaValues(document, hintsFor(targets));
  const pathParams = operation.parameters.filter(({ parameter }) => parameter.in === 'path');
  const queryParams = operation.parameters.filter(({ parameter }) => parameter.in === 'query');
  const bodyTypes = Object.keys(operation.requestBody?.content ?? {});
  const parts = [
    ...(pathParams.length > 0 ? ['path'] : []),
    ...(queryParams.length > 0 ? ['query', 'query'] : []),
    ...(bodyTypes.length > 0 ? ['body', 'body', 'body', 'body'] : []),
  ];
  const broken = kind === 'invalid' && parts.length > 0 ? rng.pick(parts) : 'none';

  const tile = pickTile(rng);
  const brokenPath = broken === 'path' ? rng.pick(pathParams).parameter.name : undefined;
  targets.pathLayerId = undefined;
  const url = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (name === brokenPath) return rng.pick(BAD_PATH_VALUES);
    const value = pathValue(operation, name, targets, rng, tile);
    if (name === 'layer_id' || name === 'collection_id') targets.pathLayerId = Number(value);
    return value;
  });

  const query: string[] = [];
  const brokenQuery = broken === 'query' ? rng.pick(queryParams).parameter.name : undefined;
  for (const { parameter } of queryParams) {
    const name = encodeURIComponent(parameter.name);
    if (parameter.name === brokenQuery) {
      const choice = rng.int(0, 2);
      if (choice === 0)
        query.push(name); // a bare flag: `?with_layers`
      else if (choice === 1) query.push(`${name}=${encodeURIComponent(rng.pick(BAD_QUERY_VALUES))}`);
      else
        query.push(
          `${name}=${encodeURIComponent(JSON.stringify(values.invalid(parameter.schema ?? {}, rng, parameter.name)).slice(0, 2000))}`,
        );
    } else if (parameter.required || rng.chance(0.5)) {
      const value = values.valid(parameter.schema ?? {}, rng, parameter.name);
      query.push(`${name}=${encodeURIComponent(String(value))}`);
    }
  }
  const fullUrl = query.length > 0 ? `${url}?${query.join('&')}` : url;

  if (bodyTypes.length === 0) return { kind, method: operation.method.toUpperCase(), url: fullUrl };
  const mediaType = rng.pick(bodyTypes);
  const schema = operation.requestBody?.content[mediaType]?.schema ?? {};
  const bodyBroken = broken === 'body';
  if (mediaType === 'multipart/form-data') {
    const parts: Part[] = multipartFields(values, schema, rng, bodyBroken, operation.operationId);
    const { rawBody, headers } = multipartBody(parts);
    return { kind, method: operation.method.toUpperCase(), url: fullUrl, rawBody, headers };
  }
  if (bodyBroken && rng.chance(0.15)) {
    // Not JSON at all, or not what it says it is.
    const raw = rng.pick([
      { rawBody: '{"a": ', type: 'application/json' },
      { rawBody: '', type: 'application/json' },
      { rawBody: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
      { rawBody: '{}', type: 'text/plain' },
      { rawBody: `${'['.repeat(20_000)}${']'.repeat(20_000)}`, type: 'application/json' },
      { rawBody: '{"__proto__": {"admin": true}}', type: 'application/json' },
    ]);
    return {
      kind,
      method: operation.method.toUpperCase(),
      url: fullUrl,
      rawBody: raw.rawBody,
      headers: { 'content-type': raw.type },
    };
  }
  const body = bodyBroken ? values.invalid(schema, rng) : values.valid(schema, rng);
  return { kind, method: operation.method.toUpperCase(), url: fullUrl, body };
}

/** Form fields from the schema, with the file parts made by fileParts (valid or hostile files). */
function multipartFields(
  values: SchemaValues,
  schema: JsonSchema,
  rng: Rng,
  broken: boolean,
  operationId: string,
): Part[] {
  const resolved = values.resolve(schema);
  const properties = resolved.properties ?? {};
  const required = new Set(resolved.required ?? []);
  const parts: Part[] = [];
  const brokenField = broken && rng.chance(0.5) ? rng.pick(Object.keys(properties)) : undefined;
  for (const [name, property] of Object.entries(properties)) {
    const field = values.resolve(property);
    const isFile = field.format === 'binary' || values.resolve(field.items ?? {}).format === 'binary';
    if (name === brokenField && rng.chance(0.3)) continue; // left out
    if (isFile) {
      parts.push(
        ...fileParts(
          name,
          operationId,
          values,
          rng,
          broken && (brokenField === undefined || brokenField === name),
        ),
      );
      continue;
    }
    if (!required.has(name) && name !== brokenField && !rng.chance(0.25)) continue;
    const value = name === brokenField ? values.invalid(field, rng, name) : values.valid(field, rng, name);
    parts.push({ name, value: typeof value === 'string' ? value : JSON.stringify(value) });
  }
  return parts;
}
