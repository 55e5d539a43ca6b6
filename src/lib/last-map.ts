import { useState } from 'react';

const KEY = 'atlasboard.last-map-id';

/** /map opens the last map viewed (docs/decisions.md#extra-screens); remembered per browser. */
export function lastViewedMapId(): number | null {
  const stored = Number(localStorage.getItem(KEY));
  return Number.isInteger(stored) && stored > 0 ? stored : null;
}

export function rememberViewedMap(id: number): void {
  localStorage.setItem(KEY, String(id));
}

/** The map a picker screen shows: the last one viewed at first, remembered on each choice. */
export function useLastViewedMap(): [number | null, (id: number) => void] {
  const [mapId, setMapId] = useState<number | null>(lastViewedMapId);
  const choose = (id: number) => {
    rememberViewedMap(id);
    setMapId(id);
  };
  return [mapId, choose];
}
