import type BaseLayer from 'ol/layer/Base';
import Layer from 'ol/layer/Layer';
import { getRenderPixel } from 'ol/render';
import type RenderEvent from 'ol/render/Event';
import type { SwipeSide } from '../layer-model';

/**
 * Cuts a layer to one side of the swipe divider, as OpenLayers' layer-swipe example does:
 * the layer's canvas is clipped before it draws and restored after. `position` reads the
 * divider's place (share of the map's width) at each frame, so moving it needs only a
 * re-render. Returns what detaches the clip.
 */
export function clipToSwipeSide(layer: BaseLayer, side: SwipeSide, position: () => number): () => void {
  if (!(layer instanceof Layer)) return () => undefined;
  const before = (event: RenderEvent) => {
    const context = event.context;
    const size = event.frameState?.size;
    if (!(context instanceof CanvasRenderingContext2D) || !size) return;
    const [width = 0, height = 0] = size;
    const divider = width * Math.min(1, Math.max(0, position()));
    const [from, to] = side === 'left' ? [0, divider] : [divider, width];
    // Render pixels, not CSS pixels: these follow the device pixel ratio and the map's rotation.
    const corners = [
      [from, 0],
      [from, height],
      [to, height],
      [to, 0],
    ].map((pixel) => getRenderPixel(event, pixel));
    context.save();
    context.beginPath();
    corners.forEach(([x = 0, y = 0], index) => (index === 0 ? context.moveTo(x, y) : context.lineTo(x, y)));
    context.closePath();
    context.clip();
  };
  const after = (event: RenderEvent) => {
    if (event.context instanceof CanvasRenderingContext2D && event.frameState?.size) event.context.restore();
  };
  layer.on('prerender', before);
  layer.on('postrender', after);
  return () => {
    layer.un('prerender', before);
    layer.un('postrender', after);
  };
}
