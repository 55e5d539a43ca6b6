import type { Aggregation, LayerStyle, Widget } from '@generated/model';
import { chartRows, styleColor, styleLabel, type ChartRow } from './widget-data';

/** The chart a widget draws: a time series as a line, a category as its chosen chart, else bars. */
export function chartKindOf(widget: Widget): Widget['chart'] | 'line' {
  return widget.kind === 'time' ? 'line' : widget.kind === 'category' ? widget.chart : 'bar';
}

/**
 * A widget's rows (chartRows) with the legend's colour and name for each group, so the chart
 * reads like the map, on screen and on the printed sheet alike.
 */
export function widgetRows(
  aggregation: Aggregation,
  widget: Widget,
  style: LayerStyle | undefined,
  words: { none: string; other: string },
  format: (n: number) => string,
): ChartRow[] {
  const groupBy = widget.group_by;
  return chartRows(
    aggregation,
    words,
    format,
    groupBy && 'interval' in groupBy ? groupBy.interval : undefined,
  ).map((row) => {
    if (!row.group) return row;
    const color = styleColor(style, groupBy, row.group.key);
    const label = styleLabel(style, groupBy, row.group.key) ?? row.label;
    return color ? { ...row, label, color } : { ...row, label };
  });
}
