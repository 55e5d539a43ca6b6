import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapDetail } from '@generated/model';
import { describeLayers, MapCanvas, type MapViewModel } from '@/map';
import type { TimeRangeModel } from '@/map/time-filter';
import { revisionsOfMap, useLayerRevisionsStore } from '@/stores/layer-revisions-store';

interface DashboardMapProps {
  map: MapDetail;
  /** The features a click on a chart selected, by layer, drawn highlighted. */
  highlighted: Record<number, number[]>;
  onExtent: (extent: [number, number, number, number]) => void;
  /** The moment the layers are drawn as they were (ISO 8601), or null for now. */
  asOf?: string | null;
  /** The time slider's range the timed layers are drawn within, or null for all dates. */
  timeRange?: TimeRangeModel | null;
}

/** The dashboard's map tile: the map's layers as the viewer draws them; its extent drives the widgets. */
export function DashboardMap({
  map,
  highlighted,
  onExtent,
  asOf = null,
  timeRange = null,
}: DashboardMapProps) {
  const { t } = useTranslation();
  const allRevisions = useLayerRevisionsStore((state) => state.revisions);
  const revisions = useMemo(() => revisionsOfMap(allRevisions, map.id), [allRevisions, map.id]);
  const initialView = useMemo<MapViewModel>(
    () => ({ center: [map.center[0] ?? 0, map.center[1] ?? 0], zoom: map.zoom, rotation: map.rotation }),
    [map.center, map.zoom, map.rotation],
  );
  const models = useMemo(
    () =>
      describeLayers({
        layers: map.layers ?? [],
        basemap: map.basemap,
        highlighted,
        revisions,
        asOf,
        timeRange,
      }),
    [map.layers, map.basemap, highlighted, revisions, asOf, timeRange],
  );
  const onViewChange = useCallback(
    (_view: MapViewModel, extent: [number, number, number, number]) => onExtent(extent),
    [onExtent],
  );
  return (
    <MapCanvas
      className="map-dashboard-canvas"
      layers={models}
      initialView={initialView}
      viewRequest={null}
      label={t('viewer.map_label', { title: map.title })}
      mapId={map.id}
      onViewChange={onViewChange}
    />
  );
}
