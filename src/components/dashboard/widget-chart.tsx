import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { AriaComponent, GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { ChartRow } from './widget-data';

// Only what the dashboard draws: per-chart imports keep the chunk small (docs/decisions.md#dashboards).
echarts.use([BarChart, LineChart, PieChart, GridComponent, TooltipComponent, AriaComponent, CanvasRenderer]);

let canvasWorks: boolean | undefined;
/** Whether this browser draws on a canvas at all; without one the widget's table stands alone. */
function canDraw(): boolean {
  if (canvasWorks === undefined) {
    try {
      canvasWorks = document.createElement('canvas').getContext('2d') !== null;
    } catch {
      canvasWorks = false;
    }
  }
  return canvasWorks;
}

/** The plot's margins (the grid's left and right), in pixels. */
const GRID_SIDES = 60;

/** How the bars' names fit under them: wrapped in their slot, or slanted and shortened. */
function barLabels(element: HTMLElement | null, count: number) {
  const slot = ((element?.clientWidth ?? 0) - GRID_SIDES) / Math.max(1, count);
  return slot >= 56
    ? { interval: 0, rotate: 0, width: Math.floor(slot) - 6, overflow: 'break' as const, lineHeight: 14 }
    : { interval: 0, rotate: 30, width: 72, overflow: 'truncate' as const };
}

/** The ECharts option of a widget's chart in `element` (whose width decides how bars are named). */
function chartOption(
  kind: WidgetChartProps['kind'],
  rows: readonly ChartRow[],
  label: string,
  element: HTMLElement | null,
): echarts.EChartsCoreOption {
  const labels = rows.map((row) => row.label);
  // A group the map draws in a style colour takes that colour; the others ECharts' own.
  const values = rows.map((row) =>
    row.color ? { value: row.value, itemStyle: { color: row.color } } : row.value,
  );
  return kind === 'pie'
    ? {
        aria: { enabled: true, label: { description: label } },
        tooltip: { trigger: 'item' },
        series: [
          {
            type: 'pie',
            radius: ['35%', '70%'],
            data: rows.map((row) => ({
              name: row.label,
              value: row.value,
              ...(row.color ? { itemStyle: { color: row.color } } : {}),
            })),
          },
        ],
      }
    : {
        aria: { enabled: true, label: { description: label } },
        tooltip: { trigger: 'axis' },
        grid: { left: 48, right: GRID_SIDES - 48, top: 12, bottom: 48 },
        xAxis: {
          type: 'category',
          data: labels,
          // Every bar is named: on as many lines as its slot needs where the slot is wide enough,
          // slanted and shortened where bars crowd (the tooltip and the table give the whole
          // name). A time line names as many dates as fit.
          axisLabel:
            kind === 'bar' ? barLabels(element, labels.length) : { rotate: labels.length > 6 ? 45 : 0 },
        },
        yAxis: { type: 'value' },
        series: [{ type: kind, data: values }],
      };
}

/**
 * The chart drawn off-screen at `width` × `height` CSS pixels and `pixelRatio`, as a PNG data URL
 * (the print sheet's picture of a widget); null where the browser cannot draw on a canvas.
 */
export function chartPng(
  kind: WidgetChartProps['kind'],
  rows: readonly ChartRow[],
  label: string,
  size: { width: number; height: number; pixelRatio: number },
): string | null {
  if (!canDraw()) return null;
  const element = document.createElement('div');
  element.style.cssText = `position:fixed;left:-10000px;top:0;width:${size.width}px;height:${size.height}px`;
  document.body.appendChild(element);
  try {
    const instance = echarts.init(element, undefined, {
      renderer: 'canvas',
      width: size.width,
      height: size.height,
      devicePixelRatio: size.pixelRatio,
    });
    // No animation: the picture is taken at once, of the chart as finally drawn.
    instance.setOption({ ...chartOption(kind, rows, label, element), animation: false }, true);
    const png = instance.getDataURL({ type: 'png', pixelRatio: size.pixelRatio, backgroundColor: '#ffffff' });
    instance.dispose();
    return png;
  } finally {
    element.remove();
  }
}

export interface WidgetChartProps {
  kind: 'bar' | 'pie' | 'line';
  rows: readonly ChartRow[];
  /** Accessible name of the canvas (the table beside it carries the numbers). */
  label: string;
  onPick?: (row: ChartRow) => void;
  /** Receives a function that returns the chart as a PNG data URL. */
  onReady?: (toPng: (() => string) | null) => void;
}

/** One ECharts canvas; the module is loaded lazily, only by screens that show charts. */
export default function WidgetChart({ kind, rows, label, onPick, onReady }: WidgetChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const pick = useRef(onPick);
  /** How many bars the chart draws (null for a pie or a line), to fit their names on a resize. */
  const bars = useRef<number | null>(null);
  useEffect(() => {
    pick.current = onPick;
  });

  useEffect(() => {
    if (!element.current || !canDraw()) return undefined;
    const instance = echarts.init(element.current, undefined, { renderer: 'canvas' });
    chart.current = instance;
    onReady?.(() => instance.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#ffffff' }));
    // The chart follows its box; where ResizeObserver is missing (older browsers, jsdom), the window.
    const fit = () => {
      instance.resize();
      if (bars.current !== null)
        instance.setOption({ xAxis: { axisLabel: barLabels(element.current, bars.current) } });
    };
    const resize = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(fit);
    if (resize) resize.observe(element.current);
    else window.addEventListener('resize', fit);
    return () => {
      if (resize) resize.disconnect();
      else window.removeEventListener('resize', fit);
      onReady?.(null);
      instance.dispose();
      chart.current = null;
    };
    // The instance lives as long as the element; data changes go through setOption below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    instance.off('click');
    instance.on('click', (event) => {
      const row = rows[event.dataIndex];
      if (row) pick.current?.(row);
    });
    bars.current = kind === 'bar' ? rows.length : null;
    instance.setOption(chartOption(kind, rows, label, element.current), true);
  }, [kind, rows, label]);

  return <div ref={element} className="widget-chart" role="img" aria-label={label} />;
}
