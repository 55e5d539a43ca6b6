import { writeMvt, type MvtFeature } from './mvt-write.ts';
import { EXTENT, type TileRow } from './tile-frame.ts';

/** docs/decisions.md#vector-tiles: no tile passes 500 KB. */
export const MAX_TILE_BYTES = 500 * 1024;

/**
 * Attribute bytes one feature may carry in a tile. A value may be 10,000 characters (the
 * document), but older imports stored bigger ones (a KML photo, a 50 MB CSV cell): such a
 * value is cut, and the attributes past this budget are left out, so every single feature
 * fits a tile and dropping features always ends.
 */
export const MAX_FEATURE_TAG_BYTES = 64 * 1024;
const MAX_TAG_CHARS = 10_000;

type Position = number[];

function tagsOf(properties: Record<string, unknown>): MvtFeature['tags'] {
  const tags: MvtFeature['tags'] = {};
  let budget = MAX_FEATURE_TAG_BYTES;
  for (const name in properties) {
    const value = properties[name];
    let kept: string | number | boolean;
    if (typeof value === 'string')
      kept = value.length > MAX_TAG_CHARS ? value.slice(0, MAX_TAG_CHARS) : value;
    else if (typeof value === 'number' || typeof value === 'boolean') kept = value;
    else continue;
    // UTF-8 takes at most three bytes per UTF-16 unit.
    const cost = name.length * 3 + (typeof kept === 'string' ? kept.length * 3 : 8);
    if (cost > budget) continue;
    budget -= cost;
    tags[name] = kept;
  }
  return tags;
}

function toTileFeature(row: TileRow): MvtFeature | undefined {
  const id = row.id;
  const tags = tagsOf(row.properties);
  const { type, coordinates } = row.pixels;
  // Object literals: spreading a shared base cost about 1 µs a feature, a quarter of a
  // low-zoom tile's encoding.
  switch (type) {
    case 'Point':
      return { id, tags, type: 1, geometry: [coordinates as Position] };
    case 'MultiPoint':
      return { id, tags, type: 1, geometry: coordinates as Position[] };
    case 'LineString':
      return { id, tags, type: 2, geometry: [coordinates as Position[]] };
    case 'MultiLineString':
      return { id, tags, type: 2, geometry: coordinates as Position[][] };
    case 'Polygon':
      return { id, tags, type: 3, geometry: coordinates as Position[][] };
    case 'MultiPolygon':
      return { id, tags, type: 3, geometry: (coordinates as Position[][][]).flat() };
    default:
      // Clipping can leave a collection of mixed parts; such slivers are not drawn.
      return undefined;
  }
}

function encode(layerId: number, features: MvtFeature[]): Buffer | undefined {
  const bytes = writeMvt(String(layerId), features, EXTENT);
  return bytes.byteLength <= MAX_TILE_BYTES ? bytes : undefined;
}

/**
 * Encodes one MVT 2.1 tile with a single layer named after the layer id. Should the rows
 * still weigh more than the limit, every other feature is dropped until it fits. Each round
 * shortens the list, so this ends; a lone feature still too big (a geometry of millions of
 * vertices) goes without attributes, and failing that the tile is empty.
 */
export function encodeTile(layerId: number, rows: readonly TileRow[]): Buffer | undefined {
  let features = rows.map(toTileFeature).filter((feature) => feature !== undefined);
  if (features.length === 0) return undefined;
  for (;;) {
    const tile = encode(layerId, features);
    if (tile) return tile;
    if (features.length <= 1) break;
    features = features.filter((_, index) => index % 2 === 0);
  }
  return encode(
    layerId,
    features.map((feature) => ({ ...feature, tags: {} })),
  );
}
