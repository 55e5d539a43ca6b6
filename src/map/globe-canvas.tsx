import { createContext, createElement, lazy, Suspense, useContext, type ComponentType } from 'react';
import { Loading } from '../components/ui/status';
import type { MapCanvasProps } from './map-canvas-types';

declare global {
  interface Window {
    /** Where Cesium loads its workers and assets from (copied there by the build). */
    CESIUM_BASE_URL?: string;
  }
}

/** Cesium is large: it loads only when a 3D screen first shows a globe, never in the first bundle. */
const CesiumCanvas = lazy(() => {
  window.CESIUM_BASE_URL = '/cesium/';
  return import('./cesium/cesium-map-canvas').then((module) => ({ default: module.CesiumMapCanvas }));
});

/** Which engine draws 3D maps; jsdom tests provide a recording engine (no WebGL there). */
export const GlobeEngineContext = createContext<ComponentType<MapCanvasProps>>(CesiumCanvas);

/** The 3D engine behind the same props as MapCanvas. */
export function GlobeCanvas(props: MapCanvasProps) {
  const engine = useContext(GlobeEngineContext);
  return <Suspense fallback={<Loading />}>{createElement(engine, props)}</Suspense>;
}
