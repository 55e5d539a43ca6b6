import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  getGetFeatureHistoryQueryKey,
  getListDeletedFeaturesQueryKey,
  getListLayerFeaturesQueryKey,
} from '../../../../generated/api/features/features';
import { getGetLayerQueryKey } from '../../../../generated/api/layers/layers';
import { useLayerRevisionsStore } from '../layers/layer-revisions';

/**
 * The one owner of "a feature changed": after any write (properties, geometry, new
 * feature, delete, restore, split, files) it refreshes what shows that feature — its history,
 * every cached table page of its layer and its deleted features, the 3D viewer's GeoJSON of the layer — and bumps the
 * layer's revision, which every mounted 2D map follows to redraw its tiles.
 */
export function useFeatureChange(mapId: number) {
  const queryClient = useQueryClient();
  const bump = useLayerRevisionsStore((state) => state.bump);
  return useCallback(
    /** `layerId` when the layer's drawing or rows changed; `featureId` when its history did. */
    async ({ layerId, featureId }: { layerId?: number; featureId?: number }) => {
      const pending: Promise<void>[] = [];
      if (layerId !== undefined) {
        bump(mapId, layerId);
        const [tablePrefix] = getListLayerFeaturesQueryKey(mapId, layerId);
        pending.push(
          queryClient.invalidateQueries({ queryKey: [tablePrefix] }),
          queryClient.invalidateQueries({ queryKey: getGetLayerQueryKey(mapId, layerId) }),
          // A deletion or a restore changes the layer's "recently deleted" list too.
          queryClient.invalidateQueries({ queryKey: getListDeletedFeaturesQueryKey(mapId, layerId) }),
        );
      }
      if (featureId !== undefined) {
        pending.push(
          queryClient.invalidateQueries({ queryKey: getGetFeatureHistoryQueryKey(mapId, featureId) }),
        );
      }
      await Promise.all(pending);
    },
    [bump, mapId, queryClient],
  );
}
