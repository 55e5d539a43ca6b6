import 'cesium/Build/Cesium/Widgets/widgets.css';
import {
  CesiumWidget,
  EllipsoidTerrainProvider,
  Rectangle,
  ScreenSpaceEventHandler,
  ScreenSpaceEventType,
  type Cartesian2,
} from 'cesium';
import { useEffect, useRef } from 'react';
import type { MapCanvasProps } from '../map-canvas-types';
import { cameraFor, extentOf, viewOf } from './camera';
import { pickedFeature } from './feature-entities';
import { webglDrawnInSoftware } from './software-gl';
import { createCesiumLayerSync } from './layer-sync';
import { createCesiumLayerRegistry } from './layer-types';
import { MapCanvasTarget } from '../map-canvas-target';

/** Pixels around a click that still pick a thin pipe or a small valve. */
const PICK_WINDOW_PX = 9;

/** The Cesium engine: an offline globe on an ellipsoid, the layer models kept in sync. */
export function CesiumMapCanvas({
  layers,
  initialView,
  viewRequest,
  label,
  onViewChange,
  onFeatureClick,
  className,
}: MapCanvasProps) {
  const targetRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<CesiumWidget | null>(null);
  const syncRef = useRef<ReturnType<typeof createCesiumLayerSync> | null>(null);
  const callbacks = useRef({ onViewChange, onFeatureClick });
  const initialViewRef = useRef(initialView);

  useEffect(() => {
    callbacks.current = { onViewChange, onFeatureClick };
  }, [onViewChange, onFeatureClick]);

  useEffect(() => {
    const target = targetRef.current;
    if (!target) return;
    // The engine's widget, not the Viewer: the Viewer's toolbar needs knockout, which evaluates
    // strings and so breaks the app's CSP. No Ion, no geocoder, no remote terrain either.
    const software = webglDrawnInSoftware();
    const viewer = new CesiumWidget(target, {
      baseLayer: false,
      terrainProvider: new EllipsoidTerrainProvider(),
      // Draw only when something changed: the machine's cores are shared.
      requestRenderMode: true,
      maximumRenderTimeChange: Number.POSITIVE_INFINITY,
      // Keeps the last frame readable, for pixel checks and for printing what is shown.
      contextOptions: { webgl: { preserveDrawingBuffer: true } },
      // Drawn by the CPU, a frame without 4× multisampling and without the extra passes of
      // order-independent translucency costs about a quarter less (the same 3D load: 22 s of
      // browser CPU before, 16 s after) and looks the same at map scales.
      ...(software ? { msaaSamples: 1, orderIndependentTranslucency: false } : {}),
    });
    // No atmosphere and no fog: the layers are seen in their legend's colours, as on the 2D map
    // (the ground atmosphere tints them, fog fades them), and a frame costs a third less where the
    // GPU is weak or absent (software GL).
    viewer.scene.globe.showGroundAtmosphere = false;
    if (viewer.scene.skyAtmosphere) viewer.scene.skyAtmosphere.show = false;
    viewer.scene.fog.enabled = false;
    // A double click would otherwise make the camera follow the entity.
    viewer.screenSpaceEventHandler.removeInputAction(ScreenSpaceEventType.LEFT_DOUBLE_CLICK);
    const sync = createCesiumLayerSync(viewer, createCesiumLayerRegistry());
    viewerRef.current = viewer;
    syncRef.current = sync;
    viewer.camera.setView(cameraFor(initialViewRef.current, viewer.scene));

    viewer.camera.moveEnd.addEventListener(() => {
      callbacks.current.onViewChange?.(viewOf(viewer.scene), extentOf(viewer.scene));
    });
    const clicks = new ScreenSpaceEventHandler(viewer.scene.canvas);
    clicks.setInputAction((event: { position: Cartesian2 }) => {
      const picked: unknown = viewer.scene.pick(event.position, PICK_WINDOW_PX, PICK_WINDOW_PX);
      const id = typeof picked === 'object' && picked !== null && 'id' in picked ? picked.id : null;
      callbacks.current.onFeatureClick?.(pickedFeature(id));
    }, ScreenSpaceEventType.LEFT_CLICK);
    // End-to-end tests wait for a frame with every tile and feature drawn before sampling pixels.
    const afterRender = viewer.scene.postRender.addEventListener(() => {
      target.dataset.renderCount = String(Number(target.dataset.renderCount ?? 0) + 1);
      const ready = viewer.scene.globe.tilesLoaded && sync.ready();
      target.dataset.ready = String(ready);
      // In request-render mode a frame can end with tiles still queued: draw again until they are in.
      if (!ready) viewer.scene.requestRender();
    });
    return () => {
      afterRender();
      clicks.destroy();
      sync.dispose();
      viewer.destroy();
      viewerRef.current = null;
      syncRef.current = null;
    };
  }, []);

  useEffect(() => {
    syncRef.current?.sync(layers);
  }, [layers]);

  useEffect(() => {
    const viewer = viewerRef.current;
    if (!viewer || !viewRequest) return;
    if ('view' in viewRequest) {
      viewer.camera.flyTo({ ...cameraFor(viewRequest.view, viewer.scene), duration: 0.3 });
    } else if ('extent' in viewRequest) {
      const [west, south, east, north] = viewRequest.extent;
      // A point's extent has no size: give it some ground around it, as the 2D fit's max zoom does.
      const pad = Math.max((east - west) * 0.2, (north - south) * 0.2, 0.002);
      viewer.camera.flyTo({
        destination: Rectangle.fromDegrees(west - pad, south - pad, east + pad, north + pad),
        duration: 0.3,
      });
    }
  }, [viewRequest]);

  return (
    <div className={['map-canvas', className].filter(Boolean).join(' ')}>
      <MapCanvasTarget ref={targetRef} label={label} testId="globe-canvas" />
    </div>
  );
}
