import { layerAsSeen } from '../access/layer-view.ts';
import { mapLayerForFeatures } from '../features/feature-access.ts';
import { notFound } from '../http/http-error.ts';
import { linkOrigin } from '../mail/link-origin.ts';
import { typedHandlers } from '../openapi/typed-handlers.ts';
import { layerTileJson } from '../tiles/tile-json.ts';

/** TileJSON for MapLibre / QGIS: the same access rule as the tiles it points to. */
export const routeHandlers = typedHandlers({
  async getLayerTileJson({ services: { db, config }, auth, params, request }) {
    const { layer } = await mapLayerForFeatures(db, auth.ability, params.id, params.layer_id, 'read');
    if (layer.type !== 'vector') throw notFound();
    return {
      status: 200,
      body: layerTileJson(linkOrigin(config, request.server), layerAsSeen(auth.access, layer)),
    };
  },
});
