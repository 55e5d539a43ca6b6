import { isAxiosError } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createBookmark } from '../generated/api/bookmarks/bookmarks';
import { listFilters } from '../generated/api/filters/filters';
import { getMap, listMaps, showMap } from '../generated/api/maps/maps';
import { applyPreset, overrideStore } from './override-handlers';
import {
  memoryStorage,
  OverrideStore,
  parseOverrides,
  formatOverrides,
  type OperationFacts,
} from './overrides';
import { applyScenario } from './scenarios';

async function rejection(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (isAxiosError(error))
      return { status: error.response?.status, data: error.response?.data, headers: error.response?.headers };
    throw error;
  }
  throw new Error('expected the call to be rejected');
}

const view = { name: 'Harbour', center: [-9.14, 38.72] as [number, number], zoom: 14 };

beforeEach(() => {
  vi.stubGlobal('location', { ...window.location, pathname: '/maps', assign: vi.fn() });
  applyScenario('admin');
  return () => vi.unstubAllGlobals();
});

describe('override text (the ?mock= parameter)', () => {
  it('reads operationId, status, an optional delay and once', () => {
    const { overrides, rejected } = parseOverrides('listMaps:503,getMap:200:3000, createMap:422::once');
    expect(rejected).toEqual([]);
    expect(overrides).toEqual([
      { operationId: 'listMaps', status: 503, delay: 0, once: false },
      { operationId: 'getMap', status: 200, delay: 3000, once: false },
      { operationId: 'createMap', status: 422, delay: 0, once: true },
    ]);
    expect(formatOverrides(overrides)).toBe('listMaps:503,getMap:200:3000,createMap:422::once');
  });

  it('reports entries it cannot read instead of guessing', () => {
    const { overrides, rejected } = parseOverrides('listMaps:99,getMap,x-y:500,*:500:soon,getUser:404');
    expect(rejected).toEqual(['listMaps:99', 'getMap', 'x-y:500', '*:500:soon']);
    expect(overrides.map((override) => override.operationId)).toEqual(['getUser']);
  });
});

describe('the store', () => {
  const facts = (operationId: string, method = 'get', documented = [200, 500, 503]): OperationFacts => ({
    operationId,
    method,
    documentsStatus: (status) => documented.includes(status),
  });

  it('prefers an override naming the operation over a * one, and uses up a once', () => {
    const store = new OverrideStore(memoryStorage());
    store.add(...parseOverrides('*:503,listMaps:500:0:once').overrides);
    expect(store.take(facts('listMaps'))?.status).toBe(500);
    expect(store.take(facts('listMaps'))?.status).toBe(503);
    expect(store.list().map((override) => override.operationId)).toEqual(['*']);
  });

  it('a * 422 refuses writes that document 422 and leaves reads alone', () => {
    const store = new OverrideStore(memoryStorage());
    store.add(...parseOverrides('*:422').overrides);
    expect(store.take(facts('listMaps', 'get', [200, 422]))).toBeUndefined();
    expect(store.take(facts('createMap', 'post', [201, 422]))?.status).toBe(422);
    expect(store.take(facts('deleteMap', 'delete', [204]))).toBeUndefined();
  });
});

describe('overrides in the mock server', () => {
  it('answers the chosen status with the documented shape, then as usual once used up', async () => {
    overrideStore.add(...parseOverrides('listMaps:503::once').overrides);
    const failed = await rejection(listMaps());
    expect(failed.status).toBe(503);
    expect(failed.headers?.['retry-after']).toBe('5');
    expect(failed.data).toEqual({ message: 'The server is busy. Please try again in 5 seconds.' });
    const maps = await listMaps();
    expect(maps.data.length).toBeGreaterThan(0);
  });

  it('an "always" override keeps answering', async () => {
    overrideStore.add(...parseOverrides('getMap:500').overrides);
    expect((await rejection(getMap(1))).status).toBe(500);
    expect((await rejection(getMap(1))).data).toEqual({ message: 'Server Error' });
  });

  it('a chosen 422 names every field the form sent', async () => {
    overrideStore.add(...parseOverrides('createBookmark:422').overrides);
    const failed = await rejection(createBookmark(1, view));
    expect(failed.status).toBe(422);
    expect(Object.keys((failed.data as { errors: object }).errors).sort()).toEqual([
      'center',
      'name',
      'zoom',
    ]);
  });

  it('the empty-data preset empties lists but writes still work', async () => {
    expect((await listFilters(1)).data.length).toBeGreaterThan(0);
    applyPreset('empty-data');
    expect((await listFilters(1)).data).toEqual([]);
    expect((await createBookmark(1, view)).data.name).toBe('Harbour');
  });

  it('empty keeps a single thing and empties its lists: a map without layers or filters', async () => {
    overrideStore.add(...parseOverrides('showMap:empty').overrides);
    const map = (await showMap(1, { with_layers: true })).data;
    expect([map.id, map.layers, map.filters, map.categories]).toEqual([1, [], [], []]);
  });

  it('the session-expiring preset ends the session: the next save is refused as signed out', async () => {
    await createBookmark(1, view);
    applyPreset('session-expiring');
    expect([401, 419]).toContain((await rejection(createBookmark(1, view))).status);
  });

  it('status 0 is a network failure', async () => {
    overrideStore.add(...parseOverrides('listMaps:0').overrides);
    const error = await listMaps().catch((caught: unknown) => caught);
    expect(isAxiosError(error) && error.response === undefined && error.code === 'ERR_NETWORK').toBe(true);
  });
});
