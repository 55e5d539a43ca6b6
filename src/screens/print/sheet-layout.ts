/** Paper sizes in millimetres, portrait (ISO 216). */
export const PAPER_MM = { a4: [210, 297], a3: [297, 420] } as const;
export type Paper = keyof typeof PAPER_MM;
export type Orientation = 'portrait' | 'landscape';

export type Box = { x: number; y: number; width: number; height: number };
export type SheetLayout = {
  width: number;
  height: number;
  header: Box;
  map: Box;
  footer: Box;
  /** One box per chosen dashboard widget, beside the map (landscape) or below it (portrait). */
  widgets: Box[];
};

const MARGIN = 10;
const HEADER = 12;
const FOOTER = 28;
/** The gap between the map and the widgets, and between two widgets. */
const GAP = 4;
/** A landscape sheet gives the widgets a column this share of the sheet's inner width. */
const COLUMN_SHARE = 0.3;
/** A portrait sheet gives them a row this share of the height between header and footer. */
const ROW_SHARE = 0.3;
/** Past this many widgets a portrait row wraps onto a second row. */
const PER_ROW = 3;

/** Splits `box` into `count` boxes along one direction, `GAP` apart. */
function split(box: Box, count: number, direction: 'across' | 'down'): Box[] {
  if (count <= 0) return [];
  if (direction === 'down') {
    const height = (box.height - GAP * (count - 1)) / count;
    return Array.from({ length: count }, (_, index) => ({
      ...box,
      y: box.y + index * (height + GAP),
      height,
    }));
  }
  const width = (box.width - GAP * (count - 1)) / count;
  return Array.from({ length: count }, (_, index) => ({ ...box, x: box.x + index * (width + GAP), width }));
}

/**
 * Where title, map, widgets and footer (legend, scale, north) sit on the sheet, in millimetres.
 * Chosen widgets take a column right of the map on a landscape sheet and a row (two past three
 * widgets) below it on a portrait one; the map keeps the rest, so nothing overlaps.
 */
export function sheetLayout(paper: Paper, orientation: Orientation, widgetCount = 0): SheetLayout {
  const [short, long] = PAPER_MM[paper];
  const [width, height] = orientation === 'portrait' ? [short, long] : [long, short];
  const inner = width - 2 * MARGIN;
  const body: Box = {
    x: MARGIN,
    y: MARGIN + HEADER,
    width: inner,
    height: height - 2 * MARGIN - HEADER - FOOTER,
  };
  const header = { x: MARGIN, y: MARGIN, width: inner, height: HEADER };
  const footer = { x: MARGIN, y: height - MARGIN - FOOTER, width: inner, height: FOOTER };
  if (widgetCount <= 0) return { width, height, header, map: body, footer, widgets: [] };
  if (orientation === 'landscape') {
    const column = Math.round(body.width * COLUMN_SHARE);
    const map = { ...body, width: body.width - column - GAP };
    const widgets = split({ ...body, x: map.x + map.width + GAP, width: column }, widgetCount, 'down');
    return { width, height, header, map, footer, widgets };
  }
  const rowCount = widgetCount > PER_ROW ? 2 : 1;
  const rows = Math.round(body.height * ROW_SHARE * (rowCount === 2 ? 1.5 : 1));
  const map = { ...body, height: body.height - rows - GAP };
  const band: Box = { ...body, y: map.y + map.height + GAP, height: rows };
  const widgets = split(band, rowCount, 'down').flatMap((row, index) => {
    const inRow = index === 0 ? Math.ceil(widgetCount / rowCount) : Math.floor(widgetCount / rowCount);
    return split(row, inRow, 'across');
  });
  return { width, height, header, map, footer, widgets };
}

/** CSS pixels are 1/96 inch: OpenLayers styles (line widths, point radii) are sized in them. */
export const CSS_DPI = 96;
const MM_PER_INCH = 25.4;
/** Web Mercator metres per pixel at zoom 0 on the equator (256-pixel tiles). */
const ZOOM0_RESOLUTION = (2 * Math.PI * 6378137) / 256;

export function mmToCssPixels(mm: number): number {
  return (mm / MM_PER_INCH) * CSS_DPI;
}

const EARTH_RADIUS = 6378137;

/**
 * The ground a map of `size` CSS pixels shows at this centre (degrees), zoom and rotation
 * (degrees): west, south, east, north in degrees, around the whole turned rectangle.
 */
export function printedExtent(
  center: readonly [number, number],
  zoom: number,
  rotation: number,
  size: readonly [number, number],
): [number, number, number, number] {
  const resolution = ZOOM0_RESOLUTION / 2 ** zoom;
  const x = (EARTH_RADIUS * center[0] * Math.PI) / 180;
  const y = EARTH_RADIUS * Math.log(Math.tan(Math.PI / 4 + (center[1] * Math.PI) / 360));
  const angle = (rotation * Math.PI) / 180;
  const halfWidth = (size[0] * resolution) / 2;
  const halfHeight = (size[1] * resolution) / 2;
  const dx = Math.abs(halfWidth * Math.cos(angle)) + Math.abs(halfHeight * Math.sin(angle));
  const dy = Math.abs(halfWidth * Math.sin(angle)) + Math.abs(halfHeight * Math.cos(angle));
  const lon = (metres: number) => (metres / EARTH_RADIUS) * (180 / Math.PI);
  const lat = (metres: number) =>
    (2 * Math.atan(Math.exp(metres / EARTH_RADIUS)) - Math.PI / 2) * (180 / Math.PI);
  return [lon(x - dx), lat(y - dy), lon(x + dx), lat(y + dy)];
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
