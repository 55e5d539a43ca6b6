import { describe, expect, it } from 'vitest';
import { TILE_ENTRY_MIN_BYTES, TileCache, tileKey } from './tile-cache.ts';

const bytes = (n: number, fill = 1) => Buffer.alloc(n, fill);

describe('tile cache', () => {
  it('builds a tile once, then answers from memory', async () => {
    const cache = new TileCache(1000);
    let builds = 0;
    const build = async () => {
      builds += 1;
      return bytes(10);
    };
    expect((await cache.get('a', build))?.byteLength).toBe(10);
    expect((await cache.get('a', build))?.byteLength).toBe(10);
    expect(builds).toBe(1);
  });

  it('lets requests for a tile being built wait for that one build', async () => {
    const cache = new TileCache(1000);
    let builds = 0;
    let finish: (tile: Buffer) => void = () => undefined;
    const build = () => {
      builds += 1;
      return new Promise<Buffer>((resolve) => (finish = resolve));
    };
    const first = cache.get('a', build);
    const second = cache.get('a', build);
    finish(bytes(5, 7));
    expect((await first)?.[0]).toBe(7);
    expect((await second)?.[0]).toBe(7);
    expect(builds).toBe(1);
  });

  it('keeps empty tiles too, and drops the least recently used once past its byte cap', async () => {
    // Each tile costs at least one byte here, so the sizes below are the costs.
    const cache = new TileCache(100, 1);
    const built: string[] = [];
    const build = (key: string, size: number) => async () => {
      built.push(key);
      return size === 0 ? undefined : bytes(size);
    };
    await cache.get('a', build('a', 40));
    await cache.get('b', build('b', 40));
    await cache.get('empty', build('empty', 0));
    await cache.get('a', build('a', 40)); // a is now the most recent
    await cache.get('c', build('c', 40)); // 120 bytes: b, the least recently used, goes
    expect(cache.size.bytes).toBeLessThanOrEqual(100);
    await cache.get('a', build('a', 40));
    await cache.get('empty', build('empty', 0));
    expect(built).toEqual(['a', 'b', 'empty', 'c']);
    await cache.get('b', build('b', 40));
    expect(built).toEqual(['a', 'b', 'empty', 'c', 'b']);
  });

  it('counts every tile, empty ones too, at a minimum cost, so it holds a bounded number of tiles', async () => {
    const cache = new TileCache(100 * TILE_ENTRY_MIN_BYTES);
    for (let i = 0; i < 1000; i += 1) await cache.get(`empty-${i}`, async () => undefined);
    for (let i = 0; i < 1000; i += 1) await cache.get(`small-${i}`, async () => bytes(3));
    expect(cache.size.tiles).toBeLessThanOrEqual(100);
    expect(cache.size.bytes).toBeLessThanOrEqual(100 * TILE_ENTRY_MIN_BYTES);
  });

  it('keys tiles by layer version, so an edited layer is never served its old tiles', () => {
    const created = new Date('2026-11-22T10:00:00.123Z');
    expect(tileKey({ id: 3, version: 7, created_at: created }, 5, 1, 2)).not.toBe(
      tileKey({ id: 3, version: 8, created_at: created }, 5, 1, 2),
    );
    expect(tileKey({ id: 3, version: 7, created_at: created }, 5, 1, 2)).not.toBe(
      tileKey({ id: 3, version: 7, created_at: new Date('2026-11-22T10:00:00.124Z') }, 5, 1, 2),
    );
  });
});
