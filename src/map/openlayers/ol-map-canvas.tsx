import 'ol/ol.css';
import './ol-controls.css';
import OlMap from 'ol/Map';
import View from 'ol/View';
import { FullScreen, MousePosition, ScaleLine, defaults as defaultControls } from 'ol/control';
import { createStringXY } from 'ol/coordinate';
import { fromLonLat, toLonLat, transformExtent } from 'ol/proj';
import { useEffect, useRef } from 'react';
import type { FeatureHit, MapCanvasProps, MapViewModel } from '../map-canvas-types';
import { enterFullScreenIcon, leaveFullScreenIcon } from './full-screen-icons';
import { attachGeometryEditing } from './geometry-editing';
import { createLayerSync } from './layer-sync';
import { createOlLayerRegistry } from './layer-types';

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

/** The OpenLayers engine: one map, its controls, and the layer models kept in sync. */
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
  className,
}: MapCanvasProps) {
  const targetRef = useRef<HTMLDivElement>(null);
  const pointerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<OlMap | null>(null);
  const syncRef = useRef<ReturnType<typeof createLayerSync> | null>(null);
  const callbacks = useRef({ onViewChange, onFeatureClick, onGeometryChange, onLayerError });
  const initialViewRef = useRef(initialView);
  const editingRef = useRef(false);

  useEffect(() => {
    callbacks.current = { onViewChange, onFeatureClick, onGeometryChange, onLayerError };
  }, [onViewChange, onFeatureClick, onGeometryChange, onLayerError]);

  useEffect(() => {
    const target = targetRef.current;
    if (!target) return;
    const start = initialViewRef.current;
    const map = new OlMap({
      target,
      controls: defaultControls({ rotate: true, attributionOptions: { collapsible: true } }).extend([
        new ScaleLine(),
        new FullScreen({ label: enterFullScreenIcon(), labelActive: leaveFullScreenIcon() }),
        new MousePosition({
          coordinateFormat: createStringXY(5),
          projection: 'EPSG:4326',
          target: pointerRef.current ?? undefined,
          placeholder: '\u00a0',
        }),
      ]),
      view: new View({
        center: fromLonLat(start.center),
        zoom: start.zoom,
        rotation: start.rotation / DEGREES,
        maxZoom: 22,
      }),
    });
    const sync = createLayerSync(map, createOlLayerRegistry(), (layerId, error) =>
      callbacks.current.onLayerError?.(layerId, error),
    );
    mapRef.current = map;
    syncRef.current = sync;

    map.on('moveend', () => {
      const view = map.getView();
      const extent = transformExtent(view.calculateExtent(map.getSize()), 'EPSG:3857', 'EPSG:4326');
      callbacks.current.onViewChange?.(readView(view), extent as [number, number, number, number]);
    });
    map.on('singleclick', (event) => {
      // While a geometry is drawn or reshaped, a click belongs to that, not to selecting.
      if (editingRef.current) return;
      let hit: FeatureHit | null = null;
      const [x = 0, y = 0] = event.pixel;
      const corners = [
        map.getCoordinateFromPixel([x - 6, y + 6]),
        map.getCoordinateFromPixel([x + 6, y - 6]),
      ];
      const [west = 0, south = 0] = toLonLat(corners[0] ?? [0, 0]);
      const [east = 0, north = 0] = toLonLat(corners[1] ?? [0, 0]);
      const clickExtent: [number, number, number, number] = [
        Math.min(west, east),
        Math.min(south, north),
        Math.max(west, east),
        Math.max(south, north),
      ];
      map.forEachFeatureAtPixel(
        event.pixel,
        (feature, layer) => {
          const layerId: unknown = layer.get('layerId');
          const featureId = Number(feature.getId());
          if (typeof layerId !== 'number' || !Number.isFinite(featureId)) return undefined;
          const { geometry: _geometry, layer: _tileLayer, ...properties } = feature.getProperties();
          hit = { layerId, featureId, properties, clickExtent };
          return true;
        },
        { hitTolerance: 6, layerFilter: (layer) => typeof layer.get('layerId') === 'number' },
      );
      callbacks.current.onFeatureClick?.(hit);
    });
    // End-to-end tests wait for this before comparing pixels.
    map.on('rendercomplete', () => {
      target.dataset.renderCount = String(Number(target.dataset.renderCount ?? 0) + 1);
    });
    return () => {
      sync.dispose();
      map.setTarget(undefined);
      mapRef.current = null;
      syncRef.current = null;
    };
  }, []);

  useEffect(() => {
    syncRef.current?.sync(layers);
  }, [layers]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !geometryEdit) return;
    editingRef.current = true;
    const detach = attachGeometryEditing(map, geometryEdit, (geometry) =>
      callbacks.current.onGeometryChange?.(geometry),
    );
    return () => {
      editingRef.current = false;
      detach();
    };
  }, [geometryEdit]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !viewRequest) return;
    const view = map.getView();
    if ('view' in viewRequest) {
      view.animate({
        center: fromLonLat(viewRequest.view.center),
        zoom: viewRequest.view.zoom,
        rotation: viewRequest.view.rotation / DEGREES,
        duration: 300,
      });
    } else {
      view.fit(transformExtent(viewRequest.extent, 'EPSG:4326', 'EPSG:3857'), {
        padding: [40, 40, 40, 40],
        maxZoom: viewRequest.maxZoom ?? 18,
        duration: 300,
      });
    }
  }, [viewRequest]);

  return (
    <div className={['map-canvas', className].filter(Boolean).join(' ')}>
      <div
        ref={targetRef}
        className="map-canvas-target"
        role="region"
        aria-label={label}
        // Focusable so the keyboard can pan and zoom (OpenLayers' keyboard interactions).
        tabIndex={0}
        data-testid="map-canvas"
      />
      <div ref={pointerRef} className="map-pointer-coordinates" aria-hidden="true" />
    </div>
  );
}
