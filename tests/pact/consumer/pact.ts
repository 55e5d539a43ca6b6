import http from 'node:http';
import path from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import {
  PACT_ACCESS_TOKEN,
  PACT_COOKIE,
  PACT_GUEST_COOKIE,
  PACT_XSRF,
  STATE_KINDS,
  STATES,
  stateId,
  stateKey,
} from '../states';

// The consumer tests must not phone home.
process.env.PACT_DO_NOT_TRACK = 'true';
// Each interaction gets a fresh mock server that is torn down afterwards; a pooled
// keep-alive socket to a finished one made a later call fail now and then.
http.globalAgent = new http.Agent({ keepAlive: false });

export const CONSUMER = 'atlasboard-web';
export const PROVIDER = 'atlasboard-api';
export const CONTRACTS_DIR = path.resolve(import.meta.dirname, '../../../contracts');
export const PACT_FILE = path.join(CONTRACTS_DIR, `${CONSUMER}-${PROVIDER}.json`);

/**
 * A PactV4 whose interactions take credentials and ids from their provider states
 * (docs/contract/README.md), so the stock verifier can replay them against any server:
 *
 * - a signed-in `Cookie` (PACT_COOKIE) becomes `${session_cookie}`, its `X-XSRF-TOKEN` echo
 *   `${xsrf_token}`, and `Bearer PACT_ACCESS_TOKEN` becomes `Bearer ${access_token}`;
 * - an id in the path (`/maps/1/layers/10`) or the `map_id` query that a state of the
 *   interaction created (`given(STATES.mapExists, { id: 1, … })`) becomes `${map_1}`.
 *
 * The consumer test still sends the example values (the mock server checks them); the
 * verifier sends what the states answered. Ids inside request bodies are marked where they
 * are written, with `stateId` from ../states.
 */
export function createPact(): PactV4 {
  const pact = new PactV4({ consumer: CONSUMER, provider: PROVIDER, dir: CONTRACTS_DIR, logLevel: 'warn' });
  const addInteraction = pact.addInteraction.bind(pact);
  pact.addInteraction = () => withStateValues(addInteraction());
  return pact;
}

type Unconfigured = ReturnType<PactV4['addInteraction']>;
type RequestBuilder = Parameters<NonNullable<Parameters<Unconfigured['withRequest']>[2]>>[0];

/** Path segment before an id → the kind of thing the id names (as the states remember them). */
const PATH_KINDS: Record<string, string> = {
  maps: 'map',
  layers: 'layer',
  collections: 'layer',
  features: 'feature',
  items: 'feature',
  bookmarks: 'bookmark',
  filters: 'filter',
  widgets: 'widget',
  search: 'search',
  'main-search': 'main_search',
  'layer-categories': 'category',
  files: 'file',
  'delete-feature-file': 'file',
  tokens: 'token',
  users: 'user',
  exports: 'export',
  'get-export': 'export',
  imports: 'import',
  groups: 'group',
  'share-links': 'share_link',
};

function withStateValues(interaction: Unconfigured): Unconfigured {
  const created = new Set<string>();
  const proxy: Unconfigured = new Proxy(interaction, {
    get(target, property, receiver) {
      if (property === 'given')
        return (state: string, params?: Record<string, unknown>) => {
          const kind = STATE_KINDS[state];
          if (kind !== undefined && params?.id !== undefined) created.add(`${kind}:${String(params.id)}`);
          if (state === STATES.twoFactorPending) created.add('two-factor:pending');
          target.given(state, params as never);
          return proxy;
        };
      if (property === 'withRequest')
        return (method: string, path: string, builder?: (b: RequestBuilder) => void) =>
          withResponses(
            target.withRequest(method, injectPath(path, created), (b) => builder?.(injecting(b, created))),
            created,
          );
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
        return result === target ? proxy : result;
      };
    },
  });
  return proxy;
}

type WithRequest = ReturnType<Unconfigured['withRequest']>;
type ResponseBuilder = Parameters<NonNullable<Parameters<WithRequest['willRespondWith']>[1]>>[0];

/**
 * Responses name real ids (the states' and the ones the server gives new things), which no
 * consumer can know: ids there are matched by type and ids in links by shape.
 */
function withResponses(interaction: WithRequest, created: Set<string>): WithRequest {
  return new Proxy(interaction, {
    get(target, property, receiver) {
      if (property !== 'willRespondWith') return Reflect.get(target, property, receiver) as unknown;
      return (status: number, builder?: (b: ResponseBuilder) => void) =>
        awaitingBookkeeping(
          target.willRespondWith(status, (b) =>
            builder?.(
              new Proxy(b, {
                get(inner, name, innerReceiver) {
                  if (name === 'jsonBody')
                    return (body: unknown) => {
                      inner.jsonBody(relaxIds(body, undefined, created) as never);
                      return innerReceiver;
                    };
                  if (name === 'headers')
                    return (headers: Record<string, unknown>) => {
                      inner.headers(relaxIds(headers, undefined, created) as never);
                      return innerReceiver;
                    };
                  return Reflect.get(inner, name, innerReceiver) as unknown;
                },
              }),
            ),
          ),
        );
    },
  });
}

type WithResponse = ReturnType<WithRequest['willRespondWith']>;
/** What the interaction holds of Pact's native core: the mock server's own account of what it matched. */
type MockServerCore = { mockServerMatchedSuccessfully(port: number): boolean };

const BOOKKEEPING_WAIT_MS = 2_000;

/**
 * Pact's mock server answers a request before it has noted the match (since pact 16.3; the
 * note is made by another thread), so on a busy machine a test that got its answer could be
 * told the request was "expected but not received". After the test's calls, this waits until
 * the mock server reports every expected request matched, for at most two seconds; a request
 * that really never came still fails, just that much later.
 */
function awaitingBookkeeping(interaction: WithResponse): WithResponse {
  const core = (interaction as unknown as { pact?: Partial<MockServerCore> }).pact;
  if (typeof core?.mockServerMatchedSuccessfully !== 'function') return interaction;
  const matched = (port: number) => core.mockServerMatchedSuccessfully?.(port) === true;
  return new Proxy(interaction, {
    get(target, property, receiver) {
      if (property !== 'executeTest') return Reflect.get(target, property, receiver) as unknown;
      return <T>(testFn: (server: { port: number; url: string }) => Promise<T>) =>
        target.executeTest(async (server) => {
          const value = await testFn(server);
          const until = Date.now() + BOOKKEEPING_WAIT_MS;
          while (!matched(server.port) && Date.now() < until)
            await new Promise((resolve) => setTimeout(resolve, 5));
          return value;
        });
    },
  });
}

const idKey = (key: string | undefined) =>
  key !== undefined && (key === 'id' || key.endsWith('_id') || key.endsWith('_ids'));

const UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

/** In a regex or a link: `/<kind segment>/<id>` → `/<kind segment>/\d+`. */
function relaxPathPattern(pattern: string): string {
  return pattern.replace(/\/([a-z-]+)\/(\d+)(?=[/.$?*]|\\|$)/g, (whole, segment: string) =>
    PATH_KINDS[segment] !== undefined ? `/${segment}/\\d+` : whole,
  );
}

function relaxIds(node: unknown, key: string | undefined, created: Set<string>): unknown {
  if (Array.isArray(node)) return node.map((item) => relaxIds(item, key, created));
  if (typeof node === 'number' || typeof node === 'string') {
    if (!idKey(key)) return node;
    if (typeof node === 'number') return Number.isInteger(node) ? MatchersV3.integer(node) : node;
    if (/^\d+$/.test(node)) return MatchersV3.regex('^\\d+$', node);
    if (new RegExp(UUID).test(node)) return MatchersV3.regex(UUID, node);
    return node;
  }
  if (typeof node !== 'object' || node === null) return node;
  const record = node as Record<string, unknown>;
  const type = record['pact:matcher:type'];
  if (type === 'regex' && typeof record.regex === 'string')
    return { ...record, regex: relaxPathPattern(record.regex) };
  if (type === 'equality' || type === 'type' || type === 'integer')
    return idKey(key) && (typeof record.value === 'number' || typeof record.value === 'string')
      ? relaxIds(record.value, key, created)
      : { ...record, value: relaxIds(record.value, undefined, created) };
  if (type !== undefined) return { ...record, value: relaxIds(record.value, key, created) };
  return Object.fromEntries(
    Object.entries(record).map(([name, value]) => [name, relaxIds(value, name, created)]),
  );
}

/** Ids in a request body that a state of the interaction created → that state's value. */
function injectBodyIds(node: unknown, key: string | undefined, created: Set<string>): unknown {
  if (Array.isArray(node)) return node.map((item) => injectBodyIds(item, key, created));
  if (typeof node === 'number' && idKey(key)) {
    const kinds = [...created]
      .filter((entry) => entry.endsWith(`:${node}`))
      .map((entry) => entry.split(':')[0]);
    const name = key ?? '';
    const preferred = name.includes('layer')
      ? 'layer'
      : name.includes('map')
        ? 'map'
        : name.includes('category') || name === 'parent_id'
          ? 'category'
          : kinds.includes('feature')
            ? 'feature'
            : kinds.length === 1
              ? kinds[0]
              : undefined;
    return preferred !== undefined && kinds.includes(preferred) ? stateId(preferred, node) : node;
  }
  if (typeof node !== 'object' || node === null || 'pact:matcher:type' in node) return node;
  return Object.fromEntries(
    Object.entries(node as Record<string, unknown>).map(([name, value]) => [
      name,
      injectBodyIds(value, name, created),
    ]),
  );
}

function injectPath(path: string, created: Set<string>) {
  const segments = path.split('/');
  let injected = false;
  const expression = segments
    .map((segment, index) => {
      const kind = PATH_KINDS[segments[index - 1] ?? ''];
      if (kind === undefined || !created.has(`${kind}:${segment}`)) return segment;
      injected = true;
      return `\${${stateKey(kind, segment)}}`;
    })
    .join('/');
  return injected ? MatchersV3.fromProviderState(expression, path) : path;
}

function injecting(builder: RequestBuilder, created: Set<string>): RequestBuilder {
  return new Proxy(builder, {
    get(target, property, receiver) {
      if (property === 'headers')
        return (headers: Record<string, unknown>) => {
          target.headers(injectHeaders(headers) as never);
          return receiver;
        };
      if (property === 'jsonBody')
        return (body: unknown) => {
          let injected = injectBodyIds(body, undefined, created);
          // The current TOTP code of the pending secret, which only the provider can compute.
          if (
            created.has('two-factor:pending') &&
            typeof injected === 'object' &&
            injected !== null &&
            /^\d{6}$/.test(String((injected as Record<string, unknown>).code))
          ) {
            const code = (injected as Record<string, unknown>).code;
            injected = { ...injected, code: MatchersV3.fromProviderState('${totp_code}', code) };
          }
          target.jsonBody(injected as never);
          return receiver;
        };
      if (property === 'query')
        return (query: Record<string, unknown>) => {
          const mapId = query.map_id;
          target.query(
            (typeof mapId === 'string' && created.has(`map:${mapId}`)
              ? { ...query, map_id: stateId('map', mapId) }
              : query) as never,
          );
          return receiver;
        };
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
        return result === target ? receiver : result;
      };
    },
  });
}

function injectHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  const result = { ...headers };
  if (headers.Cookie === PACT_COOKIE) {
    result.Cookie = MatchersV3.fromProviderState('${session_cookie}', PACT_COOKIE);
    if (headers['X-XSRF-TOKEN'] === PACT_XSRF)
      result['X-XSRF-TOKEN'] = MatchersV3.fromProviderState('${xsrf_token}', PACT_XSRF);
  }
  if (headers.Authorization === `Bearer ${PACT_ACCESS_TOKEN}`)
    result.Authorization = MatchersV3.fromProviderState('Bearer ${access_token}', headers.Authorization);
  return result;
}

const { boolean, eachLike, integer, like, regex } = MatchersV3;

/**
 * What the browser's axios sends. In Node axios reads no cookies, so the tests pass the
 * cookie and its XSRF echo explicitly; the provider swaps in a real session.
 */
export const XHR = { 'X-Requested-With': 'XMLHttpRequest' } as const;
export const guestHeaders = { ...XHR, Cookie: PACT_GUEST_COOKIE, 'X-XSRF-TOKEN': PACT_XSRF } as const;
export const signedInHeaders = { ...XHR, Cookie: PACT_COOKIE, 'X-XSRF-TOKEN': PACT_XSRF } as const;
/** A signed-in browser whose state-changing call lacks the XSRF echo. */
export const signedInWithoutXsrf = { ...XHR, Cookie: PACT_COOKIE } as const;

/**
 * Plain value on purpose: Pact compares Content-Type by media type, so the server's
 * `; charset=utf-8` passes, while regex matchers on that header are applied too strictly
 * (pact-foundation/pact-reference#406).
 */
export const JSON_RESPONSE = { 'Content-Type': 'application/json' };

/** ISO 8601 UTC, with or without fractional seconds (docs/decisions.md#wire-formats). */
export const isoTimestamp = (example = '2026-11-01T09:30:00Z') =>
  regex('^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$', example);

export const email = (example: string) => regex('^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', example);

interface UserExample {
  id?: number;
  name?: string;
  email?: string;
  type?: 'admin' | 'editor' | 'user';
  locale?: string;
}

/** A User (docs/decisions.md#accounts) matched by type, so the provider's real ids and timestamps verify. */
export function userLike(example: UserExample = {}) {
  return {
    id: integer(example.id ?? 7),
    name: like(example.name ?? 'Ada Lovelace'),
    email: email(example.email ?? 'ada@example.com'),
    type: regex('^(admin|editor|user)$', example.type ?? 'user'),
    locale: regex('^(bn|en|es|fr|pt-BR|zh-CN)$', example.locale ?? 'en'),
    two_factor_enabled: boolean(false),
    created_at: isoTimestamp(),
    updated_at: isoTimestamp(),
  };
}

export const messageLike = (example: string) => ({ message: like(example) });

/** Laravel's 422: a message and one or more messages per named field. */
export function validationLike(fields: Record<string, string>) {
  return {
    message: like(Object.values(fields)[0] ?? 'The given data was invalid.'),
    errors: Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, eachLike(message)])),
  };
}

/** The status a generated call rejected with: error interactions assert what the caller sees. */
export async function rejectionOf(call: Promise<unknown>): Promise<{ status?: number; data?: unknown }> {
  try {
    await call;
  } catch (error) {
    const response = (error as { response?: { status?: number; data?: unknown } }).response;
    return { status: response?.status, data: response?.data };
  }
  throw new Error('expected the call to be rejected');
}
