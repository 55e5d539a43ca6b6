/**
 * Zoom levels and camera heights: a 2D view at zoom z shows the same ground as a camera
 * looking straight down from the height these give, so switching engines keeps the view.
 */
const EARTH_CIRCUMFERENCE_M = 40_075_016.686;
const TILE_PX = 256;

function metresPerPixel(zoom: number, latitude: number): number {
  return (EARTH_CIRCUMFERENCE_M * Math.cos((latitude * Math.PI) / 180)) / (TILE_PX * 2 ** zoom);
}

/** The camera height (m) that shows `viewportHeightPx` pixels of zoom `zoom` in a vertical field of view `fovy`. */
export function heightForZoom(
  zoom: number,
  latitude: number,
  viewportHeightPx: number,
  fovy: number,
): number {
  const groundHeight = metresPerPixel(zoom, latitude) * viewportHeightPx;
  return groundHeight / (2 * Math.tan(fovy / 2));
}

/** The inverse of heightForZoom, clamped to the zooms the 2D viewer offers. */
export function zoomForHeight(
  height: number,
  latitude: number,
  viewportHeightPx: number,
  fovy: number,
): number {
  const groundHeight = Math.max(height, 1) * 2 * Math.tan(fovy / 2);
  const perPixel = groundHeight / Math.max(viewportHeightPx, 1);
  const cosLat = Math.max(Math.cos((latitude * Math.PI) / 180), 1e-6);
  const zoom = Math.log2((EARTH_CIRCUMFERENCE_M * cosLat) / (TILE_PX * perPixel));
  return Math.min(22, Math.max(0, Math.round(zoom * 100) / 100));
}
