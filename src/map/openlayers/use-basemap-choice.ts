import { useCallback, useMemo, useState } from 'react';
import type { MapLayerModel } from '../layer-model';
import {
  basemapChoices,
  choiceOf,
  readBasemapChoice,
  saveBasemapChoice,
  storedBasemap,
  type BasemapChoice,
} from '../tools/basemap-choice';

/**
 * The basemap the user picked in the map, remembered per map in this browser; the map's
 * stored basemap until they pick one.
 */
export function useBasemapChoice(layers: readonly MapLayerModel[], mapId: number | undefined) {
  const stored = storedBasemap(layers);
  const offered = useMemo(() => basemapChoices(stored), [stored]);
  const [picked, setPicked] = useState<{ mapId: number | undefined; choice: BasemapChoice | null } | null>(
    null,
  );
  // Another map in the same canvas starts from its own remembered choice.
  const choice = picked && picked.mapId === mapId ? picked.choice : readBasemapChoice(mapId, offered);
  const onChoose = useCallback(
    (next: BasemapChoice) => {
      saveBasemapChoice(mapId, next);
      setPicked({ mapId, choice: next });
    },
    [mapId],
  );
  const usable = choice !== null && offered.includes(choice) ? choice : null;
  return { offered, current: usable ?? choiceOf(stored), choice: usable, onChoose };
}
