import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import type { Bookmark, Feature, LayerFilter, MapDetail } from '@generated/model';
import { IconLabel } from '@/components/ui/icon';
import { LinkButton } from '@/components/ui/link-button';
import { printPath } from '@/lib/print-link';
import {
  describeLayers,
  featureExtent,
  latestViewRequest,
  nextViewRequestNonce,
  MapCanvas,
  type FeatureHit,
  type MapViewModel,
  type ViewRequest,
} from '@/map';
import type { MapLayerModel } from '@/map/layer-model';
import { BookmarksPanel } from '../bookmarks/bookmarks-panel';
import { FeaturePanel, selectedOf, type SelectedFeature } from '../feature-panel/feature-panel';
import { focusFromRouteState } from './focus-from-route';
import { idsByLayer } from './ids-by-layer';
import { selectionFromRouteState } from './selection-from-route';
import { DashboardPanel } from '../dashboard/dashboard-panel';
import { FiltersPanel } from '../search-filters/filters-panel';
import { GeometryTools } from '../editing/geometry-tools';
import { useLayerRevisionsStore, revisionsOfMap } from '@/stores/layer-revisions-store';
import { LayerTableLinks } from '../layers/layer-table-links';
import { LayerTree } from '../layers/layer-tree';
import { mergeHighlights, type NetworkHighlight } from '../network/network-highlight';
import { NetworkTools } from '../network/network-tools';
import { HydraulicsPanel } from '../network/hydraulics-panel';
import { useFullFeature } from '../feature-panel/use-full-feature';
import { useGeometryEditing } from '../editing/use-geometry-editing';
import { useLayerViewState } from '../layers/use-layer-view-state';
import { useSnapTargets } from '../editing/use-snap-targets';
import { AsOfControl } from '../time/as-of-control';
import { ChangesPanel } from '../time/changes-panel';
import { asOfFromQuery, queryWithAsOf } from '../time/as-of';
import { LayersTimeSlider } from '../time/time-slider';
import { useTimeRange } from '../time/use-time-range';
import { useInitialView } from './use-initial-view';
import { useWideScreen } from './use-wide-screen';
import { ViewerContext, type ViewerValues } from './viewer-context';
import { ViewerExport } from './viewer-export';
import { ViewerSearch } from './viewer-search';
import { ViewerShell } from './viewer-shell';
import { viewerTabs } from './viewer-tabs';
import { useAuthStore } from '@/stores/auth-store';
import './map-viewer.css';
import './viewer-shell.css';

/** How much of the map the feature sheet covers below lg (viewer-shell.css: max-height 55%). */
const FEATURE_SHEET_SHARE = 0.55;

type MapViewerProps = {
  map: MapDetail;
  /** The title (a heading) and anything beside it, such as a map picker. */
  heading: ReactNode;
  /** Tools the screen adds to the toolbar, before print and export (the 2D↔3D switch). */
  tools?: ReactNode;
  /** The side panel starts open on wide screens (not on /map2, where two maps share the width). */
  panelOpenOnWide?: boolean;
  /** Whether this viewer's bar shows the page's breadcrumbs. */
  breadcrumbs?: boolean;
  className?: string;
  /** A move asked by a neighbouring map (/map2 keeps two views in sync). */
  syncRequest?: ViewRequest | null;
  onViewChanged?: (view: MapViewModel) => void;
  /**
   * The embed page: the map with its layer list and identify only (no tools, search, filters,
   * bookmarks, network, edits, print or export), for a frame on another website.
   */
  embedded?: boolean;
};

/** One map with its layer tree and feature panel; /maps/:id/show, /map and /map2 mount it. */
export function MapViewer({
  map,
  heading,
  tools,
  panelOpenOnWide,
  breadcrumbs,
  className,
  syncRequest,
  onViewChanged,
  embedded = false,
}: MapViewerProps) {
  const { t } = useTranslation();
  // A guest (a public map, a share link) reads: no tools that need an account (bookmarks,
  // network, dashboard, print, export, edits, a feature's history and files).
  const guest = !useAuthStore((state) => state.authenticated);
  const readerOnly = embedded || guest;
  // "As it was": the address keeps the moment shown, so a link reopens it.
  const [search, setSearch] = useSearchParams();
  const asOf = asOfFromQuery(search);
  const setAsOf = useCallback(
    (moment: string | null) => setSearch((current) => queryWithAsOf(current, moment), { replace: true }),
    [setSearch],
  );
  const layers = useMemo(() => map.layers ?? [], [map.layers]);
  // The time slider: the address keeps the range (`time=a/b`), so a link reopens the same moment.
  const time = useTimeRange(layers);
  const datetime = time.datetime;
  const tree = useLayerViewState(layers);
  const { showOnly, isVisible } = tree;
  const [zoom, setZoom] = useState(map.zoom);
  const [viewExtent, setViewExtent] = useState<[number, number, number, number] | null>(null);
  const routeState: unknown = useLocation().state;
  const routeSelection = selectionFromRouteState(routeState);
  // Rows chosen in a table arrive highlighted, the map zoomed to them.
  const [highlighted, setHighlighted] = useState<Record<number, number[]>>(() =>
    routeSelection ? { [routeSelection.layerId]: routeSelection.featureIds } : {},
  );
  const [networkHighlight, setNetworkHighlight] = useState<NetworkHighlight>({});
  const [simulation, setSimulation] = useState<MapLayerModel[]>([]);
  // What changed between two moments, drawn over every layer while the list is shown.
  const [changeModels, setChangeModels] = useState<MapLayerModel[]>([]);
  // Every map of this map id follows one revision per layer, bumped by useFeatureChange (lib/cache-changes.ts).
  const allRevisions = useLayerRevisionsStore((state) => state.revisions);
  const revisions = useMemo(() => revisionsOfMap(allRevisions, map.id), [allRevisions, map.id]);
  const [layerErrors, setLayerErrors] = useState<Record<number, string>>({});
  const onLayerError = useCallback(
    (layerId: number, error: string) =>
      setLayerErrors((current) => (current[layerId] === error ? current : { ...current, [layerId]: error })),
    [],
  );
  const [appliedFilter, setAppliedFilter] = useState<LayerFilter[] | null>(null);
  const focus = focusFromRouteState(routeState);
  const [selected, setSelected] = useState<SelectedFeature | null>(focus);
  const [viewRequest, setViewRequest] = useState<ViewRequest | null>(
    focus?.extent
      ? { nonce: nextViewRequestNonce(), extent: focus.extent, maxZoom: 18 }
      : routeSelection
        ? { nonce: nextViewRequestNonce(), extent: routeSelection.extent, maxZoom: 18 }
        : null,
  );
  const initialView = useInitialView(map);
  const [currentView, setCurrentView] = useState<MapViewModel>(initialView);
  const editing = useGeometryEditing();
  const snapFeatures = useSnapTargets(
    map.id,
    layers,
    isVisible,
    viewExtent,
    currentView.zoom,
    editing.session,
  );
  // A click's tile lacks the files and the whole geometry: the stored feature fills them in.
  // In the past it is read as it was then (the address's as_of).
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
    () => [
      ...describeLayers({
        layers,
        basemap: map.basemap,
        viewState: tree.changes,
        order: tree.drawingOrder,
        highlighted: mergeHighlights(highlighted, networkHighlight),
        revisions,
        selected: selected ? { layerId: selected.layerId, featureId: selected.featureId } : null,
        asOf,
        timeRange: time.range,
      }),
      // A hydraulic simulation's result, drawn over every stored layer while it is shown.
      ...simulation,
      ...changeModels,
    ],
    [
      layers,
      map.basemap,
      tree.changes,
      tree.drawingOrder,
      selected,
      highlighted,
      networkHighlight,
      revisions,
      simulation,
      changeModels,
      asOf,
      time.range,
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
    setHighlighted(idsByLayer(matches));
    setAppliedFilter(layersFilter);
  }, []);
  // A click on a chart's bar, slice or class highlights that group's features, as a filter does.
  const onDashboardSelection = useCallback(
    (matches: Feature[] | null) => setHighlighted(idsByLayer(matches)),
    [],
  );
  // Below lg the feature opens as a bottom sheet: the map keeps the feature in sight above it.
  const wide = useWideScreen();
  const sheetShare = wide ? undefined : FEATURE_SHEET_SHARE;
  const onFeatureClick = useCallback(
    (hit: FeatureHit | null) => {
      setSelected(hit);
      if (hit?.clickExtent && sheetShare !== undefined) {
        const [west, south, east, north] = hit.clickExtent;
        setViewRequest({
          nonce: nextViewRequestNonce(),
          reveal: [(west + east) / 2, (south + north) / 2],
          bottomShare: sheetShare,
        });
      }
    },
    [sheetShare],
  );
  const goToFeature = useCallback(
    (feature: Feature) => {
      setSelected(selectedOf(feature));
      const extent = featureExtent(feature);
      if (extent)
        setViewRequest({ nonce: nextViewRequestNonce(), extent, maxZoom: 18, bottomShare: sheetShare });
    },
    [sheetShare],
  );
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
  // The write itself told every map to redraw (useFeatureChange in lib/cache-changes.ts); this one shows the result.
  const showStored = useCallback((feature: Feature) => setSelected(selectedOf(feature)), []);
  const editedGeometry = shown?.geometry;

  const viewer = useMemo<ViewerValues>(
    () => ({ mapId: map.id, layers, viewExtent, datetime, asOf, appliedFilter, selected, goToFeature }),
    [map.id, layers, viewExtent, datetime, asOf, appliedFilter, selected, goToFeature],
  );

  const panels = {
    layers: (
      <>
        <LayersTimeSlider time={time} />
        <AsOfControl asOf={asOf} onChange={setAsOf} />
        {/* A feature's history is for those signed in. */}
        {!guest && !embedded && (
          <ChangesPanel
            onLayers={setChangeModels}
            onZoom={(extent) => setViewRequest({ nonce: nextViewRequestNonce(), extent, maxZoom: 17 })}
          />
        )}
        <LayerTree layers={layers} categories={map.categories} tree={tree} zoom={zoom} errors={layerErrors} />
        {!embedded && (
          <>
            {/* The past is read only: no drawing of new features. */}
            {!asOf && !guest && <GeometryTools editing={editing} onSaved={showStored} />}
            <LayerTableLinks />
          </>
        )}
      </>
    ),
    search: <ViewerSearch entries={map.main_searches} />,
    filters: <FiltersPanel filters={map.filters} onResults={onFilterResults} />,
    dashboard: <DashboardPanel onSelection={onDashboardSelection} />,
    bookmarks: (
      <BookmarksPanel
        mapId={map.id}
        bookmarks={map.bookmarks ?? []}
        view={currentView}
        visibleLayerIds={visibleLayerIds}
        onGo={goToBookmark}
      />
    ),
    network: (
      <>
        <p className="status status-empty">{t('viewer.shell.network_hint')}</p>
        <NetworkTools onHighlight={setNetworkHighlight} />
        <HydraulicsPanel onLayers={setSimulation} />
      </>
    ),
  };
  // The embed page shows the layer list only; a guest reads, with nothing that needs an account.
  const tabs = viewerTabs(
    t,
    embedded
      ? { layers: panels.layers }
      : guest
        ? { layers: panels.layers, search: panels.search, filters: panels.filters }
        : panels,
  );

  return (
    <ViewerContext.Provider value={viewer}>
      <ViewerShell
        className={['map-viewer', className].filter(Boolean).join(' ')}
        heading={heading}
        breadcrumbs={embedded ? false : breadcrumbs}
        panelOpenOnWide={panelOpenOnWide}
        tools={
          readerOnly ? (
            tools
          ) : (
            <>
              {tools}
              <LinkButton
                variant="secondary"
                className="icon-button-labelled"
                to={printPath({ mapId: map.id, view: currentView, visibleLayerIds })}
              >
                <IconLabel icon="print" label={t('print.open')} />
              </LinkButton>
              <ViewerExport visibleLayerIds={visibleLayerIds} />
            </>
          )
        }
        tabs={tabs}
        canvas={
          <MapCanvas
            className="map-viewer-canvas"
            layers={models}
            initialView={initialView}
            viewRequest={latestViewRequest(viewRequest, syncRequest)}
            label={t('viewer.map_label', { title: map.title })}
            mapId={map.id}
            onViewChange={onViewChange}
            onFeatureClick={onFeatureClick}
            onLayerError={onLayerError}
            geometryEdit={editing.session?.edit ?? null}
            onGeometryChange={editing.setPending}
            snapFeatures={snapFeatures}
          />
        }
        onCloseDrawer={() => setSelected(null)}
        drawer={
          shown && selectedLayer ? (
            <FeaturePanel
              layer={selectedLayer}
              feature={shown}
              identifyOnly={readerOnly}
              onClose={() => setSelected(null)}
              onSaved={showStored}
              readOnly={asOf !== null}
              onEditGeometry={
                !asOf && editedGeometry
                  ? () => editing.startModify(shown.layerId, shown.featureId, editedGeometry)
                  : null
              }
              onDeleted={() => {
                editing.stop();
                setSelected(null);
              }}
            />
          ) : null
        }
      />
    </ViewerContext.Provider>
  );
}
