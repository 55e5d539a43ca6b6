import type OlMap from 'ol/Map';
import { fromLonLat } from 'ol/proj';

const REVEAL_MARGIN_PX = 32;

/**
 * Pans so that `place` shows in the part of the map a bottom sheet leaves free: to the middle
 * of that part when it is under the sheet or by its edges. Screen pixels, so rotation holds.
 */
export function revealAbove(map: OlMap, place: [number, number], bottomShare: number): void {
  const size = map.getSize();
  const pixel = map.getPixelFromCoordinate(fromLonLat(place));
  if (!size || !pixel) return;
  const [width = 0, height = 0] = size;
  const [, y = 0] = pixel;
  const freeBottom = height * (1 - bottomShare);
  if (y > REVEAL_MARGIN_PX && y < freeBottom - REVEAL_MARGIN_PX) return;
  const centre = map.getCoordinateFromPixel([width / 2, height / 2 + (y - freeBottom / 2)]);
  if (centre) map.getView().animate({ center: centre, duration: 300 });
}
