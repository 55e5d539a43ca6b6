import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Checks the bundled OpenAPI document against docs/product.md#calls (openapi/spec-calls.txt) and
 * against the document's own house rules, so a call the client needs cannot go
 * missing and every operation stays usable by orval, MSW and Pact.
 */

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
type Method = (typeof METHODS)[number];
const STATE_CHANGING: readonly Method[] = ['put', 'post', 'delete', 'patch'];
const KNOWN_TAGS = [
  'auth',
  'users',
  'maps',
  'layers',
  'features',
  'searches',
  'main-search',
  'filters',
  'categories',
  'bookmarks',
  'reference',
  'exports',
  'files',
  'water-network',
  'ogc',
  'groups',
  'access',
  'dashboards',
];

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const asObject = (value: unknown): Json => (isObject(value) ? value : {});
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

const root = new URL('../../', import.meta.url);
const document = asObject(JSON.parse(readFileSync(new URL('generated/openapi.json', root), 'utf8')));

/** Follows a local `$ref` (the bundle has only `#/components/...` ones). */
function resolve(value: unknown): Json {
  let current = asObject(value);
  for (let hops = 0; typeof current.$ref === 'string' && hops < 10; hops += 1) {
    const pointer = current.$ref.replace(/^#\//, '').split('/');
    current = asObject(
      pointer.reduce<unknown>((node, key) => asObject(node)[key.replace(/~1/g, '/')], document),
    );
  }
  return current;
}

interface Operation {
  /** `METHOD /path`, as in spec-calls.txt. */
  call: string;
  method: Method;
  body: Json;
  /** Path-level and operation-level parameters, resolved. */
  parameters: Json[];
}

const operations: Operation[] = Object.entries(asObject(document.paths)).flatMap(([path, item]) => {
  const pathItem = asObject(item);
  return METHODS.filter((method) => isObject(pathItem[method])).map((method) => {
    const body = asObject(pathItem[method]);
    return {
      call: `${method.toUpperCase()} ${path}`,
      method,
      body,
      parameters: [...asArray(pathItem.parameters), ...asArray(body.parameters)].map(resolve),
    };
  });
});

interface SpecCall {
  call: string;
  query: string[];
}

/** `METHOD /path` with an optional ` ?a&b` naming the query parameters the product specification gives. */
function parseSpecCalls(text: string): SpecCall[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^(GET|PUT|POST|DELETE|PATCH) (\/\S*)(?: \?([\w&]+))?$/.exec(line);
      if (!match) throw new Error(`openapi/spec-calls.txt: cannot read line "${line}"`);
      return { call: `${match[1]} ${match[2]}`, query: match[3]?.split('&') ?? [] };
    });
}

const specCalls = parseSpecCalls(readFileSync(new URL('openapi/spec-calls.txt', root), 'utf8'));
const byCall = new Map(operations.map((operation) => [operation.call, operation]));

const hasExample = (node: Json): boolean =>
  node.example !== undefined ||
  asArray(node.examples).length > 0 ||
  Object.keys(asObject(node.examples)).length > 0;
const mediaTypes = (holder: Json): Json[] => Object.values(asObject(holder.content)).map(asObject);
const successResponses = (operation: Operation): Json[] =>
  Object.entries(asObject(operation.body.responses))
    .filter(([status]) => status.startsWith('2'))
    .map(([, response]) => resolve(response));
const requirementNames = (operation: Operation): string[] =>
  asArray(operation.body.security ?? document.security).flatMap((requirement) =>
    Object.keys(asObject(requirement)),
  );
const statuses = (operation: Operation): string[] => Object.keys(asObject(operation.body.responses));
const changesState = (operation: Operation): boolean => STATE_CHANGING.includes(operation.method);

/** Calls for which `check` is false; the list is what a failing test names. */
const failing = (check: (operation: Operation) => boolean): string[] =>
  operations.filter((operation) => !check(operation)).map((operation) => operation.call);

describe('openapi/spec-calls.txt against the bundled document', () => {
  it('lists each call of the product specification once', () => {
    const calls = specCalls.map((specCall) => specCall.call);
    expect(
      calls.filter((call, index) => calls.indexOf(call) !== index),
      'calls listed twice',
    ).toEqual([]);
  });

  it('finds every docs/product.md#calls call in the document', () => {
    const missing = specCalls
      .filter((specCall) => !byCall.has(specCall.call))
      .map((specCall) => specCall.call);
    expect(missing, 'calls docs/product.md#calls makes that openapi/ does not describe').toEqual([]);
  });

  it('finds the query parameters the product specification names on each call', () => {
    const missing = specCalls.flatMap((specCall) => {
      const operation = byCall.get(specCall.call);
      if (!operation) return [];
      const names = operation.parameters.filter((parameter) => parameter.in === 'query').map((p) => p.name);
      return specCall.query
        .filter((name) => !names.includes(name))
        .map((name) => `${specCall.call} ?${name}`);
    });
    expect(missing, 'query parameters the product specification names that the operation lacks').toEqual([]);
  });
});

describe('every operation in the document', () => {
  it('has a camelCase operationId', () => {
    const named = (operation: Operation) => {
      const id = operation.body.operationId;
      return typeof id === 'string' && /^[a-z][a-zA-Z0-9]*$/.test(id);
    };
    expect(failing(named), 'operations without a camelCase operationId').toEqual([]);
  });

  it('has an operationId no other operation uses', () => {
    const ids = operations.map((operation) => operation.body.operationId);
    expect(
      ids.filter((id, index) => ids.indexOf(id) !== index),
      'operationIds used twice',
    ).toEqual([]);
  });

  it('has exactly one known tag', () => {
    expect(
      failing((operation) => {
        const tags = asArray(operation.body.tags);
        return tags.length === 1 && KNOWN_TAGS.includes(String(tags[0]));
      }),
      'operations without exactly one known tag',
    ).toEqual([]);
  });

  it('declares each known tag with a description', () => {
    const declared = asArray(document.tags)
      .map(asObject)
      .filter((tag) => typeof tag.description === 'string' && tag.description !== '')
      .map((tag) => tag.name);
    expect(
      KNOWN_TAGS.filter((tag) => !declared.includes(tag)),
      'tags not declared with a description',
    ).toEqual([]);
  });

  it('shows an example of each body it sends and each success body it answers', () => {
    const bodies = failing((operation) => {
      const requestBody =
        operation.body.requestBody === undefined ? [] : [resolve(operation.body.requestBody)];
      const withContent = [...requestBody, ...successResponses(operation)].filter(
        (r) => mediaTypes(r).length > 0,
      );
      return withContent.every((holder) => mediaTypes(holder).some(hasExample));
    });
    expect(bodies, 'request or 2xx bodies without an example').toEqual([]);
  });

  it('has at least one example unless it sends and answers nothing', () => {
    expect(
      failing((operation) => {
        const requestBody =
          operation.body.requestBody === undefined ? [] : [resolve(operation.body.requestBody)];
        const holders = [...requestBody, ...successResponses(operation)];
        const media = holders.flatMap(mediaTypes);
        if (media.length === 0 && operation.parameters.length === 0) return true;
        return media.some(hasExample) || operation.parameters.some(hasExample);
      }),
      'operations without any example',
    ).toEqual([]);
  });

  it('needs the XSRF echo when it changes state', () => {
    const echoes = (operation: Operation) =>
      !changesState(operation) || requirementNames(operation).includes('xsrf');
    expect(failing(echoes), 'state-changing operations without the xsrf requirement').toEqual([]);
  });

  it('answers 419 when it changes state', () => {
    const answers419 = (operation: Operation) =>
      !changesState(operation) || statuses(operation).includes('419');
    expect(failing(answers419), 'state-changing operations without a 419 answer').toEqual([]);
  });

  it('answers 401 when it needs a session', () => {
    expect(
      failing(
        (operation) =>
          !requirementNames(operation).includes('session') || statuses(operation).includes('401'),
      ),
      'operations needing a session without a 401 answer',
    ).toEqual([]);
  });

  it('answers 413 and 422 when it takes a body', () => {
    expect(
      failing(
        (operation) =>
          operation.body.requestBody === undefined ||
          ['413', '422'].every((s) => statuses(operation).includes(s)),
      ),
      'operations taking a body without 413 and 422 answers',
    ).toEqual([]);
  });

  it('closes JSON request body objects with additionalProperties: false', () => {
    expect(
      failing((operation) => {
        if (operation.body.requestBody === undefined) return true;
        const content = Object.entries(asObject(resolve(operation.body.requestBody).content));
        // Multipart forms are read part by part, so only JSON bodies can carry stray fields.
        return content
          .filter(([type]) => type === 'application/json')
          .every(([, media]) => {
            const schema = resolve(asObject(media).schema);
            return schema.type !== 'object' || schema.additionalProperties === false;
          });
      }),
      'JSON request bodies that accept unknown fields',
    ).toEqual([]);
  });
});
