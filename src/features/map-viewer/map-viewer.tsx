import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Bookmark, Feature, LayerFilter, MapDetail } from '../../../generated/model';
import { LinkButton } from '../../components/ui/link-button';
import { printPath } from '../../lib/print-link';
import {
  describeLayers,
  featureExtent,
  latestViewRequest,
  nextViewRequestNonce,
  MapCanvas,
  type FeatureHit,
  type MapViewModel,
  type ViewRequest,
} from '../../map';
import { BookmarksPanel } from './bookmarks-panel';
import { FeaturePanel, type SelectedFeature } from './feature-panel';
import { focusFromRouteState } from './focus-from-route';
import { FiltersPanel } from './filters-panel';
import { GeometryTools } from './geometry-tools';
import { LayerTree } from './layer-tree';
import { MainSearchBox } from './main-search-box';
import { mergeHighlights, type NetworkHighlight } from './network-highlight';
import { NetworkTools } from './network-tools';
import { useFullFeature } from './use-full-feature';
import { useGeometryEditing } from './use-geometry-editing';
import { useLayerViewState } from './use-layer-view-state';
import { ViewerExport } from './viewer-export';
import './map-viewer.css';

type MapViewerProps = {
  map: MapDetail;
  className?: string;
  /** A move asked by a neighbouring map (/map2 keeps two views in sync). */
  syncRequest?: ViewRequest | null;
  onViewChanged?: (view: MapViewModel) => void;
};

/** One map with its layer tree and feature panel; /maps/:id/show, /map and /map2 mount it. */
export function MapViewer({ map, className, syncRequest, onViewChanged }: MapViewerProps) {
  const { t } = useTranslation();
  const layers = useMemo(() => map.layers ?? [], [map.layers]);
  const tree = useLayerViewState(layers);
  const { showOnly, isVisible } = tree;
  const [zoom, setZoom] = useState(map.zoom);
  const [viewExtent, setViewExtent] = useState<[number, number, number, number] | null>(null);
  const [highlighted, setHighlighted] = useState<Record<number, number[]>>({});
  const [networkHighlight, setNetworkHighlight] = useState<NetworkHighlight>({});
  const [revisions, setRevisions] = useState<Record<number, number>>({});
  const [appliedFilter, setAppliedFilter] = useState<LayerFilter[] | null>(null);
  const focus = focusFromRouteState(useLocation().state);
  const [selected, setSelected] = useState<SelectedFeature | null>(focus);
  const [viewRequest, setViewRequest] = useState<ViewRequest | null>(
    focus?.extent ? { nonce: nextViewRequestNonce(), extent: focus.extent, maxZoom: 18 } : null,
  );
  const initialView = useMemo<MapViewModel>(
    () => ({ center: [map.center[0] ?? 0, map.center[1] ?? 0], zoom: map.zoom, rotation: map.rotation }),
    [map.center, map.zoom, map.rotation],
  );
  const [currentView, setCurrentView] = useState<MapViewModel>(initialView);
  const editing = useGeometryEditing();
  // A click's tile lacks the files and the whole geometry: the stored feature fills them in.
  const fullFeature = useFullFeature(
    map.id,
    selected && selected.geometry === undefined ? selected : null,
  ).data;
  const shown: SelectedFeature | null =
    selected && fullFeature
      ? {
          ...selected,
          properties: fullFeature.properties,
          files: fullFeature.files,
          geometry: fullFeature.geometry,
        }
      : selected;

  const models = useMemo(
    () =>
      describeLayers({
        layers,
        basemap: map.basemap,
        viewState: tree.changes,
        order: tree.drawingOrder,
        highlighted: mergeHighlights(highlighted, networkHighlight),
        revisions,
        selected: selected ? { layerId: selected.layerId, featureId: selected.featureId } : null,
      }),
    [
      layers,
      map.basemap,
      tree.changes,
      tree.drawingOrder,
      selected,
      highlighted,
      networkHighlight,
      revisions,
    ],
  );

  const onViewChange = useCallback(
    (view: MapViewModel, extent: [number, number, number, number]) => {
      setZoom(view.zoom);
      setCurrentView(view);
      setViewExtent(extent);
      onViewChanged?.(view);
    },
    [onViewChanged],
  );
  const onFilterResults = useCallback((matches: Feature[] | null, layersFilter: LayerFilter[] | null) => {
    const byLayer: Record<number, number[]> = {};
    for (const feature of matches ?? []) (byLayer[feature.layer_id] ??= []).push(feature.id);
    setHighlighted(byLayer);
    setAppliedFilter(layersFilter);
  }, []);
  const onFeatureClick = useCallback((hit: FeatureHit | null) => setSelected(hit), []);
  const goToFeature = useCallback((feature: Feature) => {
    setSelected({
      layerId: feature.layer_id,
      featureId: feature.id,
      properties: feature.properties,
      files: feature.files,
      geometry: feature.geometry,
    });
    const extent = featureExtent(feature);
    if (extent) setViewRequest({ nonce: nextViewRequestNonce(), extent, maxZoom: 18 });
  }, []);
  const goToBookmark = useCallback(
    (bookmark: Bookmark) => {
      showOnly(bookmark.visible_layer_ids);
      setViewRequest({
        nonce: nextViewRequestNonce(),
        view: {
          center: [bookmark.center[0] ?? 0, bookmark.center[1] ?? 0],
          zoom: bookmark.zoom,
          rotation: bookmark.rotation,
        },
      });
    },
    [showOnly],
  );
  const visibleLayerIds = useMemo(
    () => layers.filter((layer) => isVisible(layer)).map((layer) => layer.id),
    [layers, isVisible],
  );
  const selectedLayer = selected ? layers.find((layer) => layer.id === selected.layerId) : undefined;
  const redraw = useCallback(
    (layerId: number) => setRevisions((current) => ({ ...current, [layerId]: (current[layerId] ?? 0) + 1 })),
    [],
  );
  const showStored = useCallback(
    (feature: Feature) => {
      setSelected({
        layerId: feature.layer_id,
        featureId: feature.id,
        properties: feature.properties,
        files: feature.files,
        geometry: feature.geometry,
      });
      redraw(feature.layer_id);
    },
    [redraw],
  );
  const editedGeometry = shown?.geometry;

  return (
    <div className={['map-viewer', className].filter(Boolean).join(' ')}>
      <div className="map-viewer-side">
        <LinkButton variant="secondary" to={printPath({ mapId: map.id, view: currentView, visibleLayerIds })}>
          {t('print.open')}
        </LinkButton>
        <MainSearchBox mapId={map.id} entries={map.main_searches} onPick={goToFeature} />
        <NetworkTools
          mapId={map.id}
          layers={layers}
          selected={selected}
          onHighlight={setNetworkHighlight}
          onPick={goToFeature}
        />
        <FiltersPanel
          mapId={map.id}
          filters={map.filters}
          layers={layers}
          viewExtent={viewExtent}
          onResults={onFilterResults}
          onPick={goToFeature}
        />
        <LayerTree
          layers={layers}
          categories={map.categories}
          drawingOrder={tree.drawingOrder}
          changes={tree.changes}
          zoom={zoom}
          onChange={tree.change}
          onMove={tree.move}
        />
        <BookmarksPanel
          mapId={map.id}
          bookmarks={map.bookmarks ?? []}
          view={currentView}
          visibleLayerIds={visibleLayerIds}
          onGo={goToBookmark}
        />
        <GeometryTools mapId={map.id} layers={layers} editing={editing} onSaved={showStored} />
        <ViewerExport
          mapId={map.id}
          layers={layers}
          visibleLayerIds={visibleLayerIds}
          viewExtent={viewExtent}
          appliedFilter={appliedFilter}
        />
        <nav className="viewer-panel" aria-label={t('viewer.tables')}>
          <ul className="layer-table-links">
            {layers
              .filter((layer) => layer.type === 'vector')
              .map((layer) => (
                <li key={layer.id}>
                  <Link to={`/maps/${map.id}/show/${layer.id}/features`}>
                    {t('viewer.open_table', { name: layer.name })}
                  </Link>
                </li>
              ))}
          </ul>
        </nav>
      </div>
      <MapCanvas
        className="map-viewer-canvas"
        layers={models}
        initialView={initialView}
        viewRequest={latestViewRequest(viewRequest, syncRequest)}
        label={t('viewer.map_label', { title: map.title })}
        mapId={map.id}
        onViewChange={onViewChange}
        onFeatureClick={onFeatureClick}
        geometryEdit={editing.session?.edit ?? null}
        onGeometryChange={editing.setPending}
      />
      {shown && selectedLayer && (
        <FeaturePanel
          mapId={map.id}
          layer={selectedLayer}
          layers={layers}
          feature={shown}
          onOpen={goToFeature}
          onClose={() => setSelected(null)}
          onSaved={showStored}
          onEditGeometry={
            editedGeometry ? () => editing.startModify(shown.layerId, shown.featureId, editedGeometry) : null
          }
          onDeleted={() => {
            editing.stop();
            setSelected(null);
            redraw(shown.layerId);
          }}
        />
      )}
    </div>
  );
}
