import { useQuery } from '@tanstack/react-query';
import { asOfParams, useAsOf } from '@/lib/as-of';
import { filterFeatures, getListLayerFeaturesQueryKey } from '@generated/api/features/features';
import type { Feature } from '@generated/model';

type Wanted = { layerId: number; featureId: number; clickExtent?: [number, number, number, number] };

/**
 * The whole stored feature behind a map click. A tile carries only what it draws (no files,
 * its geometry cut to the tile), and the document has no single-feature read; so the
 * features of that layer around the click are asked for (filterFeatures with a bbox, which
 * returns them whole, with their files) and the clicked id is picked out.
 */
export function useFullFeature(mapId: number, wanted: Wanted | null) {
  const layerId = wanted?.layerId;
  const featureId = wanted?.featureId;
  const clickExtent = wanted?.clickExtent;
  // As it was: the clicked feature's values and whole geometry of then.
  const asOf = useAsOf();
  return useQuery({
    // Filed under the layer's features (the filter answer's own key is not generated: that call
    // stays a mutation for the filter panel), so a change to the layer's features reads it again.
    queryKey: [...getListLayerFeaturesQueryKey(mapId, layerId), 'clicked', featureId, clickExtent, asOf],
    enabled: layerId !== undefined && clickExtent !== undefined,
    staleTime: 0,
    queryFn: async ({ signal }): Promise<Feature | null> => {
      if (layerId === undefined || !clickExtent) return null;
      const page = await filterFeatures(
        mapId,
        { layers_filter: [{ layer_id: layerId, filters: [], bbox: clickExtent }] },
        { page: 1, per_page: 100, ...asOfParams(asOf) },
        undefined,
        signal,
      );
      return page.data.find((feature) => feature.id === featureId) ?? null;
    },
  });
}
