import { useMemo } from 'react';
import type { MapDetail } from '@generated/model';
import type { MapViewModel } from '@/map';

/** Where a viewer opens: the map's stored (or carried) center, zoom and rotation. */
export function useInitialView(map: Pick<MapDetail, 'center' | 'zoom' | 'rotation'>): MapViewModel {
  return useMemo<MapViewModel>(
    () => ({ center: [map.center[0] ?? 0, map.center[1] ?? 0], zoom: map.zoom, rotation: map.rotation }),
    [map.center, map.zoom, map.rotation],
  );
}
