import type { components } from '@generated/openapi-types.ts';
import type { LayerRow } from '../maps/records.ts';

type TileJson = components['schemas']['TileJson'];
type FieldType = 'Number' | 'Boolean' | 'String';

/** MapLibre's default ceiling; tiles are cut at any zoom up to 24, beyond this they overzoom. */
const DEFAULT_MAX_ZOOM = 22;
const WORLD: [number, number, number, number] = [-180, -85.051129, 180, 85.051129];

function fieldType(type: string): FieldType {
  if (type === 'number' || type === 'integer') return 'Number';
  if (type === 'boolean') return 'Boolean';
  return 'String';
}

/** The zoom at which the bounds fit about one 512-pixel view, within the layer's zooms. */
function fittingZoom(bounds: readonly number[], minzoom: number, maxzoom: number): number {
  const [west = -180, south = -85, east = 180, north = 85] = bounds;
  const span = Math.max(east - west, (north - south) * 2, 1e-9);
  const zoom = Math.floor(Math.log2(360 / span));
  return Math.min(maxzoom, Math.max(minzoom, zoom));
}

/**
 * TileJSON 3.0.0 of a vector layer's tiles. `origin` is APP_URL or the server's own address
 * (linkOrigin), never the request's Host: a TileJSON is cached and shared, and a Host chosen by
 * the caller would send every later reader's token to that host.
 */
export function layerTileJson(origin: string, layer: LayerRow): TileJson {
  const minzoom = Math.max(0, Math.floor(layer.min_zoom ?? 0));
  const maxzoom = Math.max(minzoom, Math.min(24, Math.ceil(layer.max_zoom ?? DEFAULT_MAX_ZOOM)));
  const bounds = layer.extent ? [...layer.extent] : [...WORLD];
  const [west = 0, south = 0, east = 0, north = 0] = bounds;
  const base = origin.replace(/\/+$/, '');
  return {
    tilejson: '3.0.0',
    name: layer.name,
    scheme: 'xyz',
    tiles: [`${base}/api/maps/${layer.map_id}/layers/${layer.id}/tiles/{z}/{x}/{y}`],
    minzoom,
    maxzoom,
    bounds,
    center: [(west + east) / 2, (south + north) / 2, fittingZoom(bounds, minzoom, maxzoom)],
    vector_layers: [
      {
        // The tile layer is named after the layer id (tile-encode.ts).
        id: String(layer.id),
        description: layer.name,
        minzoom,
        maxzoom,
        fields: Object.fromEntries(
          layer.properties.map((property) => [property.name, fieldType(property.type)]),
        ),
      },
    ],
  };
}
