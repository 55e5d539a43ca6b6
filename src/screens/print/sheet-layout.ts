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

/** How much room a widget needs: a counter's one number is small beside a chart or a table. */
export type WidgetSize = 'small' | 'large';
const WEIGHT: Record<WidgetSize, number> = { small: 1, large: 3 };

/** Splits `box` along one direction into boxes `GAP` apart, each as long as its share of the weights. */
function split(box: Box, sizes: readonly WidgetSize[], direction: 'across' | 'down'): Box[] {
  if (sizes.length === 0) return [];
  const total = sizes.reduce((sum, size) => sum + WEIGHT[size], 0);
  const length = (direction === 'down' ? box.height : box.width) - GAP * (sizes.length - 1);
  let at = direction === 'down' ? box.y : box.x;
  return sizes.map((size) => {
    const part = (length * WEIGHT[size]) / total;
    const placed = direction === 'down' ? { ...box, y: at, height: part } : { ...box, x: at, width: part };
    at += part + GAP;
    return placed;
  });
}

/**
 * Where title, map, widgets and footer (legend, scale, north) sit on the sheet, in millimetres.
 * Chosen widgets take a column right of the map on a landscape sheet and a row (two past three
 * widgets) below it on a portrait one; the map keeps the rest, so nothing overlaps.
 */
export function sheetLayout(
  paper: Paper,
  orientation: Orientation,
  widgets: number | readonly WidgetSize[] = 0,
): SheetLayout {
  // A bare count is that many large widgets.
  const sizes: readonly WidgetSize[] =
    typeof widgets === 'number' ? Array.from({ length: widgets }, () => 'large' as const) : widgets;
  const widgetCount = sizes.length;
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
    return {
      width,
      height,
      header,
      map,
      footer,
      widgets: split({ ...body, x: map.x + map.width + GAP, width: column }, sizes, 'down'),
    };
  }
  const rowCount = widgetCount > PER_ROW ? 2 : 1;
  const rows = Math.round(body.height * ROW_SHARE * (rowCount === 2 ? 1.5 : 1));
  const map = { ...body, height: body.height - rows - GAP };
  const band: Box = { ...body, y: map.y + map.height + GAP, height: rows };
  const first = Math.ceil(widgetCount / rowCount);
  const rowBoxes = split(band, rowCount === 2 ? ['large', 'large'] : ['large'], 'down');
  const placed = rowBoxes.flatMap((row, index) =>
    split(row, index === 0 ? sizes.slice(0, first) : sizes.slice(first), 'across'),
  );
  return { width, height, header, map, footer, widgets: placed };
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
