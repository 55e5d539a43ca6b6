import { delay, getResponse, http, HttpResponse, type JsonBodyType, type RequestHandler } from 'msw';
import { findOperation } from '../src/testing/response-check';
import {
  NETWORK_ERROR,
  OverrideStore,
  isPresetName,
  PRESETS,
  type MockOverride,
  type OperationFacts,
  type OverrideStorage,
  memoryStorage,
} from './overrides';
import { addMillionLayer } from './features-bulk-handlers';
import { expireSession } from './session';
import { problemsAnswer } from './validation-messages';
import { msg } from '../shared/i18n/message';

/** The shared error bodies, worded as the server words them (shared/i18n/locales/en.json). */
const MESSAGES: Record<number, string> = {
  401: 'Unauthenticated.',
  403: 'This action is unauthorized.',
  404: 'Not found.',
  409: 'Conflict.',
  410: 'Gone.',
  413: 'Request body is too large.',
  419: 'CSRF token mismatch.',
  429: 'Too many attempts. Please try again in 60 seconds.',
  500: 'Server Error',
  503: 'The server is busy. Please try again in 5 seconds.',
};
const RETRY_AFTER: Record<number, string> = { 429: '60', 503: '5' };

/** A 422 naming every field the form sent, so each field of the form shows its error (in the server's words). */
async function validationBody(
  request: Request,
): Promise<{ message: string; errors: Record<string, string[]> }> {
  const sent: unknown = await request
    .clone()
    .json()
    .catch(() => undefined);
  const fields =
    typeof sent === 'object' && sent !== null && !Array.isArray(sent) ? Object.keys(sent) : ['body'];
  return problemsAnswer(
    Object.fromEntries(
      (fields.length > 0 ? fields : ['body']).map((field) => [field, [msg('validation.invalid', { field })]]),
    ),
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A list of things (not a pair of coordinates or a list of names). */
const isList = (value: unknown): boolean => Array.isArray(value) && value.some(isRecord);

/**
 * An answer as usual with every list in it emptied (`data`, `features`, `items`) and counts at 0;
 * an answer of one thing keeps it with its own lists emptied (a map without layers or filters).
 */
function emptied(body: unknown): unknown {
  if (Array.isArray(body)) return [];
  if (!isRecord(body)) return body;
  const copy: Record<string, unknown> = { ...body };
  for (const key of ['data', 'features', 'items']) if (Array.isArray(copy[key])) copy[key] = [];
  if (isRecord(copy.data))
    copy.data = Object.fromEntries(
      Object.entries(copy.data).map(([key, value]) => [key, isList(value) ? [] : value]),
    );
  if (typeof copy.meta === 'object' && copy.meta !== null) {
    copy.meta = { ...(copy.meta as object), total: 0, from: null, to: null, last_page: 1 };
  }
  for (const key of ['total', 'numberMatched', 'numberReturned'])
    if (typeof copy[key] === 'number') copy[key] = 0;
  return copy;
}

export function errorResponse(status: number, body: JsonBodyType): Response {
  const headers: Record<string, string> = {};
  const retryAfter = RETRY_AFTER[status];
  if (retryAfter !== undefined) headers['Retry-After'] = retryAfter;
  return HttpResponse.json(body, { status, headers });
}

export async function answerOverride(
  override: MockOverride,
  request: Request,
  rest: readonly RequestHandler[],
): Promise<Response | undefined> {
  if (override.delay > 0) await delay(override.delay);
  const { status } = override;
  if (status === NETWORK_ERROR) return HttpResponse.error();
  if (status === 'empty') {
    const usual = await getResponse([...rest], request);
    if (!usual || !usual.headers.get('content-type')?.includes('json')) return usual;
    const body = emptied(await usual.json()) as JsonBodyType;
    return HttpResponse.json(body, { status: usual.status, headers: usual.headers });
  }
  // 2xx: the usual answer, only later.
  if (status < 300) return undefined;
  if (status === 422) return errorResponse(422, await validationBody(request));
  return errorResponse(status, { message: MESSAGES[status] ?? `Mock answer ${status}.` });
}

function factsOf(request: Request): OperationFacts | undefined {
  const url = new URL(request.url);
  const operation = findOperation(request.method, url.pathname);
  if (!operation) return undefined;
  return {
    operationId: operation.operationId,
    method: operation.method,
    documentsStatus: (status) => operation.responses.has(String(status)),
  };
}

function browserStorage(): OverrideStorage {
  try {
    if (typeof sessionStorage !== 'undefined') return sessionStorage;
  } catch {
    // Storage can be blocked; overrides then last until the page is left.
  }
  return memoryStorage();
}

/** This page's overrides (mock mode: the tab's sessionStorage). */
export const overrideStore = new OverrideStore(browserStorage());

/**
 * Applies a preset: its overrides join the current ones; `session-expiring` ends the session,
 * `million-features` adds its layer to map 1.
 */
export function applyPreset(name: string): void {
  if (!isPresetName(name)) throw new Error(`Unknown mock preset "${name}".`);
  if (name === 'session-expiring') expireSession();
  if (name === 'million-features') addMillionLayer();
  overrideStore.add(...PRESETS[name].overrides);
}

/**
 * Put first in the handler list: a call with an override is answered (or delayed) here; every
 * other call falls through to the usual handlers. `rest` is the list after it, used by `empty`
 * to take the usual answer and empty it.
 */
export function overrideHandlers(rest: readonly RequestHandler[], store: OverrideStore = overrideStore) {
  return [
    http.all('*', async ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname.startsWith('/__mocks/')) return undefined;
      const facts = factsOf(request);
      if (!facts) return undefined;
      const override = store.take(facts);
      if (!override) return undefined;
      return answerOverride(override, request, rest);
    }),
  ];
}
