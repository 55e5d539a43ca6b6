import type { Layer, MapDetail, Widget } from '@generated/model';
import { basemapLayer, describeLayers, inZoomRange, renderMapImage, sortLayers } from '../../map';
import { legendSections, type LegendItem } from '../../map/legend';
import type { LegendEntry } from './pdf-decorations';
import { makeSheetPdf } from './pdf-sheet';
import { chosenWidgets, printedWidgets, widgetSize } from './print-widgets';
import {
  printFileName,
  sheetLayout,
  mmToCssPixels,
  printedExtent,
  CSS_DPI,
  type Orientation,
  type Paper,
} from './sheet-layout';

export type SheetTexts = {
  date: string;
  scale: string;
  legend: string;
  north: string;
  /** The "Other" row of a categorized legend, and the locale of class ranges. */
  other?: string;
  locale?: string;
  /** A widget's group without a value. */
  none?: string;
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
  /** The map's dashboard widgets and those chosen to print beside the map. */
  widgets?: readonly Widget[];
  widgetIds?: readonly number[];
  texts: SheetTexts;
  now: Date;
};

/**
 * The legend lists what is drawn on the sheet: visible layers in range, the top one first, each
 * with the swatches of its style as the viewer's legend shows them (the same legend model): a
 * single symbol is one row; a thematic layer is its name, then a row per category or class.
 */
export function legendEntries(
  layers: readonly Layer[],
  isVisible: (layer: Layer) => boolean,
  zoom: number,
  texts: { other?: string; locale?: string } = {},
): LegendEntry[] {
  return sortLayers(layers)
    .reverse()
    .filter((layer) => layer.type !== '3d_tiles' && isVisible(layer) && inZoomRange(layer, zoom))
    .flatMap<LegendEntry>((layer) => {
      const sections = legendSections(layer, { other: texts.other ?? 'Other', locale: texts.locale });
      const entry = (item: LegendItem, name: string, indent: boolean): LegendEntry => ({
        name,
        geometryType: GEOMETRY_NAMES[item.geometry],
        strokeColor: item.symbol.strokeColor,
        strokeWidth: item.symbol.strokeWidth,
        fillColor: item.symbol.fillColor,
        pointRadius: item.symbol.pointRadius,
        indent,
      });
      const only = sections.length === 1 && sections[0]?.title === null ? sections[0].items[0] : undefined;
      if (only) return [entry(only, layer.name, false)];
      return [
        { name: layer.name, geometryType: 'heading', strokeColor: '', strokeWidth: 0, fillColor: '' },
        ...sections.flatMap((section) => section.items.map((item) => entry(item, item.label, true))),
      ];
    });
}

const GEOMETRY_NAMES: Record<LegendItem['geometry'], string> = {
  point: 'Point',
  line: 'LineString',
  polygon: 'Polygon',
  raster: 'raster',
};

/** Draws the map at print resolution and lays out the sheet around it. */
export async function printSheet(request: PrintRequest): Promise<{ pdf: Blob; fileName: string }> {
  const { map, paper, orientation } = request;
  const layers = map.layers ?? [];
  const chosen = chosenWidgets(request.widgets ?? [], request.widgetIds ?? []);
  const layout = sheetLayout(paper, orientation, chosen.map(widgetSize));
  const box = layout.map;
  const size: [number, number] = [
    Math.round(mmToCssPixels(box.width)),
    Math.round(mmToCssPixels(box.height)),
  ];
  const viewState = Object.fromEntries(
    layers.map((layer) => [layer.id, { visible: request.isVisible(layer) }]),
  );
  const mapImage = await renderMapImage({
    layers: describeLayers({ layers, basemap: map.basemap, viewState }),
    view: { center: request.center, zoom: request.zoom, rotation: request.rotation },
    size,
    pixelRatio: request.dpi / CSS_DPI,
  });
  const widgets = await printedWidgets({
    mapId: map.id,
    widgets: chosen,
    chosen: chosen.map((widget) => widget.id),
    layers,
    bbox: printedExtent(request.center, request.zoom, request.rotation, size),
    boxes: layout.widgets,
    dpi: request.dpi,
    words: {
      none: request.texts.none ?? '–',
      other: request.texts.other ?? 'Other',
      locale: request.texts.locale,
    },
  });
  const basemap = basemapLayer(map.basemap);
  const pdf = await makeSheetPdf({
    title: request.title,
    paper,
    orientation,
    mapImage,
    scale: request.scale,
    rotation: request.rotation,
    legend: legendEntries(layers, request.isVisible, request.zoom, request.texts),
    widgets,
    texts: {
      ...request.texts,
      attribution: basemap?.source.kind === 'xyz' ? (basemap.source.attribution ?? null) : null,
    },
  });
  return { pdf, fileName: printFileName(request.title, request.now) };
}
