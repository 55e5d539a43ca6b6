import type { Layer } from '@generated/model';
import type { Selection, ViewerScope } from '@/components/dashboard/widget-data';

/**
 * What every widget card of a dashboard shares: the map and its layers (a widget's groups take
 * its layer's colours), the scope the widgets count in, and the group a click selected.
 */
export type WidgetCards = {
  mapId: number;
  layers: readonly Layer[];
  scope: ViewerScope;
  selection: Selection | null;
  onSelect: (selection: Selection) => void;
};

/**
 * The scope of widgets following a map: its extent and applied filter, the time slider's range on
 * the layers that have a time, and the moment it is shown as it was.
 */
export function viewerScope(
  layers: readonly Layer[],
  when: {
    bbox: ViewerScope['bbox'];
    appliedFilter: ViewerScope['appliedFilter'];
    datetime: string | null;
    asOf: string | null;
  },
): ViewerScope {
  const timedLayerIds = layers.filter((layer) => layer.time_property).map((layer) => layer.id);
  return {
    bbox: when.bbox,
    appliedFilter: when.appliedFilter,
    time: when.datetime ? { datetime: when.datetime, layerIds: timedLayerIds } : null,
    asOf: when.asOf,
  };
}
