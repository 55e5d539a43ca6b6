import type { Rng } from './random.ts';

/** The document's patterns: meeting any other one, the generator throws until it is added here. */
export const PATTERNS: Record<string, (rng: Rng) => string> = {
  '^[0-9]{6}$': (rng) => String(rng.int(0, 999999)).padStart(6, '0'),
  '^(offline|osm|none|https?://[^\\s]*\\{z\\}[^\\s]*)$': (rng) =>
    rng.pick(['offline', 'osm', 'none', 'https://tiles.example.com/{z}/{x}/{y}.png']),
  '#[0-9a-fA-F]{6}': (rng) => hexColor(rng, false),
  '^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$': (rng) => hexColor(rng, rng.chance(0.3)),
  '[a-z][a-z0-9_]{0,62}': (rng) => rng.word(rng.int(1, 12)),
  '^[a-z][a-z0-9_]{0,62}$': (rng) => rng.word(rng.int(1, 12)),
  '^https?://[^\\s]+$': (rng) => `https://example.com/${rng.word(5)}`,
  '^-?[0-9.]+,-?[0-9.]+,-?[0-9.]+,-?[0-9.]+$': (rng) => {
    const lon = rng.int(-180, 170) + rng.next();
    const lat = rng.int(-80, 70) + rng.next();
    return [lon, lat, lon + rng.next() * 10, lat + rng.next() * 10].map((n) => n.toFixed(4)).join(',');
  },
  '^[A-Za-z_][A-Za-z0-9_]{0,62}$': (rng) => rng.pick(['id', 'name', 'material', 'x']),
  // Known codes and unknown ones: an unknown CRS is the body's fault (422).
  '^EPSG:[0-9]{1,6}$': (rng) => `EPSG:${rng.pick(['4326', '3857', '32629', String(rng.int(0, 999999))])}`,
  '^-?[A-Za-z_][A-Za-z0-9_]{0,62}$': (rng) => `${rng.chance(0.5) ? '-' : ''}${rng.pick(['id', 'name', 'x'])}`,
};

function hexColor(rng: Rng, alpha: boolean): string {
  const digits = alpha ? 8 : 6;
  return `#${Array.from({ length: digits }, () => rng.int(0, 15).toString(16)).join('')}`;
}
