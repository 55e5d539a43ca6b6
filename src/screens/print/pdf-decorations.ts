import type { jsPDF } from 'jspdf';
import { writeText } from './pdf-text';
import { scaleBarLength, type Box } from './sheet-layout';

export type LegendEntry = {
  name: string;
  geometryType: string;
  strokeColor: string;
  strokeWidth: number;
  fillColor: string;
  pointRadius?: number;
  /** A category or class row under its layer's name (which has `geometryType: 'heading'`). */
  indent?: boolean;
};

/** A colour mixed with white, as a translucent fill looks on white paper. */
function onPaper(color: string, alpha: number): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(color);
  if (!match) return '#e0e0e0';
  return `#${match
    .slice(1)
    .map((hex) => Math.round(255 - (255 - parseInt(hex, 16)) * alpha))
    .map((value) => value.toString(16).padStart(2, '0'))
    .join('')}`;
}

/** `#rrggbb` of a colour that may carry an alpha (`#rrggbbaa`), which jsPDF does not read. */
function solid(color: string): string {
  return /^#[0-9a-f]{6}/i.exec(color)?.[0] ?? '#808080';
}

function swatch(doc: jsPDF, entry: LegendEntry, x: number, y: number): void {
  doc.setDrawColor(solid(entry.strokeColor));
  if (entry.geometryType.includes('Point')) {
    doc.setFillColor(solid(entry.fillColor));
    doc.setLineWidth(0.3);
    // Radii in CSS pixels on screen: scaled like line widths, so classes of size stay apart.
    doc.circle(x + 3, y, Math.min(Math.max((entry.pointRadius ?? 5) * 0.28, 0.8), 1.8), 'FD');
  } else if (entry.geometryType.includes('Polygon')) {
    doc.setFillColor(onPaper(entry.fillColor, 0.35));
    doc.setLineWidth(0.4);
    doc.rect(x, y - 1.8, 6, 3.6, 'FD');
  } else if (entry.geometryType.includes('LineString')) {
    // Widths in CSS pixels on screen, millimetres here; clamped so thin lines still show.
    doc.setLineWidth(Math.min(Math.max(entry.strokeWidth * 0.26, 0.3), 1.2));
    doc.lines(
      [
        [2, -1.6],
        [2, 2.6],
        [2, -1.6],
      ],
      x,
      y + 0.6,
    );
  } else {
    // Imagery (XYZ, WMS): a neutral tile.
    doc.setFillColor('#cfd8dc');
    doc.setDrawColor('#90a4ae');
    doc.setLineWidth(0.3);
    doc.rect(x, y - 1.8, 6, 3.6, 'FD');
  }
}

/** The visible layers in columns; what does not fit ends with an ellipsis. */
export function drawLegend(doc: jsPDF, entries: readonly LegendEntry[], heading: string, box: Box): void {
  writeText(doc, heading, box.x, box.y + 3.5, { size: 9, bold: true });
  const rowHeight = 4.6;
  const columnWidth = 48;
  const rows = Math.max(1, Math.floor((box.height - 5) / rowHeight));
  const columns = Math.max(1, Math.floor(box.width / columnWidth));
  const capacity = rows * columns;
  const shown = entries.length > capacity ? entries.slice(0, capacity - 1) : entries;
  shown.forEach((entry, index) => {
    const x = box.x + Math.floor(index / rows) * columnWidth;
    const y = box.y + 8 + (index % rows) * rowHeight;
    if (entry.geometryType === 'heading') {
      const name = entry.name.length > 34 ? `${entry.name.slice(0, 33)}…` : entry.name;
      writeText(doc, name, x, y, { size: 8, bold: true });
      return;
    }
    const left = entry.indent ? x + 3 : x;
    swatch(doc, entry, left, y - 1);
    const room = entry.indent ? 27 : 30;
    const name = entry.name.length > room ? `${entry.name.slice(0, room - 1)}…` : entry.name;
    writeText(doc, name, left + 8, y, { size: 8 });
  });
  if (shown.length < entries.length) {
    const index = shown.length;
    writeText(
      doc,
      '…',
      box.x + Math.floor(index / rows) * columnWidth + 8,
      box.y + 8 + (index % rows) * rowHeight,
      {
        size: 8,
      },
    );
  }
}

function distanceLabel(metres: number): string {
  return metres >= 1000 ? `${metres / 1000} km` : `${metres} m`;
}

/** A four-part black and white bar of a round distance, with the scale as a ratio above it. */
export function drawScaleBar(
  doc: jsPDF,
  scale: number,
  scaleText: string,
  x: number,
  y: number,
  maxMm: number,
) {
  const { metres, mm } = scaleBarLength(scale, maxMm);
  writeText(doc, scaleText, x, y, { size: 9, bold: true });
  const barY = y + 3;
  const part = mm / 4;
  doc.setLineWidth(0.2);
  doc.setDrawColor('#1d1d1d');
  for (let index = 0; index < 4; index += 1) {
    doc.setFillColor(index % 2 === 0 ? '#1d1d1d' : '#ffffff');
    doc.rect(x + index * part, barY, part, 1.6, 'FD');
  }
  writeText(doc, '0', x, barY + 5.2, { size: 7, align: 'center' });
  writeText(doc, distanceLabel(metres / 2), x + mm / 2, barY + 5.2, { size: 7, align: 'center' });
  writeText(doc, distanceLabel(metres), x + mm, barY + 5.2, { size: 7, align: 'center' });
}

/** An arrow pointing to grid north, turned as the map is turned (`rotation` clockwise, degrees). */
export function drawNorthArrow(
  doc: jsPDF,
  centreX: number,
  centreY: number,
  rotation: number,
  letter: string,
) {
  const angle = (rotation * Math.PI) / 180;
  const turn = (dx: number, dy: number): [number, number] => [
    centreX + dx * Math.cos(angle) - dy * Math.sin(angle),
    centreY + dx * Math.sin(angle) + dy * Math.cos(angle),
  ];
  doc.setFillColor('#ffffff');
  doc.setDrawColor('#1d1d1d');
  doc.setLineWidth(0.3);
  doc.circle(centreX, centreY, 7, 'FD');
  const tip = turn(0, -5.5);
  const left = turn(-2.4, 3.5);
  const right = turn(2.4, 3.5);
  const notch = turn(0, 1.6);
  doc.setFillColor('#1d1d1d');
  doc.triangle(tip[0], tip[1], left[0], left[1], notch[0], notch[1], 'FD');
  doc.setFillColor('#ffffff');
  doc.triangle(tip[0], tip[1], right[0], right[1], notch[0], notch[1], 'FD');
  const label = turn(0, -8.6);
  writeText(doc, letter, label[0], label[1] + 1.3, { size: 9, bold: true, align: 'center' });
}
