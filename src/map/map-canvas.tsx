import { createContext, createElement, lazy, Suspense, useContext, type ComponentType } from 'react';
import { Loading } from '../components/ui/status';
import type { MapCanvasProps } from './map-canvas-types';

export type MapEngine = ComponentType<MapCanvasProps>;

/** OpenLayers stays out of the first bundle: it loads with the first map shown. */
const OpenLayersCanvas = lazy(() =>
  import('./openlayers/ol-map-canvas').then((module) => ({ default: module.OlMapCanvas })),
);

/**
 * Which engine draws 2D maps. Screens never pick one; tests provide a recording engine
 * (jsdom has no canvas) through this context.
 */
export const MapEngineContext = createContext<MapEngine>(OpenLayersCanvas);

export function MapCanvas(props: MapCanvasProps) {
  // The engine is a stable module-level component picked from context, not made per render.
  const engine = useContext(MapEngineContext);
  return <Suspense fallback={<Loading />}>{createElement(engine, props)}</Suspense>;
}
