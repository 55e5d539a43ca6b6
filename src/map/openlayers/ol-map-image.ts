import OlMap from 'ol/Map';
import View from 'ol/View';
import { fromLonLat } from 'ol/proj';
import type { MapImageRequest } from '../map-image';
import { createLayerSync } from './layer-sync';
import { createOlLayerRegistry } from './layer-types';

function cssMatrix(canvas: HTMLCanvasElement): DOMMatrix {
  const match = /^matrix\(([^(]*)\)$/.exec(canvas.style.transform);
  if (match?.[1]) return new DOMMatrix(match[1].split(',').map(Number));
  return new DOMMatrix([
    parseFloat(canvas.style.width) / canvas.width,
    0,
    0,
    parseFloat(canvas.style.height) / canvas.height,
    0,
    0,
  ]);
}

/**
 * Composes the layer canvases into one (OpenLayers' export-pdf example): each canvas carries
 * its CSS transform, opacity and background (the sea behind the offline world) on the page.
 */
function compose(
  container: HTMLElement,
  width: number,
  height: number,
  pixelRatio: number,
): HTMLCanvasElement {
  const output = document.createElement('canvas');
  output.width = Math.round(width * pixelRatio);
  output.height = Math.round(height * pixelRatio);
  const context = output.getContext('2d');
  if (!context) throw new Error('no 2D canvas context');
  // Paper is white where no layer draws (basemap `none`).
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, output.width, output.height);
  const toOutput = new DOMMatrix([pixelRatio, 0, 0, pixelRatio, 0, 0]);
  for (const canvas of container.querySelectorAll<HTMLCanvasElement>('.ol-layer canvas, canvas.ol-layer')) {
    if (canvas.width === 0 || canvas.height === 0) continue;
    const parent = canvas.parentElement;
    const opacity = parent?.style.opacity || canvas.style.opacity;
    context.globalAlpha = opacity === '' || opacity === undefined ? 1 : Number(opacity);
    context.setTransform(toOutput.multiply(cssMatrix(canvas)));
    const background = parent?.style.backgroundColor;
    if (background) {
      context.fillStyle = background;
      context.fillRect(0, 0, canvas.width, canvas.height);
    }
    context.drawImage(canvas, 0, 0);
  }
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.globalAlpha = 1;
  return output;
}

/** One throwaway map, off screen at the requested size and pixel ratio, with no controls. */
export function renderOlMapImage({
  layers,
  view,
  size,
  pixelRatio,
  timeoutMs = 120_000,
}: MapImageRequest): Promise<HTMLCanvasElement> {
  const [width, height] = size;
  const target = document.createElement('div');
  // Laid out (OpenLayers measures its target) but outside the window and hidden from assistive tech.
  Object.assign(target.style, {
    position: 'fixed',
    left: `${-width - 100}px`,
    top: '0',
    width: `${width}px`,
    height: `${height}px`,
  });
  target.setAttribute('aria-hidden', 'true');
  document.body.appendChild(target);
  const map = new OlMap({
    target,
    controls: [],
    interactions: [],
    pixelRatio,
    view: new View({
      center: fromLonLat(view.center),
      zoom: view.zoom,
      rotation: (view.rotation * Math.PI) / 180,
      maxZoom: 24,
    }),
  });
  const sync = createLayerSync(map, createOlLayerRegistry());
  const cleanUp = () => {
    sync.dispose();
    map.setTarget(undefined);
    target.remove();
  };
  return new Promise<HTMLCanvasElement>((resolve, reject) => {
    const timer = window.setTimeout(() => {
      cleanUp();
      reject(new Error('the map was not drawn in time'));
    }, timeoutMs);
    map.once('rendercomplete', () => {
      window.clearTimeout(timer);
      try {
        resolve(compose(target, width, height, pixelRatio));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      } finally {
        cleanUp();
      }
    });
    sync.sync(layers);
  });
}
