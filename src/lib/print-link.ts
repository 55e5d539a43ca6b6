import type { MapViewModel } from '../map';
import { paths } from './paths';

/** What the print screen starts from when the viewer sends the user there. */
export type PrintStart = {
  mapId: number | null;
  view: MapViewModel | null;
  /** The layers shown in the viewer; null when not given (the stored visibility applies). */
  visibleLayerIds: number[] | null;
};

function numbers(text: string | null): number[] | null {
  if (text === null) return null;
  if (text === '') return [];
  const values = text.split(',').map(Number);
  return values.every(Number.isFinite) ? values : null;
}

/** `/pdf?map=…&center=lon,lat&zoom=…&rotation=…&layers=…`: readable, and bookmarkable as a print setup. */
export function printPath({ mapId, view, visibleLayerIds }: PrintStart): string {
  const query = new URLSearchParams();
  if (mapId !== null) query.set('map', String(mapId));
  if (view) {
    query.set('center', view.center.join(','));
    query.set('zoom', String(view.zoom));
    query.set('rotation', String(view.rotation));
  }
  if (visibleLayerIds) query.set('layers', visibleLayerIds.join(','));
  const text = query.toString().replaceAll('%2C', ',');
  return text ? `${paths.pdf}?${text}` : paths.pdf;
}

/** The inverse of printPath; anything malformed is ignored rather than trusted. */
export function readPrintStart(query: URLSearchParams): PrintStart {
  const mapId = Number(query.get('map'));
  const center = numbers(query.get('center'));
  const zoom = Number(query.get('zoom'));
  const rotation = Number(query.get('rotation') ?? 0);
  const view =
    center &&
    center.length === 2 &&
    query.get('zoom') !== null &&
    Number.isFinite(zoom) &&
    Number.isFinite(rotation)
      ? { center: [center[0] as number, center[1] as number] as [number, number], zoom, rotation }
      : null;
  return {
    mapId: Number.isInteger(mapId) && mapId > 0 ? mapId : null,
    view,
    visibleLayerIds: numbers(query.get('layers'))?.filter(Number.isInteger) ?? null,
  };
}
