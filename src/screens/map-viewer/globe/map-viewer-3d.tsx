import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Feature, MapDetail } from '@generated/model';
import {
  describeLayers,
  featureExtent,
  GlobeCanvas,
  nextViewRequestNonce,
  type FeatureHit,
  type MapViewModel,
  type ViewRequest,
} from '@/map';
import { FeaturePanel, selectedOf, type SelectedFeature } from '../feature-panel/feature-panel';
import { LayerTree } from '../layers/layer-tree';
import { useLayerViewState } from '../layers/use-layer-view-state';
import { useVectorData } from './use-vector-data';
import { ViewerContext, type ViewerValues } from '../shell/viewer-context';
import { ViewSwitchButton } from '../shell/view-switch-button';
import { LayersTimeSlider } from '../time/time-slider';
import { useTimeRange } from '../time/use-time-range';
import { useInitialView } from '../shell/use-initial-view';
import { ViewerSearch } from '../shell/viewer-search';
import { ViewerShell } from '../shell/viewer-shell';
import { viewerTabs } from '../shell/viewer-tabs';
import '../shell/map-viewer.css';
import '../shell/viewer-shell.css';

/** One map on the globe with the 2D viewer's layer tree, search and feature panel. */
export function MapViewer3d({ map, heading }: { map: MapDetail; heading: ReactNode }) {
  const { t } = useTranslation();
  const layers = useMemo(() => map.layers ?? [], [map.layers]);
  const tree = useLayerViewState(layers);
  const vector = useVectorData(map.id, layers, tree.isVisible);
  // The 2D viewer's time range arrives in the address; the globe draws only what is inside it.
  const time = useTimeRange(layers);
  const [selected, setSelected] = useState<SelectedFeature | null>(null);
  const [viewRequest, setViewRequest] = useState<ViewRequest | null>(null);
  const initialView = useInitialView(map);
  const viewRef = useRef<MapViewModel | null>(initialView);
  const [zoom, setZoom] = useState(map.zoom);

  const models = useMemo(
    () =>
      describeLayers({
        layers,
        basemap: map.basemap,
        viewState: tree.changes,
        order: tree.drawingOrder,
        selected: selected ? { layerId: selected.layerId, featureId: selected.featureId } : null,
        engine: '3d',
        vectorData: vector.data,
        timeRange: time.range,
      }),
    [layers, map.basemap, tree.changes, tree.drawingOrder, selected, vector.data, time.range],
  );
  const onViewChange = useCallback((view: MapViewModel) => {
    viewRef.current = view;
    setZoom(view.zoom);
  }, []);
  const onFeatureClick = useCallback((hit: FeatureHit | null) => setSelected(hit), []);
  const goToFeature = useCallback((feature: Feature) => {
    setSelected(selectedOf(feature));
    const extent = featureExtent(feature);
    if (extent) setViewRequest({ nonce: nextViewRequestNonce(), extent });
  }, []);
  const truncated = layers.filter((layer) => vector.data[layer.id]?.truncated);
  const selectedLayer = selected ? layers.find((layer) => layer.id === selected.layerId) : undefined;

  // The globe has no filters, extent-bound panels or past moments.
  const viewer = useMemo<ViewerValues>(
    () => ({
      mapId: map.id,
      layers,
      viewExtent: null,
      datetime: time.datetime,
      asOf: null,
      appliedFilter: null,
      selected,
      goToFeature,
    }),
    [map.id, layers, time.datetime, selected, goToFeature],
  );

  // Edits reload the layer's GeoJSON through useFeatureChange (the globe draws that).
  const tabs = viewerTabs(t, {
    layers: (
      <>
        <LayersTimeSlider time={time} />
        <LayerTree layers={layers} categories={map.categories} tree={tree} zoom={zoom} />
        <div role="status" className="status">
          {vector.loading && t('viewer3d.loading_features')}
          {vector.failed && t('viewer3d.load_failed')}
          {truncated.map((layer) => (
            <p key={layer.id}>{t('viewer3d.truncated', { layer: layer.name })}</p>
          ))}
        </div>
      </>
    ),
    search: <ViewerSearch entries={map.main_searches} />,
  });

  return (
    <ViewerContext.Provider value={viewer}>
      <ViewerShell
        className="map-viewer map-viewer-3d"
        heading={heading}
        tools={<ViewSwitchButton mapId={map.id} to="2d" viewRef={viewRef} />}
        tabs={tabs}
        canvas={
          <GlobeCanvas
            className="map-viewer-canvas"
            layers={models}
            initialView={initialView}
            viewRequest={viewRequest}
            label={t('viewer3d.map_label', { title: map.title })}
            onViewChange={onViewChange}
            onFeatureClick={onFeatureClick}
          />
        }
        onCloseDrawer={() => setSelected(null)}
        drawer={
          selected && selectedLayer ? (
            <FeaturePanel
              layer={selectedLayer}
              feature={selected}
              onClose={() => setSelected(null)}
              onSaved={(saved) =>
                setSelected({ layerId: saved.layer_id, featureId: saved.id, properties: saved.properties })
              }
              // Reshaping is a 2D tool (OpenLayers' Modify).
              onEditGeometry={null}
              onDeleted={() => setSelected(null)}
            />
          ) : null
        }
      />
    </ViewerContext.Provider>
  );
}
