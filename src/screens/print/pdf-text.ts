import type { jsPDF } from 'jspdf';

type TextOptions = { size: number; bold?: boolean; align?: 'left' | 'right' | 'center'; color?: string };

const POINT_MM = 25.4 / 72;
/** The standard PDF fonts cover Latin-1 only; other scripts would come out as mojibake. */
const LATIN1 = /^[\u0020-\u007e\u00a0-\u00ff]*$/;

/**
 * Writes text with its baseline at y. Latin-1 text stays real (searchable) PDF text; other scripts
 * (Bengali, Chinese) are drawn by the browser's fonts into an image so they read right on paper.
 * Returns the width used, in millimetres.
 */
export function writeText(doc: jsPDF, text: string, x: number, y: number, options: TextOptions): number {
  const { size, bold = false, align = 'left', color = '#1d1d1d' } = options;
  if (LATIN1.test(text)) {
    doc.setFont('helvetica', bold ? 'bold' : 'normal');
    doc.setFontSize(size);
    doc.setTextColor(color);
    doc.text(text, x, y, { align });
    return doc.getTextWidth(text);
  }
  const pixelsPerMm = 12;
  const heightMm = size * POINT_MM * 1.4;
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return 0;
  const font = `${bold ? 'bold ' : ''}${size * POINT_MM * pixelsPerMm}px system-ui, sans-serif`;
  context.font = font;
  const widthMm = context.measureText(text).width / pixelsPerMm;
  canvas.width = Math.ceil(widthMm * pixelsPerMm) + 2;
  canvas.height = Math.ceil(heightMm * pixelsPerMm);
  // Resizing the canvas reset its state.
  context.font = font;
  context.fillStyle = color;
  context.textBaseline = 'alphabetic';
  const baseline = size * POINT_MM * 1.05 * pixelsPerMm;
  context.fillText(text, 1, baseline);
  const left = align === 'right' ? x - widthMm : align === 'center' ? x - widthMm / 2 : x;
  doc.addImage(canvas, 'PNG', left, y - baseline / pixelsPerMm, canvas.width / pixelsPerMm, heightMm);
  return widthMm;
}
