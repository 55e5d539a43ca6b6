import { drawLegend, drawNorthArrow, drawScaleBar, type LegendEntry } from './pdf-decorations';
import { writeText } from './pdf-text';
import { drawWidgets } from './pdf-widgets';
import { widgetSize, type PrintedWidget } from './print-widgets';
import { sheetLayout, type Orientation, type Paper } from './sheet-layout';

export type SheetContent = {
  title: string;
  paper: Paper;
  orientation: Orientation;
  /** The map drawn at print resolution, exactly the size of the layout's map box. */
  mapImage: HTMLCanvasElement;
  scale: number;
  /** Map rotation in degrees clockwise. */
  rotation: number;
  legend: readonly LegendEntry[];
  /** The chosen dashboard widgets, printed beside (landscape) or below (portrait) the map. */
  widgets?: readonly PrintedWidget[];
  /** Already localised by the screen. */
  texts: { date: string; scale: string; legend: string; north: string; attribution: string | null };
};

/**
 * Lays out one map sheet: title and date, the framed map and its chosen widgets, then legend,
 * scale bar and north arrow.
 */
export async function makeSheetPdf(content: SheetContent): Promise<Blob> {
  // jsPDF is large and only /pdf needs it.
  const { jsPDF } = await import('jspdf');
  const widgets = content.widgets ?? [];
  const layout = sheetLayout(content.paper, content.orientation, widgets.map(widgetSize));
  const doc = new jsPDF({
    unit: 'mm',
    format: content.paper,
    orientation: content.orientation,
    compress: true,
  });
  doc.setProperties({ title: content.title, creator: 'Atlasboard' });

  const { header, map, footer } = layout;
  writeText(doc, content.title, header.x, header.y + 7, { size: 18, bold: true });
  writeText(doc, content.texts.date, header.x + header.width, header.y + 7, { size: 10, align: 'right' });

  // JPEG keeps an A3 sheet at print resolution to a few megabytes.
  doc.addImage(content.mapImage, 'JPEG', map.x, map.y, map.width, map.height, undefined, 'FAST');
  doc.setDrawColor('#1d1d1d');
  doc.setLineWidth(0.4);
  doc.rect(map.x, map.y, map.width, map.height, 'S');
  if (content.texts.attribution) {
    writeText(doc, content.texts.attribution, map.x + map.width - 1, map.y + map.height - 1.2, {
      size: 6,
      align: 'right',
      color: '#444444',
    });
  }

  drawWidgets(doc, widgets, layout.widgets);

  const arrowWidth = 20;
  const scaleWidth = 62;
  drawLegend(doc, content.legend, content.texts.legend, {
    x: footer.x,
    y: footer.y + 3,
    width: footer.width - scaleWidth - arrowWidth - 6,
    height: footer.height - 3,
  });
  drawScaleBar(
    doc,
    content.scale,
    content.texts.scale,
    footer.x + footer.width - scaleWidth - arrowWidth,
    footer.y + 8,
    scaleWidth - 8,
  );
  drawNorthArrow(
    doc,
    footer.x + footer.width - arrowWidth / 2,
    footer.y + footer.height / 2 + 2,
    content.rotation,
    content.texts.north,
  );
  return doc.output('blob');
}
