import type { jsPDF } from 'jspdf';
import { writeText } from './pdf-text';
import { widgetPictureBox, type PrintedWidget } from './print-widgets';
import type { Box } from './sheet-layout';

function shortened(text: string, room: number): string {
  return text.length > room ? `${text.slice(0, room - 1)}…` : text;
}

/** The groups as lines of text, name left and value right; what does not fit ends with an ellipsis. */
function drawRows(doc: jsPDF, rows: PrintedWidget['rows'], box: Box): void {
  const rowHeight = 3.8;
  const capacity = Math.max(1, Math.floor(box.height / rowHeight));
  const shown = rows.length > capacity ? rows.slice(0, capacity - 1) : rows;
  // Helvetica at 7.5 pt is about 1.4 mm a character.
  const room = Math.max(4, Math.floor((box.width - 16) / 1.45));
  shown.forEach((row, index) => {
    const y = box.y + 3 + index * rowHeight;
    writeText(doc, shortened(row.label, room), box.x, y, { size: 7.5 });
    writeText(doc, row.value, box.x + box.width, y, { size: 7.5, align: 'right' });
  });
  if (shown.length < rows.length)
    writeText(doc, '…', box.x, box.y + 3 + shown.length * rowHeight, { size: 7.5 });
}

/** Each widget in its framed box: its title, then its value, its chart or its rows. */
export function drawWidgets(doc: jsPDF, widgets: readonly PrintedWidget[], boxes: readonly Box[]): void {
  widgets.forEach((widget, index) => {
    const box = boxes[index];
    if (!box) return;
    doc.setDrawColor('#9e9e9e');
    doc.setLineWidth(0.2);
    doc.rect(box.x, box.y, box.width, box.height, 'S');
    writeText(doc, shortened(widget.title, Math.floor((box.width - 3) / 1.7)), box.x + 1.5, box.y + 4.5, {
      size: 8.5,
      bold: true,
    });
    const inner = widgetPictureBox(box);
    if (widget.kind === 'counter') {
      writeText(doc, widget.value, box.x + 1.5, inner.y + Math.min(inner.height, 12) - 2, {
        size: 16,
        bold: true,
      });
    } else if (widget.image) {
      doc.addImage(widget.image, 'PNG', inner.x, inner.y, inner.width, inner.height, undefined, 'FAST');
    } else {
      drawRows(doc, widget.rows, inner);
    }
  });
}
