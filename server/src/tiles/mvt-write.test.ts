import vtpbf from 'vt-pbf';
import { describe, expect, it } from 'vitest';
import { writeMvt, type MvtFeature } from './mvt-write.ts';

/** A small seeded generator, so a failing case can be run again. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KEYS = ['name', 'kind', 'value', '10', '2', 'ünïcødé', '', 'a b', 'emoji 😀', 'x'.repeat(200)];

function randomValue(next: () => number): string | number | boolean {
  const pick = Math.floor(next() * 14);
  const int = (max: number) => Math.floor(next() * max);
  switch (pick) {
    case 0:
      return next() < 0.5;
    case 1:
      return int(128);
    case 2:
      return int(2 ** 31);
    case 3:
      return -int(2 ** 40) - 1;
    case 4:
      return int(2 ** 53);
    case 5:
      return [2 ** 53, 2 ** 60, 2 ** 63, 2 ** 64 - 2 ** 11, -(2 ** 62), 0, -0][int(7)] as number;
    case 6:
      return (next() - 0.5) * 10 ** int(15);
    case 7:
      return [0.1, 1e-7, -2.5, Infinity, -Infinity, 1.5e-300, Number.MIN_VALUE][int(7)] as number;
    case 8:
      return `Point ${int(1000)}`;
    case 9:
      return ['', 'valve', 'hydrant', 'ä', '水道', '😀 pipe', '\u0000', 'x'.repeat(300)][int(8)] as string;
    case 10:
      // A pair cut in half, as a value cut at 10,000 characters can end. (Two first halves in a
      // row, which no stored text holds, are the one case written otherwise: vt-pbf drops the
      // second, this writer and TextEncoder give each its U+FFFD.)
      return ['a\ud83d', '\ude00b', '\ud83d\ude00\ud83d', '\ud83dx'][int(4)] as string;
    default:
      return String.fromCharCode(...Array.from({ length: int(20) }, () => int(0x2fff)));
  }
}

function randomFeature(next: () => number): MvtFeature {
  const coordinate = () => Math.floor(next() * 4300) - 100;
  const point = () => [coordinate(), coordinate()];
  const line = (min: number) => Array.from({ length: min + Math.floor(next() * 6) }, point);
  const tags: MvtFeature['tags'] = {};
  const count = Math.floor(next() * 5);
  for (let i = 0; i < count; i++) tags[KEYS[Math.floor(next() * KEYS.length)] as string] = randomValue(next);
  const id = next() < 0.1 ? undefined : Math.floor(next() * 2 ** (next() < 0.5 ? 10 : 40));
  switch (Math.floor(next() * 6)) {
    case 0:
      return { id, type: 1, geometry: [point()], tags };
    case 1:
      return { id, type: 1, geometry: line(1), tags };
    case 2:
      return { id, type: 2, geometry: [line(2)], tags };
    case 3:
      return { id, type: 2, geometry: [line(2), line(2)], tags };
    case 4: {
      const ring = line(3);
      return { id, type: 3, geometry: [[...ring, ring[0] as number[]]], tags };
    }
    default:
      return { id, type: 3, geometry: [line(4), line(4), line(1)], tags };
  }
}

const vtPbf = (name: string, features: MvtFeature[], extent: number) =>
  Buffer.from(vtpbf.fromGeojsonVt({ [name]: { features } }, { version: 2, extent }));

describe('writing a tile', () => {
  it('writes the bytes vt-pbf writes, over 2,000 random tiles of every geometry and value type', () => {
    for (let seed = 1; seed <= 2000; seed++) {
      const next = random(seed);
      const features = Array.from({ length: Math.floor(next() * 40) }, () => randomFeature(next));
      const name = String(Math.floor(next() * 100_000));
      expect({ seed, bytes: writeMvt(name, features, 4096).toString('hex') }).toEqual({
        seed,
        bytes: vtPbf(name, features, 4096).toString('hex'),
      });
    }
  });

  it('writes a tile of thousands of points with shared values as vt-pbf does', () => {
    const next = random(7);
    const features: MvtFeature[] = Array.from({ length: 5000 }, (_, i) => ({
      id: i * 301 + 1,
      type: 1,
      geometry: [[Math.floor(next() * 4224) - 64, Math.floor(next() * 4224) - 64]],
      tags: { kind: ['valve', 'hydrant', 'pump'][i % 3] as string, name: `Point ${i}`, value: i % 50 },
    }));
    expect(writeMvt('12', features, 4096).equals(vtPbf('12', features, 4096))).toBe(true);
  });

  it('writes a whole number too big for a varint as a double, where vt-pbf gives up', () => {
    const features: MvtFeature[] = [{ id: 1, type: 1, geometry: [[1, 2]], tags: { big: 1e20 } }];
    expect(() => vtPbf('1', features, 4096)).toThrow();
    const bytes = writeMvt('1', features, 4096);
    const double = Buffer.alloc(8);
    double.writeDoubleLE(1e20);
    // The value message: field 3 (double), then the eight bytes.
    expect(bytes.subarray(-10).toString('hex')).toBe(`0919${double.toString('hex')}`);
  });
});
