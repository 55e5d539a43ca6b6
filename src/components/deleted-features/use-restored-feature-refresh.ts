import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  getGetFeatureHistoryQueryKey,
  getListDeletedFeaturesQueryKey,
  getListLayerFeaturesQueryKey,
} from '../../../generated/api/features/features';
import { getGetLayerQueryKey } from '../../../generated/api/layers/layers';

/**
 * After a restore from the deleted list: the same queries the viewer's "a feature changed"
 * hook (screens/map-viewer/editing/use-feature-change.ts) refreshes, minus the map's tile revision,
 * since these table screens mount no map (a map opened later reads the layer's new version).
 * Shared code may not import a screen, so this mirrors it until that hook moves to shared code.
 */
export function useRestoredFeatureRefresh(mapId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    async ({ layerId, featureId }: { layerId: number; featureId: number }) => {
      const [tablePrefix] = getListLayerFeaturesQueryKey(mapId, layerId);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [tablePrefix] }),
        queryClient.invalidateQueries({ queryKey: getGetLayerQueryKey(mapId, layerId) }),
        queryClient.invalidateQueries({ queryKey: getListDeletedFeaturesQueryKey(mapId, layerId) }),
        queryClient.invalidateQueries({ queryKey: getGetFeatureHistoryQueryKey(mapId, featureId) }),
      ]);
    },
    [mapId, queryClient],
  );
}
