import { create } from 'zustand';

type LayerRevisionsState = {
  /** Revision per `${mapId}:${layerId}`; a layer not yet changed is at 0. */
  revisions: Readonly<Record<string, number>>;
  bump: (mapId: number, layerId: number) => void;
};

const keyOf = (mapId: number, layerId: number) => `${mapId}:${layerId}`;

/**
 * How many times each layer's features changed in this tab. Every mounted map (both maps
 * of /map2, the 3D viewer) draws a layer at its revision, so one write redraws all of them.
 */
export const useLayerRevisionsStore = create<LayerRevisionsState>()((set) => ({
  revisions: {},
  bump: (mapId, layerId) =>
    set((state) => {
      const key = keyOf(mapId, layerId);
      return { revisions: { ...state.revisions, [key]: (state.revisions[key] ?? 0) + 1 } };
    }),
}));

/** The revisions of one map's layers, by layer id (what describeLayers takes). */
export function revisionsOfMap(
  revisions: Readonly<Record<string, number>>,
  mapId: number,
): Record<number, number> {
  const prefix = `${mapId}:`;
  const result: Record<number, number> = {};
  for (const [key, value] of Object.entries(revisions)) {
    if (key.startsWith(prefix)) result[Number(key.slice(prefix.length))] = value;
  }
  return result;
}
