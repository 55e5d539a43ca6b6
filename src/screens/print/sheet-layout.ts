/** Paper sizes in millimetres, portrait (ISO 216). */
export const PAPER_MM = { a4: [210, 297], a3: [297, 420] } as const;
export type Paper = keyof typeof PAPER_MM;
export type Orientation = 'portrait' | 'landscape';

export type Box = { x: number; y: number; width: number; height: number };
export type SheetLayout = { width: number; height: number; header: Box; map: Box; footer: Box };

const MARGIN = 10;
const HEADER = 12;
const FOOTER = 28;

/** Where title, map and footer (legend, scale, north) sit on the sheet, in millimetres. */
export function sheetLayout(paper: Paper, orientation: Orientation): SheetLayout {
  const [short, long] = PAPER_MM[paper];
  const [width, height] = orientation === 'portrait' ? [short, long] : [long, short];
  const inner = width - 2 * MARGIN;
  return {
    width,
    height,
    header: { x: MARGIN, y: MARGIN, width: inner, height: HEADER },
    map: { x: MARGIN, y: MARGIN + HEADER, width: inner, height: height - 2 * MARGIN - HEADER - FOOTER },
    footer: { x: MARGIN, y: height - MARGIN - FOOTER, width: inner, height: FOOTER },
  };
}

/** CSS pixels are 1/96 inch: OpenLayers styles (line widths, point radii) are sized in them. */
export const CSS_DPI = 96;
const MM_PER_INCH = 25.4;
/** Web Mercator metres per pixel at zoom 0 on the equator (256-pixel tiles). */
const ZOOM0_RESOLUTION = (2 * Math.PI * 6378137) / 256;

export function mmToCssPixels(mm: number): number {
  return (mm / MM_PER_INCH) * CSS_DPI;
}

/** Web Mercator stretches by 1/cos(latitude): the scale holds at the map's centre latitude. */
function stretch(latitude: number): number {
  return Math.cos((latitude * Math.PI) / 180);
}

/** The zoom at which one millimetre of paper shows `scale` millimetres of ground at this latitude. */
export function zoomForScale(scale: number, latitude: number): number {
  const groundMetresPerPixel = (scale * MM_PER_INCH) / 1000 / CSS_DPI;
  return Math.log2((ZOOM0_RESOLUTION * stretch(latitude)) / groundMetresPerPixel);
}

/** The inverse of zoomForScale. */
export function scaleForZoom(zoom: number, latitude: number): number {
  const groundMetresPerPixel = (ZOOM0_RESOLUTION * stretch(latitude)) / 2 ** zoom;
  return (groundMetresPerPixel * CSS_DPI * 1000) / MM_PER_INCH;
}

/**
 * The preview shows exactly the printed extent: it is `previewWidth` CSS pixels wide where the
 * printed map is `printWidth`, so the printed map is drawn log2(printWidth / previewWidth) zooms in.
 */
export function printZoomOfPreview(previewZoom: number, previewWidth: number, printWidth: number): number {
  return previewZoom + Math.log2(printWidth / previewWidth);
}

export function previewZoomOfPrint(printZoom: number, previewWidth: number, printWidth: number): number {
  return printZoom - Math.log2(printWidth / previewWidth);
}

export const STANDARD_SCALES = [500, 1000, 2500, 5000, 10000, 25000, 50000, 100000, 250000, 500000, 1000000];

/** A standard scale within half a percent of this one (the preview's zoom is rounded), if any. */
export function standardScaleNear(scale: number): number | null {
  return STANDARD_SCALES.find((standard) => Math.abs(standard - scale) / standard < 0.005) ?? null;
}

/** The longest round ground distance (1, 2 or 5 × 10ⁿ metres) that fits in `maxMm` of paper. */
export function scaleBarLength(scale: number, maxMm: number): { metres: number; mm: number } {
  const maxMetres = (maxMm * scale) / 1000;
  const power = 10 ** Math.floor(Math.log10(maxMetres));
  const step = [5, 2, 1].find((factor) => factor * power <= maxMetres) ?? 1;
  const metres = step * power;
  return { metres, mm: (metres * 1000) / scale };
}

/** `title-2026-11-22.pdf`, keeping letters of any script and dropping what file systems dislike. */
export function printFileName(title: string, date: Date): string {
  const slug =
    title
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'map';
  const day = [date.getFullYear(), date.getMonth() + 1, date.getDate()]
    .map((part) => String(part).padStart(2, '0'))
    .join('-');
  return `${slug}-${day}.pdf`;
}
