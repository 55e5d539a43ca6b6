import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getGetLayerQueryOptions } from '@generated/api/layers/layers';
import type { FeatureCollection, Layer, LayerWithData } from '@generated/model';
import { asOfParams, useAsOf } from '@/lib/as-of';

export type VectorData = Record<number, { data: FeatureCollection; truncated: boolean }>;

/**
 * The 3D viewer's vector layers as GeoJSON (vector tiles are 2D only): each visible layer once,
 * with its features as the server caps them (`include_data`, at most 5000 a layer).
 */
export function useVectorData(mapId: number, layers: readonly Layer[], isVisible: (layer: Layer) => boolean) {
  // Hidden layers are not fetched; a layer shown again comes from the query cache.
  const wanted = layers.filter((layer) => layer.type === 'vector' && isVisible(layer));
  // As it was (the address's as_of): each layer's features of then.
  const asOf = useAsOf();
  const queries = useQueries({
    queries: wanted.map((layer) =>
      getGetLayerQueryOptions(mapId, layer.id, { include_data: true, ...asOfParams(asOf) }),
    ),
  });
  const answers = queries.map((query) => query.data?.data);
  const key = queries.map((query, index) => `${wanted[index]?.id}:${query.dataUpdatedAt}`).join(',');
  const loading = queries.some((query) => query.isPending);
  const failed = queries.some((query) => query.isError);
  // Recomputed only when an answer arrives or changes, so the globe's layers stay put otherwise.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const data = useMemo(() => collect(answers), [key]);
  return { data, loading, failed };
}

function collect(answers: readonly (LayerWithData | undefined)[]) {
  const data: VectorData = {};
  for (const answer of answers)
    if (answer?.features)
      data[answer.id] = { data: answer.features, truncated: answer.features_truncated ?? false };
  return data;
}
