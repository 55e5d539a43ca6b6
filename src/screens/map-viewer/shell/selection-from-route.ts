/** "Zoom to selected" from a feature table: router state `{selection: {layerId, featureIds, extent}}`. */
export type RouteSelection = {
  layerId: number;
  featureIds: number[];
  extent: [number, number, number, number];
};

export function selectionFromRouteState(state: unknown): RouteSelection | null {
  if (typeof state !== 'object' || state === null || !('selection' in state)) return null;
  const selection = state.selection;
  if (typeof selection !== 'object' || selection === null) return null;
  const { layerId, featureIds, extent } = selection as Record<string, unknown>;
  if (typeof layerId !== 'number' || !Array.isArray(featureIds) || !Array.isArray(extent)) return null;
  if (extent.length !== 4 || !extent.every((value) => typeof value === 'number')) return null;
  return {
    layerId,
    featureIds: featureIds.filter((id): id is number => typeof id === 'number'),
    extent: extent as [number, number, number, number],
  };
}
