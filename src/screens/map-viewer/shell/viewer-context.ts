import { createContext, useContext } from 'react';
import type { Feature, Layer, LayerFilter } from '@generated/model';

/**
 * What every panel of a viewer reads of the map shown: the map and its layers, where and when
 * it looks, the filter applied, and how to go to a feature. The viewer provides it once; each
 * panel takes what it needs.
 */
export type ViewerValues = {
  mapId: number;
  layers: readonly Layer[];
  /** The current view [west, south, east, north]; null before the map has drawn (and on the globe). */
  viewExtent: [number, number, number, number] | null;
  /** The time slider's range (OGC `datetime`), or null for every date. */
  datetime: string | null;
  /** The moment the map is shown as it was (ISO 8601), or null for now. */
  asOf: string | null;
  /** The filter last applied in the filters panel, or null. */
  appliedFilter: readonly LayerFilter[] | null;
  /** The feature selected on the map (clicked, searched, picked from a list), or null. */
  selected: { layerId: number; featureId: number } | null;
  /** Selects a feature and brings the map to it. */
  goToFeature: (feature: Feature) => void;
};

export const ViewerContext = createContext<ViewerValues | null>(null);

/** The values of the viewer around a panel; a panel outside a viewer is a mistake in the code. */
export function useViewer(): ViewerValues {
  const values = useContext(ViewerContext);
  if (!values) throw new Error('a viewer panel is rendered outside a viewer');
  return values;
}
