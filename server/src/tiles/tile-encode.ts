import vtpbf, { type GeojsonVtFeature } from 'vt-pbf';
import { EXTENT, type TileRow } from './tile-query.ts';

/** DESIGN §6: no tile passes 500 KB. */
export const MAX_TILE_BYTES = 500 * 1024;

type Position = number[];

function toTileFeature(row: TileRow): GeojsonVtFeature | undefined {
  const tags: GeojsonVtFeature['tags'] = {};
  for (const [name, value] of Object.entries(row.properties)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      tags[name] = value;
  }
  const { type, coordinates } = row.pixels;
  const base = { id: row.id, tags };
  switch (type) {
    case 'Point':
      return { ...base, type: 1, geometry: [coordinates as Position] };
    case 'MultiPoint':
      return { ...base, type: 1, geometry: coordinates as Position[] };
    case 'LineString':
      return { ...base, type: 2, geometry: [coordinates as Position[]] };
    case 'MultiLineString':
      return { ...base, type: 2, geometry: coordinates as Position[][] };
    case 'Polygon':
      return { ...base, type: 3, geometry: coordinates as Position[][] };
    case 'MultiPolygon':
      return { ...base, type: 3, geometry: (coordinates as Position[][][]).flat() };
    default:
      // Clipping can leave a collection of mixed parts; such slivers are not drawn.
      return undefined;
  }
}

/**
 * Encodes one MVT 2.1 tile with a single layer named after the layer id. Should the rows
 * still weigh more than the limit, every other feature is dropped until it fits.
 */
export function encodeTile(layerId: number, rows: readonly TileRow[]): Buffer | undefined {
  let features = rows.map(toTileFeature).filter((feature) => feature !== undefined);
  while (features.length > 0) {
    const bytes = vtpbf.fromGeojsonVt({ [String(layerId)]: { features } }, { version: 2, extent: EXTENT });
    if (bytes.byteLength <= MAX_TILE_BYTES)
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    features = features.filter((_, index) => index % 2 === 0);
  }
  return undefined;
}
