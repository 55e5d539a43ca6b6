/**
 * Mock mode's failure switches: "make this operation answer that status, after that delay, once
 * or always". Pure state and parsing here; `override-handlers.ts` applies them to requests and
 * `src/mock-panel/` edits them. Written as text they read `operationId:status[:delayMs][:once]`,
 * comma-separated, the same form the page's `?mock=` parameter takes, e.g.
 * `listMaps:503,getMap:200:3000,updateFeatures:422::once`.
 *
 * `*` in place of an operationId matches every operation that documents the status (and, for a
 * 422, only the state-changing ones, so lists still load while every form is refused); a 2xx
 * status means "answer as usual", which with a delay makes a slow call. Two statuses are not
 * HTTP: `0` is a network failure (the browser's "failed to fetch", what a timeout looks like to
 * the client), `empty` answers as usual with every list emptied.
 */

export type OverrideStatus = number | 'empty';

export interface MockOverride {
  /** An operationId of the document, or `*` for every operation. */
  operationId: string;
  status: OverrideStatus;
  /** Milliseconds to wait before answering. */
  delay: number;
  /** Answer this way for the next matching call only. */
  once: boolean;
}

export const WILDCARD = '*';
export const NETWORK_ERROR = 0;

const STORAGE_KEY = 'atlasboard.mock-overrides';
const MAX_DELAY_MS = 120_000;

function parseStatus(text: string): OverrideStatus | undefined {
  if (text === 'empty') return 'empty';
  if (!/^\d{1,3}$/.test(text)) return undefined;
  const status = Number(text);
  return status === NETWORK_ERROR || (status >= 200 && status <= 599) ? status : undefined;
}

/** One `operationId:status[:delay][:once]` entry; undefined when it does not read as one. */
export function parseOverride(text: string): MockOverride | undefined {
  const [operationId = '', statusText = '', delayText = '', onceText = '', ...rest] = text.trim().split(':');
  if (rest.length > 0 || !/^(\*|[A-Za-z][A-Za-z0-9_]*)$/.test(operationId)) return undefined;
  const status = parseStatus(statusText);
  if (status === undefined) return undefined;
  if (delayText !== '' && !/^\d+$/.test(delayText)) return undefined;
  if (onceText !== '' && onceText !== 'once' && onceText !== 'always') return undefined;
  return {
    operationId,
    status,
    delay: Math.min(Number(delayText || 0), MAX_DELAY_MS),
    once: onceText === 'once',
  };
}

/** A whole `?mock=` value; entries that do not parse are reported, not silently dropped. */
export function parseOverrides(text: string): { overrides: MockOverride[]; rejected: string[] } {
  const overrides: MockOverride[] = [];
  const rejected: string[] = [];
  for (const entry of text.split(',')) {
    if (entry.trim() === '') continue;
    const parsed = parseOverride(entry);
    if (parsed) overrides.push(parsed);
    else rejected.push(entry.trim());
  }
  return { overrides, rejected };
}

export function formatOverride(override: MockOverride): string {
  const parts = [override.operationId, String(override.status)];
  if (override.delay > 0 || override.once) parts.push(override.delay > 0 ? String(override.delay) : '');
  if (override.once) parts.push('once');
  return parts.join(':');
}

export function formatOverrides(overrides: readonly MockOverride[]): string {
  return overrides.map(formatOverride).join(',');
}

/** The questions the store asks about an operation; the handler answers them from the document. */
export interface OperationFacts {
  operationId: string;
  method: string;
  documentsStatus(status: number): boolean;
}

const SAFE_METHODS = new Set(['get', 'head', 'options']);

export function overrideApplies(override: MockOverride, operation: OperationFacts): boolean {
  if (override.operationId !== WILDCARD) return override.operationId === operation.operationId;
  const { status } = override;
  if (status === 'empty') return SAFE_METHODS.has(operation.method.toLowerCase());
  if (status === NETWORK_ERROR || (status >= 200 && status < 300)) return true;
  if (status === 422 && SAFE_METHODS.has(operation.method.toLowerCase())) return false;
  return operation.documentsStatus(status);
}

/** Where overrides live: the browser session's storage in mock mode, a Map in tests. */
export interface OverrideStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function memoryStorage(): OverrideStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

type Listener = (overrides: readonly MockOverride[]) => void;

/**
 * The overrides of this browser session. Kept as text in storage, so a reload (which reseeds the
 * mock data) keeps them, and a new tab starts clean. The most specific override wins: one naming
 * the operation before a `*` one; among equals, the one added last.
 */
export class OverrideStore {
  private readonly listeners = new Set<Listener>();

  constructor(private readonly storage: OverrideStorage) {}

  list(): MockOverride[] {
    return parseOverrides(this.storage.getItem(STORAGE_KEY) ?? '').overrides;
  }

  replace(overrides: readonly MockOverride[]): void {
    if (overrides.length === 0) this.storage.removeItem(STORAGE_KEY);
    else this.storage.setItem(STORAGE_KEY, formatOverrides(overrides));
    const current = this.list();
    for (const listener of this.listeners) listener(current);
  }

  /** Adds overrides; one for the same operation and status replaces the older one. */
  add(...added: MockOverride[]): void {
    const kept = this.list().filter(
      (old) => !added.some((next) => next.operationId === old.operationId && next.status === old.status),
    );
    this.replace([...kept, ...added]);
  }

  remove(index: number): void {
    this.replace(this.list().filter((_, at) => at !== index));
  }

  clear(): void {
    this.replace([]);
  }

  /** The override for this call, if any; a `once` override is used up by it. */
  take(operation: OperationFacts): MockOverride | undefined {
    const overrides = this.list();
    const matches = overrides
      .map((override, index) => ({ override, index }))
      .filter(({ override }) => overrideApplies(override, operation));
    const named = matches.filter(({ override }) => override.operationId !== WILDCARD);
    const chosen = (named.length > 0 ? named : matches).at(-1);
    if (!chosen) return undefined;
    if (chosen.override.once) this.replace(overrides.filter((_, at) => at !== chosen.index));
    return chosen.override;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

export type PresetName =
  | 'slow-network'
  | 'server-down'
  | 'validation-errors'
  | 'session-expiring'
  | 'empty-data'
  | 'million-features';

/**
 * Named bundles of overrides; `session-expiring` also ends the mock session and
 * `million-features` adds its layer (see the handlers).
 */
export const PRESETS: Record<PresetName, { overrides: MockOverride[]; description: string }> = {
  'slow-network': {
    description: 'Every call answers as usual after 2.5 s.',
    overrides: [{ operationId: WILDCARD, status: 200, delay: 2500, once: false }],
  },
  'server-down': {
    description: 'Every call answers 503 with Retry-After.',
    overrides: [{ operationId: WILDCARD, status: 503, delay: 0, once: false }],
  },
  'validation-errors': {
    description: 'Every form (state-changing call that documents 422) is refused, field by field.',
    overrides: [{ operationId: WILDCARD, status: 422, delay: 0, once: false }],
  },
  'session-expiring': {
    description: 'The session ends now: the next save answers 419, reads 401 until you sign in again.',
    overrides: [],
  },
  'empty-data': {
    description: 'Every list answers with no rows.',
    overrides: [{ operationId: WILDCARD, status: 'empty', delay: 0, once: false }],
  },
  'million-features': {
    description: 'Map 1 gets a layer of 1,000,000 points, computed a page or a tile at a time.',
    overrides: [],
  },
};

export function isPresetName(name: string): name is PresetName {
  return Object.hasOwn(PRESETS, name);
}
