import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { describe, expect, it } from 'vitest';
import { encodeTile, MAX_TILE_BYTES } from './tile-encode.ts';
import type { TileRow } from './tile-frame.ts';

const row = (id: number, pixels: TileRow['pixels'], properties: Record<string, unknown> = {}): TileRow => ({
  id,
  properties,
  pixels,
});

describe('encoding a tile', () => {
  it('keeps a crowded tile under 500 KB by dropping features', () => {
    const rows = Array.from({ length: 4000 }, (_, i) =>
      row(
        i + 1,
        { type: 'Point', coordinates: [i % 4096, (i * 7) % 4096] },
        { note: `${i} ${'x'.repeat(300)}` },
      ),
    );
    const bytes = encodeTile(7, rows);
    expect(bytes).toBeDefined();
    expect(bytes?.length).toBeLessThanOrEqual(MAX_TILE_BYTES);
    const layer = new VectorTile(new PbfReader(bytes ?? new Uint8Array())).layers['7'];
    expect(layer?.length).toBeGreaterThan(500);
    expect(layer?.length).toBeLessThan(4000);
  });

  it('writes lines and polygons as given in tile pixels and skips null attributes', () => {
    const bytes = encodeTile(3, [
      row(
        1,
        {
          type: 'LineString',
          coordinates: [
            [0, 0],
            [10, 10],
          ],
        },
        { name: 'main', gone: null },
      ),
      row(2, {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [100, 0],
            [100, 100],
            [0, 100],
            [0, 0],
          ],
        ],
      }),
    ]);
    const layer = new VectorTile(new PbfReader(bytes ?? new Uint8Array())).layers['3'];
    expect(layer?.feature(0).type).toBe(2);
    expect(layer?.feature(0).properties).toEqual({ name: 'main' });
    const polygon = layer?.feature(1);
    expect(polygon?.type).toBe(3);
    expect(polygon?.loadGeometry()[0]?.map((p) => [p.x, p.y])).toEqual([
      [0, 0],
      [100, 0],
      [100, 100],
      [0, 100],
      [0, 0],
    ]);
  });

  it('ends, under 500 KB, for a tile of one feature whose attributes alone weigh more', () => {
    const huge = row(
      1,
      { type: 'Point', coordinates: [10, 10] },
      { name: 'big', photo: 'x'.repeat(2_000_000) },
    );
    const bytes = encodeTile(4, [huge]);
    expect(bytes?.length).toBeLessThanOrEqual(MAX_TILE_BYTES);
    const feature = new VectorTile(new PbfReader(bytes ?? new Uint8Array())).layers['4']?.feature(0);
    expect(feature?.id).toBe(1);
    expect(feature?.properties.name).toBe('big');
  });

  it('keeps the small features of a tile when one of them is oversized', () => {
    const rows = [
      row(1, { type: 'Point', coordinates: [1, 1] }, { photo: 'y'.repeat(900_000) }),
      ...Array.from({ length: 9 }, (_, i) =>
        row(i + 2, { type: 'Point', coordinates: [i, i] }, { code: `C${i}` }),
      ),
    ];
    const layer = new VectorTile(new PbfReader(encodeTile(5, rows) ?? new Uint8Array())).layers['5'];
    expect(layer?.length).toBe(10);
  });

  it('answers nothing for a tile without features', () => {
    expect(encodeTile(1, [])).toBeUndefined();
  });
});
