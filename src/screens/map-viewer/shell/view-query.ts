import type { MapViewModel } from '@/map';

/** The view carried between the 2D and 3D viewers in the address: ?lon=&lat=&zoom=&rotation= */
export function viewToQuery(view: MapViewModel): string {
  return new URLSearchParams({
    lon: String(view.center[0]),
    lat: String(view.center[1]),
    zoom: String(view.zoom),
    rotation: String(view.rotation),
  }).toString();
}

/** The view in the address, or null when it has none or a broken one. */
export function viewFromQuery(search: URLSearchParams): MapViewModel | null {
  const read = (name: string) => (search.has(name) ? Number(search.get(name)) : Number.NaN);
  const [lon, lat, zoom] = [read('lon'), read('lat'), read('zoom')];
  const rotation = search.has('rotation') ? read('rotation') : 0;
  if (![lon, lat, zoom, rotation].every(Number.isFinite)) return null;
  if (Math.abs(lon) > 180 || Math.abs(lat) > 90 || zoom < 0 || zoom > 24) return null;
  return { center: [lon, lat], zoom, rotation };
}

/** The map as stored, looking at the view the address carries when it carries one. */
export function withView<T extends { center: number[]; zoom: number; rotation: number }>(
  map: T,
  view: MapViewModel | null,
): T {
  return view ? { ...map, center: [...view.center], zoom: view.zoom, rotation: view.rotation } : map;
}
