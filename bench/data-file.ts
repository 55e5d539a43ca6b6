import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

/** Where the random points fall: mainland Portugal, about 290 × 570 km. */
export const AREA = { minLon: -9.5, minLat: 37.0, maxLon: -6.2, maxLat: 42.1 } as const;
export const KINDS = ['hydrant', 'valve', 'meter', 'pump', 'tank'] as const;

/** mulberry32: a small seeded generator, so every run imports the same points. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pointName = (index: number) => `PT-${String(index + 1).padStart(7, '0')}`;

/** Writes N random points as CSV (lon, lat and three attributes) the import reads by its column names. */
export async function writePointsCsv(file: string, count: number): Promise<void> {
  const random = seededRandom(20261122);
  const out = createWriteStream(file);
  out.write('lon,lat,name,kind,value\n');
  let chunk = '';
  for (let index = 0; index < count; index += 1) {
    const lon = AREA.minLon + random() * (AREA.maxLon - AREA.minLon);
    const lat = AREA.minLat + random() * (AREA.maxLat - AREA.minLat);
    const kind = KINDS[Math.floor(random() * KINDS.length)] ?? 'hydrant';
    chunk += `${lon.toFixed(6)},${lat.toFixed(6)},${pointName(index)},${kind},${Math.floor(random() * 1000)}\n`;
    if (chunk.length > 1 << 16) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
}
