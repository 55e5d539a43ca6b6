import type { MapLayerModel } from './layer-model';
import type { MapViewModel } from './map-canvas-types';

export type MapImageRequest = {
  layers: readonly MapLayerModel[];
  /** `zoom` counts in CSS pixels, as on screen; the image has `pixelRatio` pixels for each. */
  view: MapViewModel;
  /** Width and height in CSS pixels. */
  size: [number, number];
  /** Print DPI / 96: styles keep their physical size while the image gains detail. */
  pixelRatio: number;
  /** Gives up (rejects) when the layers are not drawn by then. */
  timeoutMs?: number;
};

/** Draws the layers off screen and resolves with one canvas once every tile has arrived. */
export async function renderMapImage(request: MapImageRequest): Promise<HTMLCanvasElement> {
  // OpenLayers loads only with the screens that draw maps.
  const { renderOlMapImage } = await import('./openlayers/ol-map-image');
  return renderOlMapImage(request);
}
