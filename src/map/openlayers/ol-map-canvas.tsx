import 'ol/ol.css';
import './map-tools.css';
import OlMap from 'ol/Map';
import View from 'ol/View';
import { MousePosition, ScaleLine, defaults as defaultControls } from 'ol/control';
import { fromLonLat, toLonLat, transformExtent } from 'ol/proj';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_MAP_TOOLS, type MapCanvasProps, type MapViewModel } from '../map-canvas-types';
import { withBasemap } from '../tools/basemap-choice';
import { EditToolbar } from './edit-toolbar';
import {
  featureAtPixel,
  identifyAt,
  toFeatureHit,
  MOUSE_TOLERANCE_PX,
  TOUCH_TOLERANCE_PX,
  type IdentifiedHit,
} from './identify';
import { IdentifyList } from './identify-list';
import { createLayerSync, SWIPE_POSITION } from './layer-sync';
import { revealAbove } from './reveal-above';
import { createOlLayerRegistry } from './layer-types';
import { MapToolbar } from './map-toolbar';
import { MeasurePanel } from './measure-panel';
import { useBasemapChoice } from './use-basemap-choice';
import { useGeometryEdit } from './use-geometry-edit';
import { useMeasure } from './use-measure';
import { MapCanvasTarget } from '../map-canvas-target';

const DEGREES = 180 / Math.PI;

function readView(view: View): MapViewModel {
  const [lon = 0, lat = 0] = toLonLat(view.getCenter() ?? [0, 0]);
  const degrees = (((view.getRotation() * DEGREES) % 360) + 360) % 360;
  return {
    center: [Math.round(lon * 1e6) / 1e6, Math.round(lat * 1e6) / 1e6],
    zoom: Math.round((view.getZoom() ?? 0) * 100) / 100,
    rotation: Math.round(degrees * 100) / 100,
  };
}

/** "12.34567°, 45.12345°" (lon, lat): the pointer's place, in the readout's own label's order. */
const lonLatText = (coordinate: number[] | undefined) =>
  coordinate ? coordinate.map((value) => `${value.toFixed(5)}°`).join(', ') : '\u00a0';

/** The OpenLayers engine: one map, its tools, and the layer models kept in sync. */
export function OlMapCanvas({
  layers,
  initialView,
  viewRequest,
  label,
  onViewChange,
  onFeatureClick,
  onLayerError,
  geometryEdit,
  onGeometryChange,
  snapFeatures,
  className,
  tools: toolList = ALL_MAP_TOOLS,
  mapId,
  swipePosition,
}: MapCanvasProps) {
  const { t } = useTranslation();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const targetRef = useRef<HTMLDivElement>(null);
  const scaleRef = useRef<HTMLDivElement>(null);
  const pointerRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<OlMap | null>(null);
  const syncRef = useRef<ReturnType<typeof createLayerSync> | null>(null);
  const callbacks = useRef({ onViewChange, onFeatureClick, onGeometryChange, onLayerError });
  const initialViewRef = useRef(initialView);
  const tools = useMemo(() => new Set(toolList), [toolList]);
  const [identified, setIdentified] = useState<{ hits: IdentifiedHit[]; pixel: number[] } | null>(null);
  const measure = useMeasure(map);
  const basemap = useBasemapChoice(layers, mapId);
  // While a geometry is drawn or reshaped, or a distance measured, a click belongs to that.
  const busyRef = useRef(false);
  const busy = Boolean(geometryEdit) || measure.kind !== null;

  useEffect(() => {
    callbacks.current = { onViewChange, onFeatureClick, onGeometryChange, onLayerError };
  }, [onViewChange, onFeatureClick, onGeometryChange, onLayerError]);
  useEffect(() => {
    busyRef.current = busy;
  }, [busy]);

  useEffect(() => {
    const target = targetRef.current;
    if (!target) return;
    const start = initialViewRef.current;
    const controls = defaultControls({
      zoom: false,
      rotate: false,
      attributionOptions: { collapsible: true },
    });
    if (scaleRef.current) controls.push(new ScaleLine({ target: scaleRef.current }));
    if (pointerRef.current)
      controls.push(
        new MousePosition({
          coordinateFormat: lonLatText,
          projection: 'EPSG:4326',
          target: pointerRef.current,
          placeholder: '\u00a0',
        }),
      );
    const olMap = new OlMap({
      target,
      controls,
      view: new View({
        center: fromLonLat(start.center),
        zoom: start.zoom,
        rotation: start.rotation / DEGREES,
        maxZoom: 22,
      }),
    });
    const sync = createLayerSync(olMap, createOlLayerRegistry(), (layerId, error) =>
      callbacks.current.onLayerError?.(layerId, error),
    );
    syncRef.current = sync;
    setMap(olMap);

    olMap.on('moveend', () => {
      const view = olMap.getView();
      const extent = transformExtent(view.calculateExtent(olMap.getSize()), 'EPSG:3857', 'EPSG:4326');
      callbacks.current.onViewChange?.(readView(view), extent as [number, number, number, number]);
    });
    // The list of features under a click belongs to that place: moving the map closes it.
    olMap.on('movestart', () => setIdentified(null));
    olMap.on('singleclick', (event) => {
      if (busyRef.current || !callbacks.current.onFeatureClick) return;
      const touch = (event.originalEvent as PointerEvent).pointerType === 'touch';
      const hits = identifyAt(olMap, event.pixel, touch ? TOUCH_TOLERANCE_PX : MOUSE_TOLERANCE_PX);
      if (hits.length > 1) {
        setIdentified({ hits, pixel: event.pixel });
        return;
      }
      setIdentified(null);
      const [hit] = hits;
      callbacks.current.onFeatureClick(hit ? toFeatureHit(hit) : null);
    });
    // The cursor says what a click would do: open a feature (pointer), measure (crosshair).
    let pending: number | null = null;
    olMap.on('pointermove', (event) => {
      if (event.dragging || pending !== null) return;
      pending = requestAnimationFrame(() => {
        pending = null;
        if (busyRef.current) target.style.cursor = 'crosshair';
        else if (!callbacks.current.onFeatureClick) target.style.cursor = '';
        else target.style.cursor = featureAtPixel(olMap, event.pixel) ? 'pointer' : '';
      });
    });
    // End-to-end tests wait for this before comparing pixels.
    olMap.on('rendercomplete', () => {
      target.dataset.renderCount = String(Number(target.dataset.renderCount ?? 0) + 1);
    });
    return () => {
      if (pending !== null) cancelAnimationFrame(pending);
      sync.dispose();
      olMap.setTarget(undefined);
      syncRef.current = null;
      setMap(null);
    };
  }, []);

  const drawn = useMemo(() => withBasemap(layers, basemap.choice), [layers, basemap.choice]);
  useEffect(() => {
    syncRef.current?.sync(drawn);
  }, [drawn, map]);

  // The clipped layers read the divider's place at each frame: a move needs only a redraw.
  useEffect(() => {
    if (!map) return;
    map.set(SWIPE_POSITION, swipePosition ?? 0.5);
    map.render();
  }, [map, swipePosition]);

  const geometryEditing = useGeometryEdit(map, geometryEdit, snapFeatures, (geometry) =>
    callbacks.current.onGeometryChange?.(geometry),
  );

  useEffect(() => {
    if (!map || !viewRequest) return;
    const view = map.getView();
    if ('view' in viewRequest) {
      view.animate({
        center: fromLonLat(viewRequest.view.center),
        zoom: viewRequest.view.zoom,
        rotation: viewRequest.view.rotation / DEGREES,
        duration: 300,
      });
    } else if ('reveal' in viewRequest) {
      revealAbove(map, viewRequest.reveal, viewRequest.bottomShare);
    } else {
      const below = (map.getSize()?.[1] ?? 0) * (viewRequest.bottomShare ?? 0);
      view.fit(transformExtent(viewRequest.extent, 'EPSG:4326', 'EPSG:3857'), {
        padding: [40, 40, 40 + below, 40],
        maxZoom: viewRequest.maxZoom ?? 18,
        duration: 300,
      });
    }
  }, [map, viewRequest]);

  const closeIdentify = () => {
    setIdentified(null);
    targetRef.current?.focus();
  };

  return (
    <div ref={wrapperRef} className={['map-canvas', className].filter(Boolean).join(' ')}>
      <MapCanvasTarget ref={targetRef} label={label} testId="map-canvas" />
      {map && (
        <MapToolbar
          map={map}
          tools={tools}
          homeView={initialView}
          fullScreenTarget={wrapperRef}
          measuring={measure.kind}
          onMeasure={measure.start}
          basemap={basemap}
        />
      )}
      {geometryEditing.active && (
        <EditToolbar
          state={geometryEditing.state}
          vertexDelete={geometryEditing.vertexDelete}
          onUndo={geometryEditing.undo}
          onRedo={geometryEditing.redo}
          onVertexDelete={geometryEditing.setVertexDelete}
          onDeleteVertexAtPointer={geometryEditing.deleteVertexAtPointer}
        />
      )}
      {measure.kind && (
        <MeasurePanel
          kind={measure.kind}
          state={measure.state}
          onFinish={measure.finish}
          onClose={measure.stop}
        />
      )}
      {identified && !busy && (
        <IdentifyList
          hits={identified.hits}
          pixel={identified.pixel}
          onPick={(hit) => {
            closeIdentify();
            callbacks.current.onFeatureClick?.(toFeatureHit(hit));
          }}
          onClose={closeIdentify}
        />
      )}
      <div className="map-status-bar">
        <div ref={scaleRef} className="map-scale" hidden={!tools.has('scaleBar')} />
        <div className="map-pointer-coordinates" hidden={!tools.has('coordinates')} aria-hidden="true">
          <span className="map-pointer-label">{t('map_tools.lon_lat')}</span>
          <div ref={pointerRef} className="map-pointer-value" />
        </div>
      </div>
    </div>
  );
}
