import { aggregateLayer } from '@generated/api/dashboards/dashboards';
import type { Layer, Widget } from '@generated/model';
import { widgetQuestion } from '@/components/dashboard/widget-data';
import { chartKindOf, widgetRows } from '@/components/dashboard/widget-rows';
import { mmToCssPixels, type Box, type WidgetSize } from './sheet-layout';

/** A dashboard widget as the sheet prints it: a counter's value, a chart's picture, a table's rows. */
export type PrintedWidget = {
  title: string;
  kind: 'counter' | 'chart' | 'table';
  /** A counter's value, formatted. */
  value: string;
  /** The groups and their formatted values (a chart prints them where it cannot be drawn). */
  rows: { label: string; value: string }[];
  /** A chart as drawn, a PNG data URL; null for counters, tables and where nothing draws. */
  image: string | null;
};

export type WidgetWords = { none: string; other: string; locale?: string };

/** A counter's one number needs less room on the sheet than a chart or a table. */
export function widgetSize(widget: Pick<Widget, 'kind'> | Pick<PrintedWidget, 'kind'>): WidgetSize {
  return widget.kind === 'counter' ? 'small' : 'large';
}

/** The chosen widgets in the dashboard's order, the order the sheet prints them in. */
export function chosenWidgets(widgets: readonly Widget[], chosen: readonly number[]): Widget[] {
  const picked = new Set(chosen);
  return widgets.filter((widget) => picked.has(widget.id)).sort((a, b) => a.order - b.order);
}

/** The room a widget's picture gets under its title in its box, in millimetres. */
export function widgetPictureBox(box: Box): Box {
  return { x: box.x + 1.5, y: box.y + 6.5, width: box.width - 3, height: box.height - 8 };
}

/**
 * Asks the server the chosen widgets' aggregations, as the dashboard does, in the dashboard's
 * order: a widget following the map counts what the printed extent shows, one on the whole
 * layer its whole layer. Charts are drawn off-screen at the sheet's resolution.
 */
export async function printedWidgets(request: {
  mapId: number;
  widgets: readonly Widget[];
  chosen: readonly number[];
  layers: readonly Layer[];
  /** The printed map's extent, west, south, east, north in degrees. */
  bbox: [number, number, number, number];
  /** The box each chosen widget gets on the sheet, in the chosen order. */
  boxes: readonly Box[];
  dpi: number;
  words: WidgetWords;
}): Promise<PrintedWidget[]> {
  const widgets = chosenWidgets(request.widgets, request.chosen);
  const number = new Intl.NumberFormat(request.words.locale, { maximumFractionDigits: 1 });
  const format = (value: number | null | undefined) =>
    value === null || value === undefined ? '–' : number.format(value);
  return Promise.all(
    widgets.map(async (widget, index) => {
      const question = widgetQuestion(widget, { bbox: request.bbox, appliedFilter: null }, null);
      const answer = (await aggregateLayer(request.mapId, widget.layer_id, question)).data;
      const style = request.layers.find((layer) => layer.id === widget.layer_id)?.style;
      const rows = widgetRows(answer, widget, style, request.words, (n) => number.format(n));
      const kind = widget.kind === 'counter' ? 'counter' : widget.kind === 'table' ? 'table' : 'chart';
      let image: string | null = null;
      const box = request.boxes[index];
      if (kind === 'chart' && box) {
        // The dashboard's own chart module, loaded only when a chart is printed.
        const { chartPng } = await import('../../components/dashboard/widget-chart');
        const picture = widgetPictureBox(box);
        image = chartPng(chartKindOf(widget), rows, widget.title, {
          width: Math.round(mmToCssPixels(picture.width)),
          height: Math.round(mmToCssPixels(picture.height)),
          pixelRatio: request.dpi / 96,
        });
      }
      return {
        title: widget.title,
        kind,
        value: format(answer.total.metrics[0]),
        rows: rows.map((row) => ({ label: row.label, value: format(row.value) })),
        image,
      };
    }),
  );
}
