import type { LegacyTile } from 'geojson-vt';
import { HttpResponse } from 'msw';
import { fromGeojsonVt } from 'vt-pbf';
import { noContent } from './responses';

/** One layer's tile as the server sends it (204 when it holds nothing), never cached unchecked. */
export function vectorTileResponse(layerId: number, tile: LegacyTile | null): Response {
  if (!tile || tile.features.length === 0) return noContent();
  const body = fromGeojsonVt({ [String(layerId)]: tile }, { version: 2, extent: 4096 });
  return new HttpResponse(body.slice().buffer, {
    headers: {
      'Content-Type': 'application/vnd.mapbox-vector-tile',
      'Cache-Control': 'private, max-age=0, must-revalidate',
    },
  });
}
