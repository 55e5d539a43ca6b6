import type { Layer, MapDetail } from '../../../generated/model';
import { basemapLayer, describeLayers, inZoomRange, renderMapImage, sortLayers } from '../../map';
import type { LegendEntry } from './pdf-decorations';
import { makeSheetPdf } from './pdf-sheet';
import {
  printFileName,
  sheetLayout,
  mmToCssPixels,
  CSS_DPI,
  type Orientation,
  type Paper,
} from './sheet-layout';

export type SheetTexts = {
  date: string;
  scale: string;
  legend: string;
  north: string;
};

export type PrintRequest = {
  map: MapDetail;
  title: string;
  paper: Paper;
  orientation: Orientation;
  center: [number, number];
  rotation: number;
  scale: number;
  /** OpenLayers zoom (CSS pixels) that shows the scale at the centre. */
  zoom: number;
  dpi: number;
  isVisible: (layer: Layer) => boolean;
  texts: SheetTexts;
  now: Date;
};

/** The legend lists what is drawn on the sheet: visible layers in range, the top one first. */
export function legendEntries(layers: readonly Layer[], isVisible: (layer: Layer) => boolean, zoom: number) {
  return sortLayers(layers)
    .reverse()
    .filter((layer) => layer.type !== '3d_tiles' && isVisible(layer) && inZoomRange(layer, zoom))
    .map<LegendEntry>((layer) => ({
      name: layer.name,
      geometryType: layer.type === 'xyz' || layer.type === 'wms' ? 'raster' : (layer.geometry_type ?? ''),
      strokeColor: layer.style.stroke_color,
      strokeWidth: layer.style.stroke_width,
      fillColor: layer.style.fill_color,
    }));
}

/** Draws the map at print resolution and lays out the sheet around it. */
export async function printSheet(request: PrintRequest): Promise<{ pdf: Blob; fileName: string }> {
  const { map, paper, orientation } = request;
  const layers = map.layers ?? [];
  const box = sheetLayout(paper, orientation).map;
  const viewState = Object.fromEntries(
    layers.map((layer) => [layer.id, { visible: request.isVisible(layer) }]),
  );
  const mapImage = await renderMapImage({
    layers: describeLayers({ layers, basemap: map.basemap, viewState }),
    view: { center: request.center, zoom: request.zoom, rotation: request.rotation },
    size: [Math.round(mmToCssPixels(box.width)), Math.round(mmToCssPixels(box.height))],
    pixelRatio: request.dpi / CSS_DPI,
  });
  const basemap = basemapLayer(map.basemap);
  const pdf = await makeSheetPdf({
    title: request.title,
    paper,
    orientation,
    mapImage,
    scale: request.scale,
    rotation: request.rotation,
    legend: legendEntries(layers, request.isVisible, request.zoom),
    texts: {
      ...request.texts,
      attribution: basemap?.source.kind === 'xyz' ? (basemap.source.attribution ?? null) : null,
    },
  });
  return { pdf, fileName: printFileName(request.title, request.now) };
}

/** Hands the file to the browser as a download. */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked later: the download starts asynchronously from the URL.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
