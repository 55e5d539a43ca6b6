import type { components } from '@generated/openapi-types.ts';
import type { Queryable } from '../db/database.ts';
import type { WaterNetworkConfig } from './network-config.ts';

export type NodeLayerFeatures = components['schemas']['WaterNetworkNodeLayerFeatures'];

/**
 * The given feature ids that are on the configured node layers, one entry per node layer in
 * the configuration's order (an empty list when none is): service point layers are `service`,
 * the others (hydrants, meters) `hydrant`. The client exports each entry as one layer's
 * features, so the split is by the features' real layer, not by guessing from the ids.
 */
export async function nodeLayerFeatures(
  db: Queryable,
  config: WaterNetworkConfig,
  featureIds: readonly number[],
): Promise<NodeLayerFeatures[]> {
  const layerIds = config.node_layer_ids;
  const rows =
    featureIds.length === 0 || layerIds.length === 0
      ? []
      : await db.query<{ id: number; layer_id: number }>(
          `SELECT id, layer_id FROM features WHERE id = ANY($1::int[]) AND layer_id = ANY($2::int[]) ORDER BY id`,
          [featureIds, layerIds],
        );
  const services = new Set(config.hydraulics.service_layer_ids);
  return layerIds.map((layerId) => ({
    layer_id: layerId,
    role: services.has(layerId) ? ('service' as const) : ('hydrant' as const),
    feature_ids: rows.filter((row) => row.layer_id === layerId).map((row) => row.id),
  }));
}
