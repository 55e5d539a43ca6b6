import { nextViewRequestNonce, type MapViewModel, type ViewRequest } from '../../map';
import {
  mmToCssPixels,
  previewZoomOfPrint,
  printZoomOfPreview,
  scaleForZoom,
  sheetLayout,
  standardScaleNear,
  zoomForScale,
  type Orientation,
  type Paper,
} from './sheet-layout';

/**
 * What the sheet will show. The preview is the source of the extent: the printed map shows
 * exactly what the preview shows, so the scale follows the preview's zoom unless the user
 * picked one, which then holds while paper, orientation or window size change.
 */
export type PrintSetup = {
  paper: Paper;
  orientation: Orientation;
  /** A scale the user picked; null when the preview's zoom decides. */
  pickedScale: number | null;
  view: MapViewModel;
  /** The preview's width in CSS pixels; 0 until it is laid out. */
  previewWidth: number;
  /** The last move asked of the preview. */
  request: ViewRequest | null;
  /** The dashboard widgets printed beside the map, in the dashboard's order; none at first. */
  widgetIds: readonly number[];
};

export function initialSetup(view: MapViewModel): PrintSetup {
  return {
    paper: 'a4',
    orientation: 'landscape',
    pickedScale: null,
    view,
    previewWidth: 0,
    request: null,
    widgetIds: [],
  };
}

function printWidth(setup: Pick<PrintSetup, 'paper' | 'orientation' | 'widgetIds'>): number {
  return mmToCssPixels(sheetLayout(setup.paper, setup.orientation, setup.widgetIds.length).map.width);
}

/** The scale the sheet is printed at (rounded to whole units when it follows the preview). */
export function printScale(setup: PrintSetup): number | null {
  if (setup.pickedScale !== null) return setup.pickedScale;
  if (setup.previewWidth <= 0) return null;
  const zoom = printZoomOfPreview(setup.view.zoom, setup.previewWidth, printWidth(setup));
  const scale = scaleForZoom(zoom, setup.view.center[1]);
  return standardScaleNear(scale) ?? Math.max(1, Math.round(scale));
}

/** Zooms the preview so that it shows what the picked scale prints. */
function holdScale(setup: PrintSetup): PrintSetup {
  if (setup.pickedScale === null || setup.previewWidth <= 0) return setup;
  const zoom = previewZoomOfPrint(
    zoomForScale(setup.pickedScale, setup.view.center[1]),
    setup.previewWidth,
    printWidth(setup),
  );
  return { ...setup, request: { nonce: nextViewRequestNonce(), view: { ...setup.view, zoom } } };
}

export function withScale(setup: PrintSetup, scale: number | null): PrintSetup {
  return holdScale({ ...setup, pickedScale: scale });
}

export function withPaper(setup: PrintSetup, paper: Paper, orientation: Orientation): PrintSetup {
  return holdScale({ ...setup, paper, orientation });
}

/** Widgets beside the map narrow it: a picked scale holds, so the preview zooms instead. */
export function withWidgets(setup: PrintSetup, widgetIds: readonly number[]): PrintSetup {
  return holdScale({ ...setup, widgetIds });
}

export function withPreviewWidth(setup: PrintSetup, previewWidth: number): PrintSetup {
  if (Math.abs(previewWidth - setup.previewWidth) < 0.5) return setup;
  return holdScale({ ...setup, previewWidth });
}

/** The preview moved: a zoom the user made (not one this setup asked for) lets go of the picked scale. */
export function withView(setup: PrintSetup, view: MapViewModel): PrintSetup {
  const asked = setup.request && 'view' in setup.request ? setup.request.view.zoom : null;
  const ours = asked !== null && Math.abs(asked - view.zoom) < 0.02;
  const zoomed = Math.abs(setup.view.zoom - view.zoom) >= 0.02;
  return { ...setup, view, pickedScale: zoomed && !ours ? null : setup.pickedScale };
}

/** The zoom of the printed map (in CSS pixels, as OpenLayers counts it) at this scale. */
export function printZoom(setup: PrintSetup, scale: number): number {
  return zoomForScale(scale, setup.view.center[1]);
}
