import type { SelectedFeature } from '../feature-panel/feature-panel';

export type FeatureFocus = SelectedFeature & { extent: [number, number, number, number] | null };

/** "Show on map" from a feature table arrives as router state `{focus}`; anything else is ignored. */
export function focusFromRouteState(state: unknown): FeatureFocus | null {
  if (typeof state !== 'object' || state === null || !('focus' in state)) return null;
  const focus = state.focus;
  if (typeof focus !== 'object' || focus === null) return null;
  const { layerId, featureId, properties, extent } = focus as Record<string, unknown>;
  if (typeof layerId !== 'number' || typeof featureId !== 'number') return null;
  const box =
    Array.isArray(extent) && extent.length === 4 ? (extent as [number, number, number, number]) : null;
  return {
    layerId,
    featureId,
    properties:
      typeof properties === 'object' && properties !== null ? (properties as Record<string, unknown>) : {},
    extent: box,
    // The feature's own extent is where the viewer looks the whole feature (files too) up.
    ...(box ? { clickExtent: box } : {}),
  };
}
